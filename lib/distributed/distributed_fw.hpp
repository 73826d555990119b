// Blocked Floyd-Warshall over MPI ranks: the block-cyclic distribution of
// process_grid.hpp, and per round r the textbook three steps on the tiles each
// rank owns, composed of the same tile operations as the in-core engines
// (close a diagonal tile, min-plus a tile; rank_tiles.hpp):
//   1. the owner of tile (r,r) closes it and broadcasts it;
//   2. the owners of row r / column r update their panel tiles with it, and
//      each panel is broadcast along the grid's columns / rows;
//   3. every rank updates its other tiles with the two panels.
// Look-ahead: the tiles in row and column r+1 are updated first, round r+1's
// steps 1-2 run on the side lane and its broadcasts are posted before the
// bulk of round r's step 3, so the communication hides under that update.
// Broadcasts go through a PanelExchange: NCCL on device buffers when every
// rank has a GPU and the build has NCCL, else MPI on host buffers.
// 16 bits: an int32 matrix or graph whose every finite distance is proven
// below INF16 (precision_choice.hpp, the in-core engines' proof) runs on
// int16 tiles, half the bytes per round and twice the lanes: the values are
// narrowed as they enter the tiles and widened on the way to rank 0
// (range_check.hpp's rules), so the results are the 32-bit run's bits.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "lib/core/graph.hpp"
#include "lib/distributed/mpi_session.hpp"
#include "lib/engine/checkpoint.hpp"
#include "lib/engine/progress.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/metrics/distance_metrics.hpp"
#include "lib/pipeline/load_input.hpp"

namespace gdist {

struct DistributedOptions {
  bool use_gpu = false;  // this rank's tiles on a GPU (one rank per GPU of a host)
  int threads = 0;       // CPU ranks: threads (0: all cores)
  ProgressFn progress;
  // Round-boundary checkpoints of every rank's tiles (rank_checkpoints.hpp;
  // dir empty: none): a checkpoint round runs without the look-ahead, so the
  // tiles then hold exactly the state after it; a resumed run restores them.
  CheckpointOptions checkpoint;
  // An int32 matrix on int16 tiles: the caller holds a 16-bit proof for it
  // (SolveApsp's ChoosePrecision). Never with checkpoints: a checkpointed run
  // keeps the matrix's width. The graph path decides for itself (allow_int16).
  bool int16 = false;
};

// d: the whole stride x stride matrix on every rank (as loaded); on return
// rank 0's holds the result (the others' are left as they were). A 2D grid
// (ChooseProcessGrid). Returns a note for the report. Throws gdist::Error.
std::string DistributedFloydWarshall(const MpiSession& session, void* d, std::size_t stride, ElementType type,
                                     const DistributedOptions& options);

// The graph path: no rank holds the whole matrix unless asked to. Every rank
// has read the same graph; each builds only its own tiles (a grid of one
// column: rank p holds tile rows p, p+P, ..., whole rows), runs the rounds,
// and the metrics are reduced per row where the tiles are (on the GPU) and
// only the per-row results travel to rank 0.
struct DistributedGraphRequest {
  DuplicatePolicy duplicates = DuplicatePolicy::kMin;
  bool gather_matrix = false;  // rank 0 receives the distance matrix (an output file)
  bool metrics = false;        // rank 0 receives the metrics
  MetricsOptions metrics_options;
  // An int32 graph runs in 16 bits when ChoosePrecisionOfArcs proves it
  // (--element-bits 32: false), as one process's run of the same graph.
  bool allow_int16 = true;
};
struct DistributedGraphResult {  // meaningful on rank 0
  std::optional<AnyMatrix> matrix;
  std::optional<DistanceMetrics> metrics;
  std::string note;                  // grid, engines, exchange, rounds time
  int element_bits = 32;             // the tiles' width (16: int16 tiles, the matrix in int32)
  std::string precision_reason;      // why that width (precision_choice.hpp's words)
  std::int64_t distance_bound = -1;  // the proven bound behind a 16-bit run; -1: none
  double build_seconds = 0, rounds_seconds = 0, metrics_seconds = 0, gather_seconds = 0;
};
DistributedGraphResult DistributedApspFromGraph(const MpiSession& session, const Graph& g, ElementType type,
                                                const DistributedOptions& options,
                                                const DistributedGraphRequest& request);

}  // namespace gdist
