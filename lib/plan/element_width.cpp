#include "lib/plan/element_width.hpp"

#include <cmath>

#include "lib/core/element_traits.hpp"
#include "lib/engine/distance_bound.hpp"
#include "lib/matrix/adjacency.hpp"

namespace gdist {

namespace {

// The graph's arcs with int32 weights, both ways for an undirected graph,
// self-loops left out (a non-negative one is on no shortest path). nullopt
// when a weight is negative, fractional or not below the int32 INF.
std::optional<ArcCsr> Int32Arcs(const Graph& g) {
  ArcCsr a;
  a.n = g.n;
  a.offsets.assign(g.n + 1, 0);
  for (const Edge& e : g.edges) {
    if (e.weight < 0 || e.weight != std::floor(e.weight) ||
        e.weight >= static_cast<double>(ElementTraits<std::int32_t>::kInf))
      return std::nullopt;
    if (e.from == e.to) continue;
    ++a.offsets[e.from + 1];
    if (!g.directed) ++a.offsets[e.to + 1];
  }
  for (std::size_t v = 0; v < g.n; ++v) a.offsets[v + 1] += a.offsets[v];
  a.heads.resize(a.offsets[g.n]);
  a.weights.resize(a.offsets[g.n]);
  std::vector<std::size_t> next(a.offsets.begin(), a.offsets.end() - 1);
  auto add = [&](std::uint32_t u, std::uint32_t v, double w) {
    const std::size_t i = next[u]++;
    a.heads[i] = v;
    a.weights[i] = static_cast<std::int32_t>(w);
  };
  for (const Edge& e : g.edges) {
    if (e.from == e.to) continue;
    add(e.from, e.to, e.weight);
    if (!g.directed) add(e.to, e.from, e.weight);
  }
  return a;
}

}  // namespace

ElementType ChooseDistanceType(const Graph& g, DuplicatePolicy duplicates) {
  const ElementType type = ChooseElementType(g);
  // Past 2^53 the weights are int64 for good; "last duplicate wins" may keep a heavier arc than the bound saw.
  if (type != ElementType::kInt64 || !g.exact_weights.empty() || duplicates != DuplicatePolicy::kMin) return type;
  const std::optional<ArcCsr> arcs = Int32Arcs(g);
  if (!arcs) return type;
  return BoundLargestDistance(*arcs, kMaxDistanceBoundLimit).within_limit ? ElementType::kInt32 : type;
}

}  // namespace gdist
