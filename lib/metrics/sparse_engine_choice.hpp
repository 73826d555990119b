// gcenter GRAPHFILE --engine auto: dense (matrix + Floyd-Warshall + row
// passes) or sparse (CSR + shortest-path trees). A cost model in seconds on
// the CPU, from measurements on the 2-core dev machine (docs/SPARSE.md):
//   dense  = n^3 / (2e10 relax/s * threads) + n^2 * bytes / (0.6e9 B/s * threads)
//   sparse = n * arcs * t_arc / threads, t_arc = 2.5 ns (BFS) or 15 ns (Dijkstra)
// (a tree from every vertex: what the dense path's full report needs); and
// sparse whenever the n x n matrix would take more than half the memory.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace gdist {

enum class MetricsEngine { kAuto, kDense, kSparse };
bool ParseMetricsEngine(const std::string& s, MetricsEngine* out);

struct EngineDecision {
  MetricsEngine engine = MetricsEngine::kDense;
  std::string note;  // why
  bool matrix_fits = true;
};

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

// Throws gdist::Error ("INPUT: the sparse engine would need N for n vertices,
// this machine has M available") when it cannot fit.
void RefuseIfSparseTooLarge(const std::string& input, std::uint64_t n, std::uint64_t arcs, std::size_t element_bytes,
                            int threads);

}  // namespace gdist
