// gcenter GRAPHFILE --engine auto: dense (matrix + Floyd-Warshall + row
// passes) or sparse (CSR + shortest-path trees). A cost model in seconds on
// the CPU, from measurements on the 2-core dev machine:
//   dense  = n^3 / (2e10 relax/s * threads) + n^2 * bytes / (0.6e9 B/s * threads)
//   sparse = SparseTreesSeconds(n, arcs, ...): a tree from every vertex (what
//            the dense path's full report needs)
// and sparse whenever the n x n matrix would take more than half the memory.
// The same tree rates give the line announcing a long sparse run
// (apps/common/sparse_estimate.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "lib/core/backend.hpp"

namespace gdist {

enum class MetricsEngine { kAuto, kDense, kSparse };
bool ParseMetricsEngine(const std::string& s, MetricsEngine* out);

struct EngineDecision {
  MetricsEngine engine = MetricsEngine::kDense;
  std::string note;  // why
  bool matrix_fits = true;
};

// Seconds one shortest-path tree takes per arc of the graph (source-arcs):
// on the CPU per thread, checked on the 2-core dev machine against every
// tree of the metrics and the rows of gapsp and --candidates (runs took 0.75x
// to 2.4x the estimate; bench/RESULTS.md, "The line before a long sparse
// run"); on the GPU for all the sources of one launch.
inline constexpr double kCpuBfsSourceArcSeconds = 2.5e-9;
inline constexpr double kCpuDijkstraSourceArcSeconds = 15e-9;
// The multi-source BFS on one H100: NY's every eccentricity, 264,346
// sources x 733,846 arcs in 5.06 s end to end.
inline constexpr double kGpuBfsSourceArcSeconds = 5.06 / (264346.0 * 733846.0);
// The batched near-far Bellman-Ford on one H100: the weighted NY's every
// tree, 264,346 sources x 730,100 arcs in 39.0 s end to end (rows reduced).
inline constexpr double kGpuWeightedSourceArcSeconds = 39.0 / (264346.0 * 730100.0);

// Estimated seconds of `trees` shortest-path trees over a graph of `arcs`
// arcs: BFS (unit weights) or Dijkstra, over `threads` CPU threads or on the GPU.
double SparseTreesSeconds(double trees, double arcs, bool unit_weights, int threads, Backend where = Backend::kCpu);

// physical_bytes: the machine's memory (0: ask the system). Under auto a
// graph of at most kSmallGraph vertices, or with int64 weights, whose matrix
// fits stays dense: it is fast there, and its report prints int64 distances
// past 2^53 exactly.
constexpr std::size_t kSmallGraph = 4096;
EngineDecision ChooseMetricsEngine(MetricsEngine requested, std::size_t n, std::size_t arcs, bool unit_weights,
                                   std::size_t element_bytes, int threads, double physical_bytes = 0,
                                   bool int64_weights = false);

// The bytes the sparse engine may need for a graph of n vertices and `arcs`
// arcs (CSR both ways, per-thread trees and bit-parallel lanes, per-vertex
// results): checked before the CSR graph is built.
std::uint64_t SparseEngineBytes(std::uint64_t n, std::uint64_t arcs, std::size_t element_bytes, int threads);

// Throws gdist::Error naming `input` when SparseEngineBytes cannot fit in the
// memory available, or n passes the 32-bit vertex ids, before the CSR graph
// is built: "INPUT: the sparse engine would need about N of memory for V
// vertices and A arcs; this machine has M available". Every graph path that
// builds a CSR graph (gcenter's engines and --candidates, gapsp's trees) asks
// here. threads: 0 = all cores.
void RefuseIfSparseTooLarge(const std::string& input, std::uint64_t n, std::uint64_t arcs, std::size_t element_bytes,
                            int threads);

}  // namespace gdist
