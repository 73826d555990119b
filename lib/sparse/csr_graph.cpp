#include "lib/sparse/csr_graph.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "lib/core/element_traits.hpp"
#include "lib/engine/arcs_adjacency.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class W> CsrGraph<W> BuildCsrGraph(const Graph& g, const AdjacencyOptions& options) {
  if (g.n > std::size_t{0xFFFFFFFEu}) throw Error(g.format_name + " input: more than 2^32-2 vertices");
  CsrGraph<W> c;
  c.n = g.n;
  c.directed = g.directed;
  c.labels = g.labels;
  c.decimal_scale = g.decimal_scale;
  c.lon_lat = g.lon_lat;
  const std::size_t n = g.n;

  // Counting sort of the arcs by source, in file order within a source (so
  // that "last duplicate wins" sees the file's order).
  // The arcs and weight checks are the dense builder's (ForEachMatrixArc:
  // undirected edges both ways, self-loops dropped, int64 past 2^53 exact).
  CheckWeightsFit<W>(g);
  std::vector<std::uint64_t> count(n + 1, 0);
  ForEachMatrixArc<W>(g, [&](std::size_t from, std::size_t, W) { ++count[from + 1]; });
  std::partial_sum(count.begin(), count.end(), count.begin());
  std::vector<std::uint32_t> targets(count[n]);
  std::vector<W> weights(count[n]);
  {
    std::vector<std::uint64_t> next(count.begin(), count.end() - 1);
    ForEachMatrixArc<W>(g, [&](std::size_t from, std::size_t to, W w) {
      const std::uint64_t s = next[from]++;
      targets[s] = static_cast<std::uint32_t>(to);
      weights[s] = w;
    });
  }

  // Per source: stable sort by target, then one arc per target (min weight,
  // or the last one in file order).
  c.out.offsets.assign(n + 1, 0);
  std::vector<std::uint32_t> order;
  std::vector<std::pair<std::uint32_t, W>> arcs;
  std::uint64_t write = 0;
  for (std::size_t u = 0; u < n; ++u) {
    const std::uint64_t begin = count[u], end = count[u + 1];
    const std::size_t deg = static_cast<std::size_t>(end - begin);
    order.resize(deg);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return targets[begin + a] < targets[begin + b]; });
    // Written in place behind the read position: gather first.
    arcs.resize(deg);
    for (std::size_t i = 0; i < deg; ++i) arcs[i] = {targets[begin + order[i]], weights[begin + order[i]]};
    for (std::size_t i = 0; i < deg;) {
      std::size_t j = i;
      W w = arcs[i].second;
      while (j + 1 < deg && arcs[j + 1].first == arcs[i].first) {
        ++j;
        w = options.duplicates == DuplicatePolicy::kMin ? std::min(w, arcs[j].second) : arcs[j].second;
      }
      targets[write] = arcs[i].first;
      weights[write] = w;
      ++write;
      i = j + 1;
    }
    c.out.offsets[u + 1] = write;
  }
  targets.resize(write);
  targets.shrink_to_fit();
  weights.resize(write);
  weights.shrink_to_fit();
  c.out.targets = std::move(targets);
  c.out.weights = std::move(weights);

  for (W w : c.out.weights) {
    c.unit_weights &= (w == W(1));
    c.has_negative |= (w < W(0));
    c.max_abs_weight = std::max(c.max_abs_weight, w < W(0) ? W(-w) : w);
  }
  if (c.directed) c.in = TransposeArcs(n, c.out);
  return c;
}

template <class W> DistMatrix<W> CsrToAdjacency(const CsrGraph<W>& g) {
  DistMatrix<W> m(g.n);
  m.meta().directed = g.directed;
  m.meta().kind = MatrixKind::kAdjacency;
  m.meta().labels = g.labels;
  m.meta().decimal_scale = g.decimal_scale;
  m.meta().lon_lat = g.lon_lat;
  FillAdjacency(g.Out(), m);
  return m;
}

#define GDIST_INSTANTIATE(T)                                 \
  template DistMatrix<T> CsrToAdjacency(const CsrGraph<T>&); \
  template CsrGraph<T> BuildCsrGraph<T>(const Graph&, const AdjacencyOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
