// Pieces shared by the eccentricity bounding searches (all eccentricities,
// and the extremes): the trees of one round, and the best few vertices of a
// pass under one order (the next sources, picked while every vertex's bounds
// are updated: one pass instead of a sort of the open set).
#pragma once
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/sparse/shortest_paths.hpp"

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

// out[i] = the tree from sources[i] and, for a directed graph, in[i] = the
// tree to it (from.graph() decides), in parallel over the trees; returns each
// source's eccentricity (its largest finite distance).
template <class W> std::vector<double> BoundingTrees(const ShortestPathTrees<W>& from, const ShortestPathTrees<W>& to,
                                                     std::span<const std::uint32_t> sources,
                                                     std::vector<std::vector<W>>& out, std::vector<std::vector<W>>& in,
                                                     int threads) {
  const std::size_t n = from.n(), k = sources.size();
  out.resize(k);
  in.resize(k);
  std::vector<double> ecc(k, 0);
  const std::int64_t jobs = static_cast<std::int64_t>(k * (from.graph().directed ? 2 : 1));
  const W inf = ElementTraits<W>::kInf;
#pragma omp parallel num_threads(std::max(1, std::min <int>(threads, static_cast <int>(jobs))))
  {
    TreeWorkspace ws;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t job = 0; job < jobs; ++job) {
      const std::size_t i = static_cast<std::size_t>(job) % k;
      const bool to_source = static_cast<std::size_t>(job) >= k;
      std::vector<W>& d = to_source ? in[i] : out[i];
      d.resize(n);
      (to_source ? to : from).Tree(sources[i], d.data(), ws);
      if (to_source) continue;
      W e = 0;
      for (W x : d)
        if (x < inf && x > e) e = x;
      ecc[i] = static_cast<double>(e);
    }
  }
  return ecc;
}

}  // namespace gdist
