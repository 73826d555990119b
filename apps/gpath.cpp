// gpath DIST --from U [--to V]: shortest routes from a distance matrix written
// by `gapsp --paths` (its next-hop section), a graph file or a .gch (a
// contraction-hierarchy query), or distances from a rows file (gapsp --sources).
#include <iostream>

#include "apps/common/app_main.hpp"
#include "apps/common/osm_flags.hpp"
#include "apps/common/snap_flag.hpp"
#include "lib/pipeline/route_run.hpp"
#include "lib/util/output_check.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "Shortest routes from a distance matrix written by 'gapsp --paths', or from a graph file or a\n"
      "saved road hierarchy (gconvert --to ch) by a contraction-hierarchy query; distances from a rows\n"
      "file written by 'gapsp --sources'.",
      "gpath"};
  std::string in, duplicates, largest_component;
  bool undirected = false;
  gdist::RouteRequest route;
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
    route.in = in;
    route.input.read.undirected = undirected;
    osm.Apply(&route.input.read);
    if (!largest_component.empty())
      route.input.largest_component =
          largest_component == "weak" ? gdist::ComponentKind::kWeak : gdist::ComponentKind::kStrong;
    if (!duplicates.empty()) {
      gdist::DuplicatePolicy p;
      gdist::ParseDuplicatePolicy(duplicates, &p);
      route.input.duplicates = p;
    }
    route.osm_weight = osm.weight;
    const gdist::RouteResult r = gdist::RunRoute(route, gdist::RunVoice{"gpath"});
    std::cout << r.text;
    if (!r.no_path.empty()) std::cerr << "gpath: " << r.no_path << "\n";
    return r.exit_code;
  });
}
