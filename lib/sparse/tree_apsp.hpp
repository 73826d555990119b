// All-pairs distances from shortest-path trees (gapsp --algorithm dijkstra):
// the rows of every source into a dense matrix, byte for byte the matrix
// Floyd-Warshall writes (kind distance, INF for unreachable pairs), or the rows
// of some sources streamed into a rectangular matrix file (gapsp --sources).
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "lib/engine/apsp.hpp"
#include "lib/engine/progress.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/row_source.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

// Throws gdist::Error, with the dense engine's message, when a shortest path
// of g could overflow W (the range proof SolveApsp runs on the matrix).
template <class W> void CheckPathSums(const CsrGraph<W>& g);

// out[i * stride + v] = the tree of sources[i] (trees' direction), in parallel
// over sources: Dial's bucket queue (dial_queue.hpp) when the weights are
// integers >= 0 below kDialMaxBuckets and not all 1, else trees.Rows.
// `progress` (when given) counts the trees as they finish.
template <class W> void TreeRows(const ShortestPathTrees<W>& trees, std::span<const std::uint32_t> sources, W* out,
                                 std::size_t stride, int threads, ProgressCounter* progress = nullptr);

// Overwrites rows 0..n-1 of m (an n-vertex matrix of g's vertices: adjacency
// or blank; padding rows and columns already INF with a 0 diagonal) with the
// distances from every vertex, in parallel over sources; m becomes kind
// kDistance. Throws gdist::Error, with the dense engine's messages, when path
// sums could overflow W or on a negative cycle. `progress` (when given)
// hears of the trees done (task "apsp", unit "trees").
template <class W> ApspReport SolveApspByTrees(const CsrGraph<W>& g, DistMatrix<W>& m, int threads,
                                               ProgressFn progress = {}, const RowSource<W>& source = {});

// Writes the rows of `sources` (0-based vertices of g, in this order) to a
// rectangular .gdm at path (docs/FORMAT.md), computed and written block by
// block: at most about `budget_bytes` of rows in memory. The file appears only
// when complete. Returns how the trees ran, for the report.
inline constexpr std::size_t kSourceRowsBudget = std::size_t{256} << 20;
template <class W> ApspReport WriteSourceRows(const CsrGraph<W>& g, std::span<const std::uint32_t> sources,
                                              const std::string& path, int threads,
                                              std::size_t budget_bytes = kSourceRowsBudget, ProgressFn progress = {},
                                              const RowSource<W>& source = {});

}  // namespace gdist
