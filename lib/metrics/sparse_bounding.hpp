// Pieces shared by the eccentricity bounding searches (all eccentricities,
// and the extremes): the trees of one round, and the best few vertices of a
// pass under one order (the next sources, picked while every vertex's bounds
// are updated: one pass instead of a sort of the open set).
#pragma once
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/bounding_tree_source.hpp"

namespace gdist {

// Float trees round each sum, so a bound derived from two of them may miss
// the true value by the rounding of a path of up to n-1 arcs: widen float
// bounds by that much (integers are exact).
template <class W> double Slack(std::size_t n) {
  if constexpr (std::is_integral_v<W>) return 0;
  return static_cast<double>(n) * std::ldexp(1.0, -23);
}

template <class Before> struct TopFew {
  std::size_t size;
  Before before;  // before(a, b): a ranks ahead of b (a strict total order)
  std::vector<std::uint32_t> items;

  void Offer(std::uint32_t v) {
    if (size == 0 || (items.size() == size && !before(v, items.back()))) return;
    if (items.size() == size) items.pop_back();
    items.insert(std::upper_bound(items.begin(), items.end(), v, before), v);
  }
};

// The bounds' number type: integer weights are bounded in int64, exactly
// (distances stay below INF = 2^62 - 1, so a sum of two cannot wrap); float
// weights in double, widened by Slack.
template <class W> using BoundOf = std::conditional_t<std::is_integral_v<W>, std::int64_t, double>;
template <class W> constexpr BoundOf<W> kNoUpperBound = std::numeric_limits<BoundOf<W>>::has_infinity
                                                            ? std::numeric_limits<BoundOf<W>>::infinity()
                                                            : std::numeric_limits<BoundOf<W>>::max();

// The trees of one round: out (k x n) = the trees from sources[i] and, for a
// directed graph, in (k x n) = the trees to them; returns each source's
// eccentricity (its largest finite distance), in the bounds' type.
template <class W> std::vector<BoundOf<W>> BoundingTrees(const BoundingTreeSource<W>& trees,
                                                         std::span<const std::uint32_t> sources, std::vector<W>& out,
                                                         std::vector<W>& in, int threads) {
  const std::size_t n = trees.n(), k = sources.size();
  out.resize(k * n);
  trees.Rows(TreeDirection::kFrom, sources, out.data(), threads);
  if (trees.directed()) {
    in.resize(k * n);
    trees.Rows(TreeDirection::kTo, sources, in.data(), threads);
  }
  std::vector<BoundOf<W>> ecc(k, 0);
  const W inf = ElementTraits<W>::kInf;
#pragma omp parallel for num_threads(std::max(1, std::min <int>(threads, static_cast <int>(k)))) schedule(static)
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(k); ++i) {
    const W* d = out.data() + static_cast<std::size_t>(i) * n;
    W e = 0;
    for (std::size_t v = 0; v < n; ++v)
      if (d[v] < inf && d[v] > e) e = d[v];
    ecc[static_cast<std::size_t>(i)] = static_cast<BoundOf<W>>(e);
  }
  return ecc;
}

}  // namespace gdist
