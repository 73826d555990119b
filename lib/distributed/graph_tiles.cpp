#include "lib/distributed/graph_tiles.hpp"

#include <algorithm>
#include <cstdint>

#include "lib/core/element_traits.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class T> std::vector<ResolvedArc<T>> ResolveArcs(const Graph& g, DuplicatePolicy policy) {
  CheckWeightsFit<T>(g);
  struct Keyed {
    std::uint32_t from, to;
    std::uint64_t order;  // "last" keeps the latest
    T weight;
  };
  std::vector<Keyed> all;
  all.reserve(g.edges.size() * (g.directed ? 1 : 2));
  std::uint64_t order = 0;  // the matrix's order of assignments
  ForEachMatrixArc<T>(g, [&](std::uint32_t u, std::uint32_t v, T w) { all.push_back({u, v, order++, w}); });
  std::sort(all.begin(), all.end(), [](const Keyed& a, const Keyed& b) {
    return a.from != b.from ? a.from < b.from : a.to != b.to ? a.to < b.to : a.order < b.order;
  });
  std::vector<ResolvedArc<T>> out;
  for (std::size_t k = 0; k < all.size();) {
    std::size_t end = k + 1;
    T w = all[k].weight;
    for (; end < all.size() && all[end].from == all[k].from && all[end].to == all[k].to; ++end)
      w = policy == DuplicatePolicy::kMin ? std::min(w, all[end].weight) : all[end].weight;
    // INF in an unset cell: the matrix's "min" keeps a weight only below it (never the case: CheckWeightsFit).
    out.push_back({all[k].from, all[k].to, w});
    k = end;
  }
  return out;
}

template <class T>
std::vector<LocalEntry<T>> LocalEntries(const std::vector<ResolvedArc<T>>& arcs, const LocalTiles& tiles) {
  constexpr std::size_t kB = kTile;
  const std::size_t ld = tiles.local_cols() * kB;
  std::vector<LocalEntry<T>> out;
  for (const ResolvedArc<T>& a : arcs) {
    const std::size_t ti = a.from / kB, tj = a.to / kB;
    if (!tiles.owns_row(ti) || !tiles.owns_col(tj)) continue;
    const std::size_t li = tiles.local_row(ti) * kB + a.from % kB, lj = tiles.local_col(tj) * kB + a.to % kB;
    out.push_back({li * ld + lj, a.weight});
  }
  return out;
}

template <class T> ArcList<T> SnapshotOf(std::size_t n, const std::vector<ResolvedArc<T>>& arcs) {
  ArcList<T> s;
  s.first.assign(n + 1, 0);
  s.head.reserve(arcs.size());
  s.weight.reserve(arcs.size());
  for (const ResolvedArc<T>& a : arcs) {
    ++s.first[a.from + 1];
    s.head.push_back(a.to);
    s.weight.push_back(a.weight);
  }
  for (std::size_t v = 0; v < n; ++v) s.first[v + 1] += s.first[v];
  return s;
}

#define GDIST_GRAPH_TILES(T)                                                                               \
  template std::vector<ResolvedArc<T>> ResolveArcs(const Graph&, DuplicatePolicy);                         \
  template std::vector<LocalEntry<T>> LocalEntries(const std::vector<ResolvedArc<T>>&, const LocalTiles&); \
  template ArcList<T> SnapshotOf(std::size_t, const std::vector<ResolvedArc<T>>&);
GDIST_FOR_EACH_ELEMENT(GDIST_GRAPH_TILES)
#undef GDIST_GRAPH_TILES

}  // namespace gdist
