// gcenter's flag combinations that CLI11 cannot express, refused before any
// work (lib/pipeline/run_center.hpp runs what passes).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "lib/pipeline/center_request.hpp"
#include "lib/pipeline/center_rows.hpp"
#include "lib/util/error.hpp"
#include "lib/util/output_check.hpp"

namespace gdist {

// Flag combinations CLI11 cannot express, refused before any work.
inline void CheckCenterFlags(const CLI::App& app, const CenterRequest& req) {
  if (!req.curve.empty() && (req.p_median.size() > 1) == (req.p_center.size() > 1))
    throw Error(
        "--curve: plots one sweep; expected several values in either --p-median or --p-center "
        "(e.g. --p-median 5,10,20)");
  if (req.p && req.max_cover < 0 && req.backup_cover < 0)
    throw Error(
        "--p: only --max-cover takes --p (and --backup-cover); expected --max-cover R --p P or --backup-cover R "
        "--p P");
  if (!req.capacities.empty() && req.p_median.empty() && !req.facility_location)
    throw Error(
        "--capacities: applies to --p-median (the capacitated p-median) and --facility-location; expected "
        "--p-median P");
  if (req.facility_location != !req.opening_costs.empty())
    throw Error(req.facility_location ? "--facility-location: needs --opening-costs FILE ('label,cost' per candidate)"
                                      : "--opening-costs: applies to --facility-location");
  if (req.max_cover >= 0 && req.p == 0)
    throw Error("--max-cover: needs --p P (the number of new sites), expected --max-cover R --p P");
  // Flags that would be read and silently ignored.
  if (!req.pictures.coordinates.empty() && req.pictures.svg.empty() && req.geojson.empty())
    throw Error("--coordinates: places the vertices of --svg and --geojson; expected one of them too");
  if (req.metrics_options.reachable_only && !req.needs_whole_matrix())
    throw Error(
        "--reachable-only: changes the metrics (eccentricities, center, 1-median), which a siting model alone does "
        "not report; expected --metrics, --per-vertex or --eccentricities too");
  CheckOneOutputOnStdout({{"--per-vertex", req.per_vertex},
                          {"--eccentricities", req.eccentricities},
                          {"--assignment", req.assignment},
                          {"--geojson", req.geojson},
                          {"--snapped", req.snapped}},
                         req.json ? "the --json report" : "");
  if (!req.demands.empty() && req.candidates.empty())
    throw Error("--demands: the demands of a candidates x demands table; expected --candidates FILE too");
  if (!req.demands.empty() && (!req.cost_matrix.empty() || !req.places.empty()))
    throw Error(
        std::string("--demands: picks the demands of a graph file; ") +
        (req.places.empty() ? "a cost table's demands are its rows" : "with --places the places are the demands"));
  if (!req.any_siting())
    for (const char* flag :
         {"--assignment", "--weights", "--candidates", "--demands", "--fixed", "--direction", "--exact", "--time-limit",
          "--seed", "--cost-matrix", "--places", "--candidate-places", "--snapped"})
      if (app.count(flag))
        throw Error(std::string(flag) +
                    ": applies to a siting model; expected one of --p-median, --p-center, --cover, --max-cover");
}

// --cost-matrix: a cost table answers siting only, and its costs are read as they stand.
inline void CheckCostMatrixFlags(const CLI::App& app, const CenterRequest& req) {
  CheckCostMatrixRequest(req);
  for (const char* flag : {"--direction", "--engine", "--largest-component", "--centrality", "--from", "--type",
                           "--duplicates", "--undirected"})
    if (app.get_option_no_throw(flag) && app.count(flag))
      throw Error(std::string(flag) +
                  ": applies to graph and matrix inputs; a cost table's costs are read as they stand (each "
                  "from a facility of its header to a demand of its first column)");
}

}  // namespace gdist
