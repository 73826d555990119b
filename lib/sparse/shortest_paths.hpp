// The sparse engine's entry point for distances: shortest-path trees from
// (or to) any set of sources, one at a time or as a k x n row block, parallel
// over sources. The method follows the graph: BFS (and bit-parallel
// multi-source BFS for row blocks) for unit weights, Dijkstra with a radix
// heap for integer weights, a binary heap for float weights, Johnson
// re-weighting first when an arc is negative. Distances are in the element
// type of the graph with its INF (lib/matrix/element_type.hpp), so a row equals
// the dense engine's row of the same graph.
#pragma once
#include <omp.h>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/johnson.hpp"
#include "lib/sparse/single_source.hpp"
#include "lib/util/interruption.hpp"

namespace gdist {

// kFrom: dist[v] = d(s, v) (a row of the distance matrix); kTo: dist[v] =
// d(v, s) (a column). The same for undirected graphs.
enum class TreeDirection { kFrom, kTo };
enum class TreeMethod { kBfs, kDijkstraRadix, kDijkstraBinaryHeap, kJohnsonRadix, kJohnsonBinaryHeap };
const char* TreeMethodName(TreeMethod m);

template <class W> class ShortestPathTrees {
 public:
  static constexpr W kInf = ElementTraits<W>::kInf;

  // Runs Johnson's potentials when g has a negative arc (throws gdist::Error on
  // a negative cycle). g must outlive this object.
  explicit ShortestPathTrees(const CsrGraph<W>& g, TreeDirection direction = TreeDirection::kFrom);

  const CsrGraph<W>& graph() const { return g_; }
  std::size_t n() const { return g_.n; }
  // The arcs the trees follow: out-arcs (kFrom) or in-arcs (kTo).
  CsrView<W> View() const { return direction_ == TreeDirection::kFrom ? g_.Out() : g_.In(); }
  TreeMethod method() const { return method_; }
  TreeDirection direction() const { return direction_; }

  // One tree into dist[0..n).
  void Tree(std::uint32_t s, W* dist, TreeWorkspace& workspace) const;

  // Row i of the block (out + i*stride, stride >= n) = the tree of sources[i].
  // threads <= 0: all cores. Unit weights run 64-512 sources per sweep where
  // that shares work (kMsBfsMaxDepth, kMsBfsCoverShare), else a BFS per source.
  void Rows(std::span<const std::uint32_t> sources, W* out, std::size_t stride, int threads) const;

  // f(thread, i, sources[i], dist) for every i, from `threads` threads at once;
  // dist[0..n) is valid during the call only (each thread reuses its buffer).
  template <class F> void ForEachTree(std::span<const std::uint32_t> sources, int threads, F&& f) const {
    const int nt = threads > 0 ? threads : omp_get_max_threads();
    const std::int64_t k = static_cast<std::int64_t>(sources.size());
#pragma omp parallel num_threads(nt)
    {
      TreeWorkspace workspace;
      std::vector<W> dist(g_.n);
      const int thread = omp_get_thread_num();
#pragma omp for schedule(dynamic, 1)
      for (std::int64_t i = 0; i < k; ++i) {
        if (InterruptionRequested()) continue;  // thrown below, once the threads have joined
        Tree(sources[i], dist.data(), workspace);
        f(thread, static_cast<std::size_t>(i), sources[i], static_cast<const W*>(dist.data()));
      }
    }
    ThrowIfInterrupted();
  }

 private:
  // The bit-parallel BFS's rule (Rows): a graph at most this deep, or
  // sources covering at least 1/kMsBfsCoverShare of the vertices.
  static constexpr std::size_t kMsBfsMaxDepth = 64;
  static constexpr std::size_t kMsBfsCoverShare = 8;

  const CsrGraph<W>& g_;
  TreeDirection direction_;
  TreeMethod method_;
  std::shared_ptr<const JohnsonWeights<W>> johnson_;  // when g has a negative arc
};

}  // namespace gdist
