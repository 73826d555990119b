// gcenter DIST: metrics and facility siting on a distance matrix (streamed
// from the mmapped file, never copied), or on any graph file / adjacency
// matrix (APSP computed in-process first). docs/METRICS.md, docs/SITING.md.
// The run is lib/pipeline/run_center.hpp's; this file parses the flags,
// checks their combinations and the output paths, and prints the report.
#include <iostream>

#include "apps/common/app_main.hpp"
#include "apps/common/center_flag_checks.hpp"
#include "apps/common/flag_checks.hpp"
#include "apps/common/input_flags.hpp"
#include "apps/common/picture_flags.hpp"
#include "apps/common/place_flags.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/pipeline/run_center.hpp"
#include "lib/util/output_check.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "Distance metrics (eccentricity, diameter, radius, center, 1-median, closeness, harmonic,\n"
      "path length, Wiener index, histogram) and facility siting (p-median, p-center, LSCP, MCLP).",
      "gcenter"};
  std::string backend = "auto";
  gdist::CenterRequest req;
  gdist::InputFlags flags;
  app.add_option("DIST", req.in, "distance matrix from gapsp, or any graph/adjacency file (APSP runs first)");
  app.add_flag("--json", req.json, "machine-readable output");
  app.add_option("--per-vertex", req.per_vertex,
                 "write vertex,eccentricity,total,unreachable,closeness,harmonic CSV to FILE ('-': stdout)");
  app.add_option("--eccentricities", req.eccentricities,
                 "write vertex,eccentricity CSV to FILE (.jsonl: JSON lines; '-': stdout); on a connected graph\n"
                 "with integer weights the sparse engine bounds them instead of a tree from every vertex");
  app.add_flag("--reachable-only", req.metrics_options.reachable_only,
               "eccentricity over reachable vertices only (igraph's convention). Default: an unreachable vertex\n"
               "makes the eccentricity infinite; when the radius is infinite (no vertex reaches all: not strongly\n"
               "connected) the center is undefined, when the diameter is, the periphery (null in JSON, with\n"
               "undefined_reason); this flag or --largest-component defines them");
  app.add_option("-j,--threads", req.metrics_options.threads, "threads (0 = all cores)")->check(gdist::ThreadCount());
  app.add_option("--backend", backend,
                 "where the work runs: the metrics, the siting models' row passes, and the APSP when\n"
                 "DIST is a graph (auto: the GPU when present and the problem is large enough to pay)")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  flags.Add(app);
  std::string engine = "auto";
  app.add_option("--engine", engine,
                 "graph inputs: dense (matrix + APSP), sparse (shortest-path trees, no matrix: big sparse\n"
                 "graphs; docs/SPARSE.md), ch (with --candidates: PHAST trees over the road hierarchy; a .gch\n"
                 "input implies it; docs/ROAD.md) or auto (sparse when the matrix would not fit or trees are cheaper)")
      ->check(CLI::IsMember({"auto", "dense", "sparse", "ch"}))
      ->capture_default_str();
  app.add_option("--largest-component", req.largest_component,
                 "graph inputs: keep only the largest strong or weak component (labels kept)")
      ->check(CLI::IsMember({"strong", "weak"}));
  app.add_flag("--centrality", req.centrality,
               "sparse engine: also closeness, harmonic, path length, Wiener index and histogram\n"
               "(a tree from every vertex; the dense engine always computes them)");

  const std::string siting = "Siting (docs/SITING.md)";
  app.add_option("--p-median", req.p_median,
                 "P new sites minimising total weighted distance; a list (5,10,20) solves each P: a sweep")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->check(gdist::SiteCount())
      ->group(siting);
  app.add_option("--p-center", req.p_center, "P new sites minimising the largest distance; a list: a sweep")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->check(gdist::SiteCount())
      ->group(siting);
  app.add_option("--curve", req.curve, "plot a sweep's objective against p to FILE (SVG)")->group(siting);
  app.add_option("--cover", req.cover, "fewest sites with every demand within R (LSCP)")
      ->check(gdist::Radius())
      ->group(siting);
  app.add_option("--max-cover", req.max_cover, "P sites (--p) covering the most demand weight within R (MCLP)")
      ->check(gdist::Radius())
      ->group(siting);
  app.add_option("--p-dispersion", req.p_dispersion,
                 "P new sites as far apart as possible: maximise the smallest distance between two sites")
      ->check(gdist::SiteCount())
      ->group(siting);
  app.add_option("--backup-cover", req.backup_cover,
                 "P sites (--p; without it the fewest that cover, as --cover finds) covering every demand\n"
                 "within R, the most demand weight twice (LSCP-B; CBC)")
      ->check(gdist::Radius())
      ->group(siting);
  app.add_option("--p", req.p, "number of new sites for --max-cover and --backup-cover")
      ->check(gdist::SiteCount())
      ->group(siting);
  app.add_option("--capacities", req.capacities,
                 "with --p-median: site capacities, 'label,capacity' per line (unlisted: 0); each demand is\n"
                 "served whole by one site, its --weights the load (single-source capacitated p-median; CBC)")
      ->group(siting);
  app.add_flag("--facility-location", req.facility_location,
               "open any number of sites minimising opening costs (--opening-costs) plus total weighted\n"
               "distance (fixed-charge location: own dual-ascent branch and bound; with --capacities\n"
               "single-source capacitated, CBC)")
      ->group(siting);
  app.add_option("--opening-costs", req.opening_costs, "with --facility-location: 'label,cost' per candidate")
      ->group(siting);
  app.add_option("--weights", req.weights, "demand weights, 'label,weight' per line (unlisted: 0)")->group(siting);
  app.add_option("--candidates", req.candidates, "vertices that may host a site, one label per line")->group(siting);
  app.add_option("--fixed", req.fixed, "sites that exist already, one label per line")->group(siting);
  app.add_option("--demands", req.demands,
                 "with --candidates on a graph: only these vertices are demands, one label per line (the\n"
                 "candidates x demands table: the road hierarchy's for a .gch or --engine ch, else trees)")
      ->group(siting);
  gdist::AddPlaceFlags(app, req);
  app.add_option("--cost-matrix", req.cost_matrix,
                 "site on a demand x facility cost table instead of DIST: CSV or TSV, a header row of facility\n"
                 "names, then a demand name and its costs per row (empty or inf: cannot serve)")
      ->group(siting);
  app.add_option("--direction", req.direction,
                 "directed graphs: out = facility -> demand (default), in = demand -> facility")
      ->check(CLI::IsMember({"out", "in"}))
      ->group(siting);
  app.add_option("--assignment", req.assignment, "write model,demand,weight,site,distance CSV to FILE")->group(siting);
  app.add_flag("--exact", req.siting.exact,
               "prove the answer optimal (branch and bound; with --gap or --time-limit: the gap proven so far)")
      ->group(siting);
  app.add_option("--gap", req.siting.gap, "with --exact: stop once the proven relative gap is at most G (0.001 = 0.1%)")
      ->check(gdist::GapFraction())
      ->group(siting);
  auto* time_limit =
      app.add_option("--time-limit", req.siting.time_limit_s,
                     "seconds for each model's improvement phase and bound; with --exact, for the whole proof.\n"
                     "Default: no clock: the searches and bounds stop on counts (rounds, iterations, nodes), so the\n"
                     "same command gives the same answer on any machine and load (the seed fixes the rest)")
          ->check(gdist::Seconds())
          ->group(siting);
  app.add_flag_callback(
         "--no-bounds", [&req] { req.siting.bounds = false; }, "skip the lower bounds of the heuristic answers")
      ->group(siting);
  app.add_option("--seed", req.siting.seed, "random seed of the heuristics")
      ->check(gdist::SeedValue())
      ->capture_default_str()
      ->group(siting);
  app.add_flag("--metrics", req.metrics, "print the metrics too when a siting model is asked for")->group(siting);
  gdist::AddPictureFlags(app, req.pictures, "Pictures (SVG)");
  app.footer(
      "EXAMPLES:\n  gcenter dist.gdm\n  gcenter dist.gdm --json --per-vertex ecc.csv\n"
      "  gcenter rome99.gr                    # APSP in-process\n"
      "  gcenter dist.gdm --p-median 10 --weights pop.csv --assignment assign.csv\n"
      "  gcenter dist.gdm --p-center 5 --fixed stations.txt --json\n"
      "  gcenter dist.gdm --max-cover 5000 --p 8 --candidates sites.txt\n"
      "  gcenter rome99.gr --p-median 10 --svg map.svg --histogram hist.svg\n"
      "  gcenter dist.gdm --p-median 5,10,20 --curve curve.svg   # a sweep: table, JSON array, plot\n"
      "  gcenter --cost-matrix costs.csv --p-median 3 --assignment a.csv   # demand x facility costs\n"
      "  gcenter andorra.osm.pbf --places clinics.csv --p-median 5 --geojson sites.geojson\n"
      "EXIT STATUS: 0 done, 2 bad input or flags, 3 out of memory mid-run, 4 internal error (docs/CLI.md).");
  return gdist::RunApp(app, argc, argv, [&]() -> int {
    const std::string& in = req.in;
    if (in.empty() == req.cost_matrix.empty())
      throw gdist::Error(in.empty() ? "DIST (a matrix or graph file) or --cost-matrix FILE is required"
                                    : "expected DIST or --cost-matrix FILE, not both");
    gdist::CheckPictureFlags(app, req.pictures, req.curve);
    gdist::CheckCenterFlags(app, req);
    gdist::CheckPlaceFlags(app, req);
    gdist::ActiveCpuIsa();  // an unknown GDIST_CPU_ISA is refused before any work
    gdist::ParseBackend(backend, &req.backend);
    gdist::ParseEngine(engine, &req.engine);
    req.engine_given = app.count("--engine") > 0;
    req.metrics_options.backend = req.backend;
    if (req.siting.gap > 0 && !req.siting.exact) throw gdist::Error("--gap needs --exact");
    // --exact runs until proven unless a time limit is given; then it bounds the whole model.
    if (req.siting.exact && time_limit->count()) req.siting.proof_time_limit_s = req.siting.time_limit_s;
    flags.RefuseOsmFlagsUnlessOsm(in);
    req.input = flags.Options();
    const std::optional<std::string> coordinates = in.empty() ? std::nullopt : gdist::CoordinatesFor(req.pictures, in);
    gdist::CheckOutputPaths({{"--per-vertex", req.per_vertex},
                             {"--eccentricities", req.eccentricities},
                             {"--assignment", req.assignment},
                             {"--svg", req.pictures.svg},
                             {"--histogram", req.pictures.histogram},
                             {"--curve", req.curve},
                             {"--geojson", req.geojson},
                             {"--snapped", req.snapped}},
                            {{"DIST", in},
                             {"--weights", req.weights},
                             {"--candidates", req.candidates},
                             {"--demands", req.demands},
                             {"--fixed", req.fixed},
                             {"--coordinates", coordinates.value_or("")},
                             {"--cost-matrix", req.cost_matrix},
                             {"--capacities", req.capacities},
                             {"--opening-costs", req.opening_costs},
                             {"--places", req.places},
                             {"--candidate-places", req.candidate_places}});
    if (!req.cost_matrix.empty()) gdist::CheckCostMatrixFlags(app, req);
    const std::string report = gdist::RunCenter(req, gdist::RunVoice{app.get_name()}).report;
    // The text report names labels as they are: control characters escaped for the terminal (JSON escapes its own).
    std::cout << (req.json ? report : gdist::TerminalText(report)) << std::flush;
    return gdist::kExitOk;
  });
}
