#include "lib/road/hierarchy_reach.hpp"

#include <algorithm>
#include <numeric>

#include "lib/core/element_traits.hpp"

namespace gdist {

template <class W> CsrGraph<W> HierarchyReachGraph(const ContractionHierarchy<W>& ch) {
  const std::size_t n = ch.n;
  CsrGraph<W> g;
  g.n = n;
  g.directed = ch.directed;
  // Up arcs v -> x leave v; down arcs x -> v (stored at v) leave x.
  std::vector<std::uint64_t>& offsets = g.out.offsets;
  offsets.assign(n + 1, 0);
  for (std::size_t p = 0; p < n; ++p) {
    offsets[ch.vertex_at[p] + 1] += ch.up.offsets[p + 1] - ch.up.offsets[p];
    for (std::uint64_t a = ch.down.offsets[p]; a < ch.down.offsets[p + 1]; ++a)
      ++offsets[ch.vertex_at[ch.down.ends[a]] + 1];
  }
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  g.out.targets.resize(offsets[n]);
  g.out.weights.resize(offsets[n]);
  std::vector<std::uint64_t> next(offsets.begin(), offsets.end() - 1);
  const auto add = [&](std::uint32_t from, std::uint32_t to, W w) {
    const std::uint64_t slot = next[from]++;
    g.out.targets[slot] = to;
    g.out.weights[slot] = w;
  };
  for (std::size_t p = 0; p < n; ++p) {
    const std::uint32_t v = ch.vertex_at[p];
    for (std::uint64_t a = ch.up.offsets[p]; a < ch.up.offsets[p + 1]; ++a)
      add(v, ch.vertex_at[ch.up.ends[a]], ch.up.weights[a]);
    for (std::uint64_t a = ch.down.offsets[p]; a < ch.down.offsets[p + 1]; ++a)
      add(ch.vertex_at[ch.down.ends[a]], v, ch.down.weights[a]);
  }
  g.unit_weights = std::all_of(g.out.weights.begin(), g.out.weights.end(), [](W w) { return w == W(1); });
  if (g.directed) g.in = TransposeArcs(n, g.out);
  return g;
}

#define GDIST_INSTANTIATE(W) template CsrGraph<W> HierarchyReachGraph(const ContractionHierarchy<W>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
