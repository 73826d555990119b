// gpath DIST --from U [--to V]: shortest routes from a distance matrix written
// by `gapsp --paths` (its next-hop section), a graph file or a .gch (a
// contraction-hierarchy query), or distances from a rows file (gapsp --sources).
#include <iostream>
#include <sstream>

#include "apps/common/app_main.hpp"
#include "apps/common/osm_flags.hpp"
#include "apps/common/snap_flag.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/paths/route.hpp"
#include "lib/pipeline/matrix_route.hpp"
#include "lib/pipeline/place_attach.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/route_map.hpp"
#include "lib/pipeline/route_report.hpp"
#include "lib/pipeline/run_voice.hpp"
#include "lib/road/ch_route.hpp"
#include "lib/road/phast.hpp"
#include "lib/util/csv_field.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/output_check.hpp"

namespace {

std::size_t Vertex(const gdist::VertexLabels& labels, const std::string& label, const std::string& flag) {
  auto v = labels.find(label);
  if (!v) throw gdist::Error(flag + ": no vertex labelled " + gdist::Quoted(label) + " in the matrix");
  return *v;
}

// No path (exit 1): a line on stderr, and with --json the answer on stdout too ("length": null).
int PrintNoPath(const gdist::VertexLabels& labels, std::size_t from, std::size_t to, bool json) {
  if (json) std::cout << gdist::NoPathJson(labels, from, to);
  std::cerr << "gpath: no path from " << gdist::TerminalText(labels.label(from)) << " to "
            << gdist::TerminalText(labels.label(to)) << "\n";
  return gdist::kExitCheckFailed;
}

// What a route on a graph file is asked for: its ends (vertex labels, or
// place names with --places) and where its map goes.
struct GraphRouteFlags {
  std::string from, to;
  bool json = false;
  std::string geojson;                               // the route's map (GeoJSON); empty: none
  std::string places;                                // --from and --to name places of this CSV
  double max_snap_m = gdist::kDefaultMaxSnapMetres;  // places farther from the network are refused
  gdist::SnapMode snap = gdist::SnapMode::kArc;      // places onto arcs (split there) or their nearest vertex
  std::string osm_weight;                            // --weight: length (empty) or time
};

// A graph file or a saved hierarchy: a bidirectional CH query, shortcuts
// unpacked into the graph's arcs; without --to, the tree from --from (PHAST).
int GraphRoutes(const std::string& in, const gdist::InputOptions& input, const GraphRouteFlags& flags) {
  std::optional<gdist::PlacesFile> places;
  std::vector<gdist::PlaceSnap> snaps;
  std::vector<gdist::LonLat> lon_lat;
  if (!flags.places.empty()) places = gdist::ReadPlaces(flags.places, input.read.limits);
  // Places on arcs are vertices added to the graph before it is contracted; a saved hierarchy
  // keeps no arcs' geometry, so there they snap to the nearest vertex.
  const bool on_arcs = places && flags.snap == gdist::SnapMode::kArc && !gdist::IsHierarchyInput(in);
  gdist::InputOptions read = input;
  read.read.keep_arc_shapes = on_arcs;
  const gdist::LoadedHierarchy loaded = gdist::LoadHierarchy(in, read, 0, [&](gdist::Graph& g) {
    if (!on_arcs) return;
    lon_lat = gdist::VertexLonLat(g, in);
    snaps = gdist::AttachPlaces(&g, &lon_lat, {&*places}, gdist::SnapMode::kArc, flags.max_snap_m).at(0);
  });
  if (places && !on_arcs && flags.snap == gdist::SnapMode::kArc)
    gdist::RunVoice{"gpath"}.Note(in +
                                  ": a saved hierarchy keeps no arcs' geometry: places snap to the nearest vertex");
  return std::visit(
      [&](const auto& ch) -> int {
        using W = std::decay_t<decltype(ch.up.weights[0])>;
        const gdist::VertexLabels& labels = ch.labels;
        if ((!flags.geojson.empty() || places) && lon_lat.empty())
          lon_lat = gdist::VertexLonLat(loaded.lon_lat, labels, in);
        if (places && !on_arcs) snaps = gdist::SnapPlaces(lon_lat, *places, flags.max_snap_m);
        if (places) gdist::RunVoice{"gpath"}.Note(gdist::SnapSummary(*places, snaps));
        gdist::RoutePlace from_end, to_end;
        const std::uint32_t u =
            gdist::RouteEndVertex(flags.from, labels, places ? &*places : nullptr, &snaps, "--from", &from_end);
        if (flags.to.empty()) {
          std::vector<W> dist(ch.n);
          gdist::PhastTrees<W>(ch).Tree(u, dist.data());
          std::ostringstream out;
          out << "target,distance\n";
          for (std::size_t t = 0; t < ch.n; ++t) {
            out << gdist::CsvField(labels.label(t)) << ',';
            if (dist[t] < gdist::ElementTraits<W>::kInf) out << gdist::ExactText(dist[t]);
            out << '\n';
          }
          std::cout << out.str();
          return gdist::kExitOk;
        }
        const std::uint32_t v =
            gdist::RouteEndVertex(flags.to, labels, places ? &*places : nullptr, &snaps, "--to", &to_end);
        gdist::ChRouter<W> router(ch);
        const gdist::ChRoute<W> r = router.Route(u, v);
        if (r.vertices.empty()) return PrintNoPath(labels, u, v, flags.json);
        const std::vector<W> weights = gdist::RouteArcWeights(ch, r.vertices);
        // The distance's unit, for the map's legend: an OpenStreetMap graph (coordinates of its own) weighs
        // metres or seconds; another graph, whatever its file says.
        const std::string kind = loaded.lon_lat.empty()     ? "weight"
                                 : flags.osm_weight.empty() ? "length"
                                                            : flags.osm_weight;
        if (!flags.geojson.empty())
          gdist::WriteGeoJson(flags.geojson, gdist::RouteFeatures(lon_lat, labels, r.vertices, double(r.distance), kind,
                                                                  from_end, to_end));
        std::cout << gdist::RouteText(labels, r.vertices, weights, r.distance, flags.json);
        return gdist::kExitOk;
      },
      loaded.hierarchy);
}

// A route of a matrix file with next hops and coordinates (an OpenStreetMap
// graph's matrix): its ends may be places, snapped to the nearest vertex (a
// matrix keeps no arcs' geometry), and the route is also written as GeoJSON.
int MatrixRouteMap(const gdist::MappedMatrixFile& file, const GraphRouteFlags& flags) {
  const gdist::VertexLabels& labels = file.info().meta.labels;
  const std::vector<gdist::LonLat>& lon_lat = file.info().meta.lon_lat;
  std::optional<gdist::PlacesFile> places;
  std::vector<gdist::PlaceSnap> snaps;
  if (!flags.places.empty()) {
    places = gdist::ReadPlaces(flags.places);
    snaps = gdist::SnapPlaces(lon_lat, *places, flags.max_snap_m);
    const gdist::RunVoice voice{"gpath"};
    if (flags.snap == gdist::SnapMode::kArc)
      voice.Note(file.path() + ": a matrix file keeps no arcs' geometry: places snap to the nearest vertex");
    voice.Note(gdist::SnapSummary(*places, snaps));
  }
  gdist::RoutePlace from_end, to_end;
  const std::uint32_t u =
      gdist::RouteEndVertex(flags.from, labels, places ? &*places : nullptr, &snaps, "--from", &from_end);
  std::optional<std::size_t> v;  // none: the tree from --from (CSV)
  if (!flags.to.empty())
    v = gdist::RouteEndVertex(flags.to, labels, places ? &*places : nullptr, &snaps, "--to", &to_end);
  const gdist::MatrixPathAnswer answer = gdist::MatrixFilePath(file, u, v, flags.json);
  if (answer.no_path) return PrintNoPath(labels, u, *v, flags.json);
  if (!flags.geojson.empty())
    gdist::WriteGeoJson(flags.geojson,
                        gdist::RouteFeatures(lon_lat, labels, answer.route, answer.length, "weight", from_end, to_end));
  std::cout << answer.text;
  return gdist::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Shortest routes from a distance matrix written by 'gapsp --paths', or from a graph file or a\n"
      "saved road hierarchy (gconvert --to ch) by a contraction-hierarchy query; distances from a rows\n"
      "file written by 'gapsp --sources'.",
      "gpath"};
  std::string in, duplicates, largest_component;
  bool undirected = false;
  GraphRouteFlags route;
  app.add_option("DIST", in,
                 "distance matrix file with a next-hop section, a graph file (contracted first), a .gch, or a\n"
                 "rows file of gapsp --sources (distances from its sources, no routes)")
      ->required();
  app.add_flag("--undirected", undirected, "graph files: every edge stands for both arcs");
  app.add_option("--duplicates", duplicates, "graph files: parallel arcs, min (default) or last")
      ->check(CLI::IsMember({"min", "last"}));
  gdist::OsmFlags osm;
  osm.Add(app);
  app.add_option("--largest-component", largest_component,
                 "graph files: keep only the largest strong or weak component (places then snap to it)")
      ->check(CLI::IsMember({"strong", "weak"}));
  app.add_option("--from", route.from, "source vertex (input label; with --places, a place name)")->required();
  app.add_option("--to", route.to, "target vertex; without it, the shortest-path tree from --from as CSV");
  app.add_flag("--json", route.json, "machine-readable route");
  app.add_option("--geojson", route.geojson,
                 "inputs with coordinates (OpenStreetMap, a .gr with a .co, a matrix of an OpenStreetMap graph\n"
                 "written with --paths): also write the route as GeoJSON (RFC 7946) to FILE, a LineString with\n"
                 "from, to, distance, weight and arcs");
  app.add_option("--places", route.places,
                 "inputs with coordinates: --from and --to name places of FILE (CSV: name, lat, lon),\n"
                 "each snapped to the nearest point of the network (--snap; docs/FORMATS-INPUT.md; a matrix\n"
                 "file: the nearest vertex)");
  app.add_option("--max-snap", route.max_snap_m, "with --places: refuse places farther than METRES from the network")
      ->check(gdist::Metres())
      ->capture_default_str();
  gdist::AddSnapFlag(app, route.snap);
  app.footer(
      "EXIT STATUS: 0 route printed, 1 no path exists, 2 bad input or label.\n"
      "EXAMPLES:\n  gapsp rome99.gr dist.gdm --paths\n  gpath dist.gdm --from 1 --to 3353\n"
      "  gpath dist.gdm --from 1 > tree.csv\n"
      "  gpath NY.gch --from 1 --to 264346      # a road graph's route, no matrix (gconvert --to ch)\n"
      "  gpath rows.gdm --from 5 --to 3353      # the distance from a source of gapsp --sources\n"
      "  gpath andorra.osm.pbf --from 52073542 --to 625180385 --weight time   # OSM node ids\n"
      "  gpath monaco.osm.gz --places p.csv --from Casino --to Port --geojson route.geojson");
  return gdist::RunApp(app, argc, argv, [&]() -> int {
    osm.RefuseUnlessOsm(in, gdist::InputFormat::kAuto);
    for (const char* flag : {"--max-snap", "--snap"})
      if (app.count(flag) && route.places.empty()) throw gdist::Error(std::string(flag) + " needs --places");
    if (route.json && route.to.empty())
      throw gdist::Error("--json prints one route as JSON: give --to (the tree from --from is a CSV table)");
    if (!route.geojson.empty() && route.to.empty())
      throw gdist::Error("--geojson maps one route: give --to (the tree from --from is a CSV table)");
    gdist::CheckOutputPaths({{"--geojson", route.geojson}}, {{"DIST", in}, {"--places", route.places}});
    if (!gdist::IsMatrixFile(in)) {
      gdist::InputOptions input;
      input.read.undirected = undirected;
      osm.Apply(&input.read);
      if (!largest_component.empty())
        input.largest_component =
            largest_component == "weak" ? gdist::ComponentKind::kWeak : gdist::ComponentKind::kStrong;
      if (!duplicates.empty()) {
        gdist::DuplicatePolicy p;
        gdist::ParseDuplicatePolicy(duplicates, &p);
        input.duplicates = p;
      }
      route.osm_weight = osm.weight;
      return GraphRoutes(in, input, route);
    }
    if (!largest_component.empty())
      throw gdist::Error(in + ": a matrix file; --largest-component applies to graph files");
    gdist::MappedMatrixFile file(in, /*verify_crc=*/true, /*allow_rectangular=*/true);  // rows: gapsp --sources
    const auto& labels = file.info().meta.labels;
    const bool mapped = !route.geojson.empty() || !route.places.empty();
    if (mapped && file.info().meta.lon_lat.empty())
      throw gdist::Error(in +
                         ": this matrix file keeps no coordinates; --geojson and --places need the graph "
                         "file, or a matrix written from an OpenStreetMap extract");
    if (mapped && (file.info().rectangular || !file.next_hops().data))
      throw gdist::Error(in +
                         ": keeps distances, not routes; --geojson and --places map a route: write the "
                         "matrix with --paths, or give the graph file");
    if (file.info().meta.kind != gdist::MatrixKind::kDistance)
      throw gdist::Error(in + ": is an adjacency matrix; run gapsp --paths on it first");
    if (mapped) return MatrixRouteMap(file, route);
    if (file.info().table) {  // rows: the sources; columns: the targets
      const std::size_t row = Vertex(file.info().row_labels, route.from, "--from");
      std::optional<std::size_t> column;
      if (!route.to.empty()) column = Vertex(labels, route.to, "--to");
      const gdist::MatrixPathAnswer answer = gdist::TableFilePath(file, row, column, route.json);
      if (answer.no_path)
        return PrintNoPath(gdist::TableEndLabels(file.info()), file.info().n + row, *column, route.json);
      std::cout << answer.text;
      if (!answer.note.empty()) gdist::RunVoice{"gpath"}.Note(answer.note);
      return gdist::kExitOk;
    }
    const std::size_t u = Vertex(labels, route.from, "--from");
    std::optional<std::size_t> v;
    if (!route.to.empty()) v = Vertex(labels, route.to, "--to");
    const gdist::MatrixPathAnswer answer = gdist::MatrixFilePath(file, u, v, route.json);
    if (answer.no_path) return PrintNoPath(labels, u, *v, route.json);
    std::cout << answer.text;
    if (!answer.note.empty()) gdist::RunVoice{"gpath"}.Note(answer.note);
    return gdist::kExitOk;
  });
}
