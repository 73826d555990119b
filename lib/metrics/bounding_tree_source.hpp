// Where the bounding searches (eccentricity bounds, every eccentricity, the
// 1-median) get their trees: the graph's own (BFS / Dijkstra, GraphTreeSource)
// or a road hierarchy's PHAST trees (lib/pipeline/road_metrics.cpp). The
// searches need only trees, n, the direction, a first source and the least
// arc weight, so one search serves both engines.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>

#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

template <class W> class BoundingTreeSource {
 public:
  virtual ~BoundingTreeSource() = default;
  virtual std::size_t n() const = 0;
  virtual bool directed() const = 0;
  // The double sweep's first source.
  virtual std::uint32_t FirstSource() const = 0;
  // A lower bound on d(v, w) for w != v (the least arc weight, 0 when unknown).
  virtual double LeastDistance() const = 0;
  virtual bool HasNegative() const { return false; }
  // The graph itself when the trees are its own (the median's unit-weight
  // level bound reads degrees and runs BFS); null otherwise.
  virtual const CsrGraph<W>* Graph() const { return nullptr; }
  // Sources per round of the round-based searches: what keeps `threads`
  // busy. The extremes settle in tens of trees (few: each source picked from
  // the bounds of all trees before it pays); every eccentricity takes
  // thousands (many: wide rounds pay).
  enum class Search { kExtremes, kEveryEccentricity };
  virtual std::size_t TreesPerRound(int threads, Search search) const = 0;
  // One tree (kFrom: d(s, v); kTo: d(v, s)) into dist[0..n); callable from
  // several threads at once, each with its own workspace.
  virtual void Tree(TreeDirection direction, std::uint32_t s, W* dist, TreeWorkspace& workspace) const = 0;
  // Row i of out (stride n) = the tree of sources[i], over `threads` threads.
  virtual void Rows(TreeDirection direction, std::span<const std::uint32_t> sources, W* out, int threads) const = 0;
};

// The graph's own trees (BFS, Dijkstra, Johnson), one source per thread per round.
template <class W> class GraphTreeSource final : public BoundingTreeSource<W> {
 public:
  explicit GraphTreeSource(const CsrGraph<W>& g) : g_(g), from_(g, TreeDirection::kFrom), to_(g, TreeDirection::kTo) {}
  std::size_t n() const override { return g_.n; }
  bool directed() const override { return g_.directed; }
  // The highest out-degree (least index on ties).
  std::uint32_t FirstSource() const override {
    std::uint32_t start = 0;
    for (std::size_t v = 1; v < g_.n; ++v)
      if (g_.Out().Degree(v) > g_.Out().Degree(start)) start = static_cast<std::uint32_t>(v);
    return start;
  }
  double LeastDistance() const override {
    double least = std::numeric_limits<double>::infinity();
    for (W w : g_.out.weights) least = std::min(least, static_cast<double>(w));
    return least > 0 ? least : 0;
  }
  bool HasNegative() const override { return g_.has_negative; }
  const CsrGraph<W>* Graph() const override { return &g_; }
  // Bit-parallel batches of 64 cost several trees each unless their sources
  // are close together: one tree per thread, each chosen from every bound before it.
  std::size_t TreesPerRound(int threads, typename BoundingTreeSource<W>::Search) const override {
    return static_cast<std::size_t>(threads);
  }
  void Tree(TreeDirection direction, std::uint32_t s, W* dist, TreeWorkspace& workspace) const override {
    (direction == TreeDirection::kFrom ? from_ : to_).Tree(s, dist, workspace);
  }
  // A tree per source and thread (not the bit-parallel BFS of ShortestPathTrees::Rows: see TreesPerRound).
  void Rows(TreeDirection direction, std::span<const std::uint32_t> sources, W* out, int threads) const override {
    const int nt = std::max(1, std::min<int>(threads, static_cast<int>(sources.size())));
    (direction == TreeDirection::kFrom ? from_ : to_)
        .ForEachTree(sources, nt, [&](int, std::size_t i, std::uint32_t, const W* dist) {
          std::copy(dist, dist + g_.n, out + i * g_.n);
        });
  }

 private:
  const CsrGraph<W>& g_;
  ShortestPathTrees<W> from_, to_;
};

}  // namespace gdist
