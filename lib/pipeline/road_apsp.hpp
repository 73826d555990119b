// gapsp's run on the road hierarchy (--algorithm ch, or a .gch IN), callable
// without the app: load or contract the hierarchy, plan the run (engine
// "hierarchy", lib/plan), then write every row, the rows of some sources, or a
// sources x targets table, and report what ran. The app checks its flags and
// prints the result.
#pragma once
#include <cstddef>
#include <string>

#include "lib/core/backend.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/engine/progress.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/run_voice.hpp"
#include "lib/plan/planner.hpp"

namespace gdist {

struct HierarchyApspRequest {
  std::string in, out;
  std::string to = "gdm";  // every row: gdm, nthu, npy, npz or csv; a table: csv, npy or npz
  std::string sources;     // a vertex list: the rows of these vertices
  std::string targets;     // with sources: the k x t table
  int threads = 0;
  Backend backend = Backend::kAuto;  // gpu: the GPU sweep for rows (auto: the CPU's PHAST for now)
  bool narrow = true;                // every row as .gdm: in 16 bits when every distance fits (WriteDistances)
  RunVoice voice = {};               // the estimate line before a long run; empty: none
  bool as_float = false;             // npy, npz: float64 values, inf for no path
};

struct HierarchyApspResult {
  RunPlan plan;
  ApspReport report;
  std::size_t n = 0, rows = 0;  // rows: the sources' count (0: every row)
  bool from_file = false;       // a saved .gch (else contracted in this run)
  std::size_t shortcuts = 0;
  double read_s = 0, contract_s = 0, apsp_s = 0, write_s = 0;
};

HierarchyApspResult RunHierarchyApsp(const HierarchyApspRequest& request, const InputOptions& input,
                                     ProgressFn progress = {});
// The same on a hierarchy already read or contracted (the plan's trial contraction).
HierarchyApspResult RunHierarchyApsp(const HierarchyApspRequest& request, const LoadedHierarchy& loaded,
                                     ProgressFn progress = {});

}  // namespace gdist
