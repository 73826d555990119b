#include "lib/pipeline/route_run.hpp"

#include <optional>
#include <sstream>
#include <variant>
#include <vector>

#include "formats/places_csv.hpp"
#include "formats/token_parse.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/pictures/geojson.hpp"
#include "lib/pipeline/matrix_route.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/route_map.hpp"
#include "lib/pipeline/route_report.hpp"
#include "lib/road/ch_route.hpp"
#include "lib/road/phast.hpp"
#include "lib/util/csv_field.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"
#include "lib/util/terminal_text.hpp"

namespace gdist {

namespace {

std::size_t Vertex(const VertexLabels& labels, const std::string& label, const std::string& flag) {
  auto v = labels.find(label);
  if (!v) throw Error(flag + ": no vertex labelled " + Quoted(label) + " in the matrix");
  return *v;
}

// No path (exit 1): a line for stderr, and with --json the answer on stdout too ("length": null).
int NoPath(RouteResult* result, const VertexLabels& labels, std::size_t from, std::size_t to, bool json) {
  if (json) result->text += NoPathJson(labels, from, to);
  result->no_path = "no path from " + TerminalText(labels.label(from)) + " to " + TerminalText(labels.label(to));
  return kExitCheckFailed;
}

// A graph file or a saved hierarchy: a bidirectional CH query, shortcuts
// unpacked into the graph's arcs; without --to, the tree from --from (PHAST).
int GraphRoutes(const RouteRequest& flags, const RunVoice& voice, RouteResult* result) {
  const std::string& in = flags.in;
  const InputOptions& input = flags.input;
  std::optional<PlacesFile> places;
  std::vector<PlaceSnap> snaps;
  std::vector<LonLat> lon_lat;
  if (!flags.places.empty()) places = ReadPlaces(flags.places, input.read.limits);
  // Places on arcs are vertices added to the graph before it is contracted; a saved hierarchy
  // keeps no arcs' geometry, so there they snap to the nearest vertex.
  const bool on_arcs = places && flags.snap == SnapMode::kArc && !IsHierarchyInput(in);
  InputOptions read = input;
  read.read.keep_arc_shapes = on_arcs;
  const LoadedHierarchy loaded = LoadHierarchy(in, read, 0, [&](Graph& g) {
    if (!on_arcs) return;
    lon_lat = VertexLonLat(g, in);
    snaps = AttachPlaces(&g, &lon_lat, {&*places}, SnapMode::kArc, flags.max_snap_m).at(0);
  });
  if (places && !on_arcs && flags.snap == SnapMode::kArc)
    voice.Note(in + ": a saved hierarchy keeps no arcs' geometry: places snap to the nearest vertex");
  return std::visit(
      [&](const auto& ch) -> int {
        using W = std::decay_t<decltype(ch.up.weights[0])>;
        const VertexLabels& labels = ch.labels;
        if ((!flags.geojson.empty() || places) && lon_lat.empty()) lon_lat = VertexLonLat(loaded.lon_lat, labels, in);
        if (places && !on_arcs) snaps = SnapPlaces(lon_lat, *places, flags.max_snap_m);
        if (places) voice.Note(SnapSummary(*places, snaps));
        RoutePlace from_end, to_end;
        const std::uint32_t u = RouteEndVertex(flags.from, labels, places ? &*places : nullptr, &snaps,
                                               OptionText(Option::kFrom), &from_end);
        if (flags.to.empty()) {
          std::vector<W> dist(ch.n);
          PhastTrees<W>(ch).Tree(u, dist.data());
          std::ostringstream out;
          out << "target,distance\n";
          for (std::size_t t = 0; t < ch.n; ++t) {
            out << CsvField(labels.label(t)) << ',';
            if (dist[t] < ElementTraits<W>::kInf) out << ExactText(dist[t]);
            out << '\n';
          }
          result->text += out.str();
          return kExitOk;
        }
        const std::uint32_t v =
            RouteEndVertex(flags.to, labels, places ? &*places : nullptr, &snaps, OptionText(Option::kTo), &to_end);
        ChRouter<W> router(ch);
        const ChRoute<W> r = router.Route(u, v);
        if (r.vertices.empty()) return NoPath(result, labels, u, v, flags.json);
        const std::vector<W> weights = RouteArcWeights(ch, r.vertices);
        // The distance's unit, for the map's legend: an OpenStreetMap graph (coordinates of its own) weighs
        // metres or seconds; another graph, whatever its file says.
        const std::string kind = loaded.lon_lat.empty()     ? "weight"
                                 : flags.osm_weight.empty() ? "length"
                                                            : flags.osm_weight;
        if (!flags.geojson.empty())
          WriteGeoJson(flags.geojson,
                       RouteFeatures(lon_lat, labels, r.vertices, double(r.distance), kind, from_end, to_end));
        result->text += RouteText(labels, r.vertices, weights, r.distance, flags.json);
        return kExitOk;
      },
      loaded.hierarchy);
}

// A route of a matrix file with next hops and coordinates (an OpenStreetMap
// graph's matrix): its ends may be places, snapped to the nearest vertex (a
// matrix keeps no arcs' geometry), and the route is also written as GeoJSON.
int MatrixRouteMap(const MappedMatrixFile& file, const RouteRequest& flags, const RunVoice& voice,
                   RouteResult* result) {
  const VertexLabels& labels = file.info().meta.labels;
  const std::vector<LonLat>& lon_lat = file.info().meta.lon_lat;
  std::optional<PlacesFile> places;
  std::vector<PlaceSnap> snaps;
  if (!flags.places.empty()) {
    places = ReadPlaces(flags.places);
    snaps = SnapPlaces(lon_lat, *places, flags.max_snap_m);
    if (flags.snap == SnapMode::kArc)
      voice.Note(file.path() + ": a matrix file keeps no arcs' geometry: places snap to the nearest vertex");
    voice.Note(SnapSummary(*places, snaps));
  }
  RoutePlace from_end, to_end;
  const std::uint32_t u =
      RouteEndVertex(flags.from, labels, places ? &*places : nullptr, &snaps, OptionText(Option::kFrom), &from_end);
  std::optional<std::size_t> v;  // none: the tree from --from (CSV)
  if (!flags.to.empty())
    v = RouteEndVertex(flags.to, labels, places ? &*places : nullptr, &snaps, OptionText(Option::kTo), &to_end);
  const MatrixPathAnswer answer = MatrixFilePath(file, u, v, flags.json);
  if (answer.no_path) return NoPath(result, labels, u, *v, flags.json);
  if (!flags.geojson.empty())
    WriteGeoJson(flags.geojson,
                 RouteFeatures(lon_lat, labels, answer.route, answer.length, "weight", from_end, to_end));
  result->text += answer.text;
  return kExitOk;
}

int MatrixRoutes(const RouteRequest& req, const RunVoice& voice, RouteResult* result) {
  const std::string& in = req.in;
  if (req.input.largest_component)
    throw Error(in + ": a matrix file; " + OptionText(Option::kLargestComponent) + " applies to graph files");
  MappedMatrixFile file(in, /*verify_crc=*/true, /*allow_rectangular=*/true);  // rows: gapsp --sources
  const auto& labels = file.info().meta.labels;
  const bool mapped = !req.geojson.empty() || !req.places.empty();
  const std::string maps = OptionText(Option::kGeoJson) + " and " + OptionText(Option::kPlaces);
  if (mapped && file.info().meta.lon_lat.empty())
    throw Error(in + ": this matrix file keeps no coordinates; " + maps +
                " need the graph file, or a matrix written from an OpenStreetMap extract");
  if (mapped && (file.info().rectangular || !file.next_hops().data))
    throw Error(in + ": keeps distances, not routes; " + maps + " map a route: write the matrix with " +
                OptionText(Option::kPaths) + ", or give the graph file");
  if (file.info().meta.kind != MatrixKind::kDistance)
    throw Error(in + ": is an adjacency matrix; compute its distances with " + OptionText(Option::kPaths) + " first");
  if (mapped) return MatrixRouteMap(file, req, voice, result);
  if (file.info().table) {  // rows: the sources; columns: the targets
    const std::size_t row = Vertex(file.info().row_labels, req.from, OptionText(Option::kFrom));
    std::optional<std::size_t> column;
    if (!req.to.empty()) column = Vertex(labels, req.to, OptionText(Option::kTo));
    const MatrixPathAnswer answer = TableFilePath(file, row, column, req.json);
    if (answer.no_path) return NoPath(result, TableEndLabels(file.info()), file.info().n + row, *column, req.json);
    result->text += answer.text;
    if (!answer.note.empty()) voice.Note(answer.note);
    return kExitOk;
  }
  const std::size_t u = Vertex(labels, req.from, OptionText(Option::kFrom));
  std::optional<std::size_t> v;
  if (!req.to.empty()) v = Vertex(labels, req.to, OptionText(Option::kTo));
  const MatrixPathAnswer answer = MatrixFilePath(file, u, v, req.json);
  if (answer.no_path) return NoPath(result, labels, u, *v, req.json);
  result->text += answer.text;
  if (!answer.note.empty()) voice.Note(answer.note);
  return kExitOk;
}

}  // namespace

RouteResult RunRoute(const RouteRequest& request, const RunVoice& voice) {
  RouteResult result;
  result.exit_code =
      IsMatrixFile(request.in) ? MatrixRoutes(request, voice, &result) : GraphRoutes(request, voice, &result);
  return result;
}

}  // namespace gdist
