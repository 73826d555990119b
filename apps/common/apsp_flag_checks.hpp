// gapsp's flag combinations, refused before any work (lib/pipeline/run_apsp.hpp
// runs what passes): OUT, --metrics and --paths; the road hierarchy's flags;
// --sources and --targets; under mpirun, what runs in one process only.
#pragma once
#include <filesystem>
#include <string>

#include "lib/engine/cpu_backend.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/run_apsp.hpp"
#include "lib/util/error.hpp"
#include "lib/util/output_check.hpp"

namespace gdist {

// A rectangular .gdm is one regular file whose header is written last.
inline void CheckRegularOut(const ApspRunRequest& r, const std::string& flag) {
  std::error_code ec;
  const auto st = std::filesystem::status(r.out, ec);
  if (r.out == "-" || (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st)))
    throw Error(flag + ": OUT must be a regular file (its header is written last), got '" + r.out + "'");
}

// --sources writes a rectangular .gdm, and nothing else.
inline void CheckSourcesFlags(const ApspRunRequest& r, bool distributed) {
  if (r.out.empty()) throw Error("--sources needs OUT (the rows are written to a matrix file)");
  if (r.to != "gdm") throw Error("--sources writes a rectangular matrix file: --to gdm only");
  if (r.paths) throw Error("--sources: --paths needs the full matrix (routes go through every vertex)");
  if (!r.metrics.empty()) throw Error("--sources: --metrics needs the full matrix");
  if (distributed) throw Error("--sources: runs in one process (not under mpirun)");
  CheckRegularOut(r, "--sources");
}

// --sources S --targets T: a k x t table, as a table .gdm, CSV, .npy or .npz.
inline void CheckTableFlags(const ApspRunRequest& r, bool distributed) {
  if (r.sources.empty()) throw Error("--targets needs --sources (the table's rows)");
  if (r.out.empty()) throw Error("--targets needs OUT (the table's file)");
  if (r.to != "gdm" && r.to != "csv" && r.to != "npy" && r.to != "npz")
    throw Error("--targets: a sources x targets table is written --to gdm, csv, npy or npz");
  if (r.paths)
    throw Error("--targets: --paths stores routes through every vertex; routes: gpath GRAPH --from A --to B");
  if (!r.metrics.empty()) throw Error("--targets: --metrics needs the full matrix");
  if (distributed) throw Error("--targets: runs in one process (not under mpirun)");
  if (r.to == "gdm") CheckRegularOut(r, "--targets");
}

// --algorithm ch (or a .gch IN): every row, the rows of some sources, or a table.
inline void CheckHierarchyFlags(const ApspRunRequest& r) {
  if (r.paths)
    throw Error(
        "--algorithm ch: --paths stores a next-hop matrix; routes come from the hierarchy itself: "
        "gpath GRAPH (or a .gch) --from A --to B");
  if (!r.metrics.empty()) throw Error("--algorithm ch: --metrics: run 'gcenter GRAPH' for the metrics of a road graph");
  if (r.out.empty()) throw Error("--algorithm ch: OUT is required");
  if (!r.targets.empty()) CheckTableFlags(r, false);
  if (r.targets.empty() && !r.sources.empty()) {
    ApspRunRequest rows = r;
    rows.paths = false;
    rows.metrics.clear();
    CheckSourcesFlags(rows, false);
  }
}

// Checkpoints are the out-of-core (CPU, GPU) and distributed Floyd-Warshall's
// (lib/engine/checkpoint.hpp); the engine refuses an in-core run.
inline void CheckCheckpointFlags(const ApspRunRequest& r) {
  const std::string flag = r.checkpoint.resume ? "--resume" : "--checkpoint";
  if (!r.sources.empty()) throw Error(flag + ": --sources rows take no checkpoints (every row, Floyd-Warshall)");
  if (r.algorithm == ApspAlgorithm::kHierarchy || IsHierarchyInput(r.in) || r.algorithm == ApspAlgorithm::kTrees)
    throw Error(flag + ": only the out-of-core Floyd-Warshall takes checkpoints; leave out --algorithm");
}

// Every check, in the order the messages have always come.
inline void CheckApspFlags(const ApspRunRequest& r, bool distributed, bool json) {
  CheckOneOutputOnStdout({{"OUT", r.out}, {"--metrics", r.metrics}, {"--per-vertex", r.per_vertex}},
                         json ? "the --json summary" : "");
  if (r.paths && r.to != "gdm") throw Error("--paths needs --to gdm (only the matrix file has room for routes)");
  if (r.as_float && r.to != "npy" && r.to != "npz")
    throw Error("--float: writes float64 into --to npy or npz (csv writes inf for no path already)");
  if (r.out.empty() && r.metrics.empty()) throw Error("OUT is required unless --metrics FILE is given");
  if (r.out.empty() && r.paths) throw Error("--paths needs OUT (the routes are stored in the matrix file)");
  if (!r.per_vertex.empty() && r.metrics.empty()) throw Error("--per-vertex needs --metrics FILE");
  if (!r.checkpoint.dir.empty()) CheckCheckpointFlags(r);
  if (r.algorithm == ApspAlgorithm::kHierarchy || IsHierarchyInput(r.in)) {
    if (distributed) throw Error("--algorithm ch: runs in one process (not under mpirun)");
    CheckOutputPaths({{"OUT", r.out}}, {{"IN", r.in}, {"--sources", r.sources}, {"--targets", r.targets}});
    CheckHierarchyFlags(r);
    return;
  }
  if (!r.targets.empty()) CheckTableFlags(r, distributed);
  else if (!r.sources.empty()) CheckSourcesFlags(r, distributed);
  ActiveCpuIsa();  // an unknown GDIST_CPU_ISA is refused before any work
  CheckOutputPaths({{"OUT", r.out}, {"--metrics", r.metrics}, {"--per-vertex", r.per_vertex}},
                   {{"IN", r.in}, {"--sources", r.sources}, {"--targets", r.targets}});
}

}  // namespace gdist
