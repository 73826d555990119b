// The one line before a long run of the sparse engine (PrintRunEstimate,
// apsp_estimate.hpp: terminal only, runs of kLongRunSeconds or more, any run
// under --progress): the memory it holds and the whole run's time, its trees
// priced by their measured rates (TreesSeconds, lib/plan/cost_model.hpp).
// Only runs whose number of trees is known beforehand are announced: a tree
// from every vertex (gcenter --per-vertex, the centralities, every
// eccentricity where bounding does not apply, a graph that is not strongly
// connected), the candidates' rows (gcenter GRAPH --candidates) and gapsp's
// trees. The bounding searches (diameter, radius, center, 1-median, every
// eccentricity by bounds) stop when their bounds meet, after a number of
// trees nothing predicts exactly (35 to 967 on NY's 264,346 vertices; the
// worst case, a tree from every vertex, would overstate them a thousandfold):
// they announce the typical count (BoundingTreeCount) as such, priced in the
// plan (BoundedTreesSeconds); their bar counts the vertices settled.
#pragma once
#include <omp.h>

#include <cstdint>
#include <string>
#include <type_traits>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/metrics/gpu_tree_rows.hpp"
#include "lib/metrics/sparse_all_eccentricities.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/pipeline/apsp_estimate.hpp"
#include "lib/plan/cost_model.hpp"
#include "lib/plan/memory_plan.hpp"
#include "lib/sparse/apsp_algorithm.hpp"
#include "lib/sparse/components.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/util/error.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

inline int EstimateThreads(int threads) { return threads > 0 ? threads : omp_get_max_threads(); }

// "15606 BFS trees on 2 CPU threads", "264346 BFS trees on the GPU".
inline std::string DescribeTrees(std::uint64_t trees, bool unit_weights, Backend where, int threads) {
  return std::to_string(trees) + (unit_weights ? " BFS" : " Dijkstra") + " trees on " +
         (where == Backend::kGpu ? std::string("the GPU")
                                 : std::to_string(threads) + (threads == 1 ? " CPU thread" : " CPU threads"));
}

// How many trees ComputeSparseMetrics (lib/metrics/sparse_metrics.cpp) runs
// for this request when they can be known: n for a tree from every vertex
// (2n with the histogram's second pass over fractional distances); 0 when it
// bounds or reads the answer off the components. Its rule, restated here: the
// components are found only when the answer depends on them.
template <class W> std::uint64_t SparseMetricsTrees(const CsrGraph<W>& g, const SparseMetricsRequest& r) {
  const std::uint64_t every = g.n * (r.centrality && std::is_floating_point_v<W> ? 2 : 1);
  if (g.n == 0) return 0;
  if (r.every_vertex || r.centrality) return every;
  if (!g.directed && !r.options.reachable_only && !r.eccentricities) return 0;  // bounds or components
  const bool connected = (g.directed ? StrongComponents(g) : WeakComponents(g)).count <= 1;
  if (!connected) return g.directed || r.options.reachable_only ? every : 0;
  return r.eccentricities && !EccentricityBoundingWeightsApply(g) ? every : 0;
}

// gcenter GRAPH on the sparse engine, before ComputeSparseMetrics; `where`:
// the trees' backend in the run's plan (lib/plan/planner.hpp), `e` its
// estimate, whose engine part becomes the trees counted here.
template <class W> void PrintSparseMetricsEstimate(const std::string& tool, const CsrGraph<W>& g,
                                                   const SparseMetricsRequest& r, Backend where, RunEstimate& e) {
  if (!ProgressEnabled()) return;
  std::uint64_t trees = SparseMetricsTrees(g, r);
  const int threads = EstimateThreads(r.options.threads);
  const TreeMethod method = TreeMethodFor(g);
  const bool bfs = method == TreeMethod::kBfs;
  if (trees == 0) {  // the bounding searches: the plan priced their typical trees
    const double typical = BoundingTreeCount(static_cast<double>(g.n), r.eccentricities);
    const double bytes = static_cast<double>(SparseEngineBytes(g.n, g.arc_count(), sizeof(W), threads));
    PrintRunEstimate(tool + " (bounding searches, typically " +
                         DescribeTrees(static_cast<std::uint64_t>(typical), bfs, Backend::kCpu, threads) + ")",
                     bytes, e, "trees");
    return;
  }
  // The GPU's weighted trees leave every histogram to a second sweep, integer distances too.
  if (where == Backend::kGpu && !bfs && r.centrality && trees == g.n) trees *= 2;
  const double bytes = static_cast<double>(SparseEngineBytes(g.n, g.arc_count(), sizeof(W), threads));
  e.compute_s = TreesSeconds(static_cast<double>(trees), static_cast<double>(g.arc_count()), method, where, threads);
  e.compute_on_gpu = where == Backend::kGpu;
  PrintRunEstimate(tool + " (" + DescribeTrees(trees, bfs, where, threads) + ")", bytes, e, "trees");
}

// Trees that write rows: gapsp --algorithm dijkstra (every source; the n x n
// matrix), gapsp --sources and gcenter GRAPH --candidates (k sources;
// `rows_bytes`: the block of rows held at once; `where`: the candidates' rows
// may run on the GPU, CandidateRowsBackend). `e`: the plan's estimate
// (gapsp), printed as it is; `price_trees` (gcenter's candidates, planned
// here): its engine part becomes the trees' time.
template <class W> void PrintTreeRowsEstimate(const std::string& tool, const CsrGraph<W>& g, std::uint64_t sources,
                                              double rows_bytes, int threads, Backend where, RunEstimate& e,
                                              bool price_trees) {
  if (!ProgressEnabled()) return;
  threads = EstimateThreads(threads);
  const TreeMethod method = TreeMethodFor(g);
  const bool bfs = method == TreeMethod::kBfs;
  const double bytes = static_cast<double>(SparseEngineBytes(g.n, g.arc_count(), sizeof(W), threads)) + rows_bytes;
  // The GPU's rows come from its weighted kernel whatever the weights.
  if (price_trees) {
    e.compute_s = TreesSeconds(static_cast<double>(sources), static_cast<double>(g.arc_count()), method, where, threads,
                               /*gpu_bfs=*/false);
    e.compute_on_gpu = where == Backend::kGpu;
  }
  PrintRunEstimate(tool + " (" + DescribeTrees(sources, bfs, where, threads) + ")", bytes, e, "trees");
}

// The bytes of `rows` rows of g's vertices in W, padded as the matrices are.
template <class W> double RowBytes(const CsrGraph<W>& g, std::uint64_t rows) {
  return static_cast<double>(rows) * static_cast<double>(PaddedSize(g.n)) * sizeof(W);
}

}  // namespace gdist
