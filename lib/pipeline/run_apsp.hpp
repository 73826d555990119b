// The all-pairs run behind gapsp, callable without the app: read the input,
// plan the run (lib/plan), compute every row (Floyd-Warshall or a tree per
// source), the rows of some sources, or the road hierarchy's rows, and write
// the distances (gdm, nthu, npy, csv), the next hops and the metrics; then
// hand back what ran for the report (apsp_summary.hpp). Throws gdist::Error
// on bad input (the app maps it to exit 2), std::bad_alloc when memory runs
// out mid-run. Flag combinations are the app's to check before.
#pragma once
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "lib/core/backend.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/matrix/next_hop_matrix.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/pipeline/road_apsp.hpp"
#include "lib/pipeline/run_voice.hpp"
#include "lib/plan/planner.hpp"
#include "lib/plan/run_context.hpp"
#include "lib/sparse/apsp_algorithm.hpp"

namespace gdist {

struct ApspRunRequest {
  std::string in;                                  // a graph file, an adjacency matrix file or a saved hierarchy (.gch)
  std::string out;                                 // the distances; may be empty with `metrics` (no matrix written)
  std::string to = "gdm";                          // gdm, nthu, npy, npz or csv
  std::string metrics;                             // the metrics JSON from the same matrix (empty: none)
  std::string per_vertex;                          // with metrics: the per-vertex CSV
  std::string sources;                             // a vertex list: only these rows, a rectangular matrix file
  std::string targets;                             // with sources on the hierarchy: a sources x targets table
  ApspAlgorithm algorithm = ApspAlgorithm::kAuto;  // kHierarchy (or a .gch in): the road hierarchy
  Backend backend = Backend::kAuto;
  int threads = 0;                // 0: all cores
  bool paths = false;             // also the next-hop matrix (in the gdm)
  bool as_float = false;          // npy, npz: float64 values, inf for no path
  bool allow_int16 = true;        // 16-bit elements where every distance is proven to fit
  std::size_t memory_limit = 0;   // host bytes of the matrix held at once (0: DefaultMemoryLimit())
  std::size_t device_memory = 0;  // GPU bytes (0: the free device memory)
  CheckpointOptions checkpoint;   // the out-of-core / distributed schedules' checkpoints (dir empty: none)
  InputOptions input;

  // Under mpirun (lib/distributed/apsp_run.hpp): the ranks' schedule replaces
  // the backends, the trees are refused, and only the writer (rank 0) writes.
  std::function<std::string(void* d, std::size_t stride, ElementType type, int element_bits,
                            const CheckpointOptions& checkpoint)>
      schedule;
  std::string schedule_note;
  Backend schedule_backend = Backend::kCpu;
  bool writer = true;

  bool distributed() const { return static_cast<bool>(schedule); }
};

// What ran, for the --json object and the summary line (apsp_summary.hpp).
struct ApspRunResult {
  enum class Shape { kPlanned, kHierarchy, kDistributedGraph } shape = Shape::kPlanned;
  bool printable = true;  // false on the ranks other than 0 under mpirun: nothing to print
  std::size_t n = 0;
  std::optional<std::size_t> rows;        // --sources: their count
  RunPlan plan;                           // kPlanned and kHierarchy
  std::optional<TreeMethod> tree_method;  // set when the trees ran
  ApspReport engine;                      // the engine's report: backend, width and why
  double read_s = 0, apsp_s = 0, write_s = 0, metrics_s = 0;
  std::optional<double> next_hops_s;             // --paths
  std::optional<HierarchyApspResult> hierarchy;  // kHierarchy
  int decimal_scale = 0;                         // exact decimals (MatrixMeta::decimal_scale)
};

// The whole run: the hierarchy's when request.algorithm is kHierarchy or
// request.in is a saved hierarchy, else the planned one. `voice` hears the
// notes and estimate lines (the app's name leads them); progress bars are
// drawn where the terminal shows them.
ApspRunResult RunApsp(const ApspRunRequest& request, RunContext& context, const RunVoice& voice = {});

// A matrix over the memory limit (request.memory_limit, else
// DefaultMemoryLimit()) lives in a temporary file beside OUT (or in TMPDIR
// without one) and the engine works on it out of core. Returns the limit.
std::size_t KeepLargeMatricesOnDisk(const ApspRunRequest& request);

}  // namespace gdist
