#include "lib/sparse/components.hpp"

#include <algorithm>

#include "lib/core/element_traits.hpp"
#include "lib/graph/strong_components.hpp"

namespace gdist {

namespace {

Components Finish(std::vector<std::uint32_t> id, std::uint32_t count) {
  Components c;
  c.id = std::move(id);
  c.count = count;
  c.sizes.assign(count, 0);
  for (std::uint32_t x : c.id) ++c.sizes[x];
  for (std::uint32_t k = 1; k < count; ++k)
    if (c.sizes[k] > c.sizes[c.largest]) c.largest = k;
  return c;
}

}  // namespace

template <class W> Components WeakComponents(const CsrGraph<W>& g) {
  constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  std::vector<std::uint32_t> id(g.n, kNone);
  std::vector<std::uint32_t> stack;
  const CsrView<W> out = g.Out(), in = g.In();
  std::uint32_t count = 0;
  for (std::size_t s = 0; s < g.n; ++s) {
    if (id[s] != kNone) continue;
    id[s] = count;
    stack.push_back(static_cast<std::uint32_t>(s));
    while (!stack.empty()) {
      std::uint32_t u = stack.back();
      stack.pop_back();
      for (const CsrView<W>* view : {&out, &in}) {
        for (std::uint32_t v : view->Targets(u))
          if (id[v] == kNone) {
            id[v] = count;
            stack.push_back(v);
          }
        if (!g.directed) break;
      }
    }
    ++count;
  }
  return Finish(std::move(id), count);
}

// The graph layer's Tarjan (lib/graph/strong_components.hpp) on the out-arcs.
template <class W> Components StrongComponents(const CsrGraph<W>& g) {
  if (!g.directed) return WeakComponents(g);
  std::size_t count = 0;
  std::vector<std::uint32_t> id = StrongComponentIds(g.Out(), &count);
  return Finish(std::move(id), static_cast<std::uint32_t>(count));
}

template <class W> CsrGraph<W> InducedSubgraph(const CsrGraph<W>& g, const std::vector<std::uint8_t>& keep) {
  constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  std::vector<std::uint32_t> new_id(g.n, kNone);
  std::vector<std::string> labels;
  std::uint32_t m = 0;
  for (std::size_t v = 0; v < g.n; ++v)
    if (keep[v]) {
      new_id[v] = m++;
      labels.push_back(g.labels.label(v));
    }
  CsrGraph<W> s;
  s.n = m;
  s.directed = g.directed;
  s.decimal_scale = g.decimal_scale;
  s.labels = VertexLabels::FromStrings(std::move(labels));
  s.out.offsets.assign(m + 1, 0);
  for (std::size_t v = 0; v < g.n; ++v) {
    if (!keep[v]) continue;
    for (std::uint64_t a = g.out.offsets[v]; a < g.out.offsets[v + 1]; ++a) {
      std::uint32_t t = new_id[g.out.targets[a]];
      if (t == kNone) continue;
      s.out.targets.push_back(t);  // old order kept, so still sorted by target
      s.out.weights.push_back(g.out.weights[a]);
    }
    s.out.offsets[new_id[v] + 1] = s.out.targets.size();
  }
  for (W w : s.out.weights) {
    s.unit_weights &= (w == W(1));
    s.has_negative |= (w < W(0));
    s.max_abs_weight = std::max(s.max_abs_weight, w < W(0) ? W(-w) : w);
  }
  if (s.directed) s.in = TransposeArcs(s.n, s.out);
  return s;
}

template <class W> CsrGraph<W> LargestComponent(const CsrGraph<W>& g, ComponentKind kind) {
  Components c = FindComponents(g, kind);
  if (c.count <= 1) return g;
  std::vector<std::uint8_t> keep(g.n);
  for (std::size_t v = 0; v < g.n; ++v) keep[v] = c.id[v] == c.largest;
  return InducedSubgraph(g, keep);
}

#define GDIST_INSTANTIATE(W)                                                                  \
  template Components WeakComponents(const CsrGraph<W>&);                                     \
  template Components StrongComponents(const CsrGraph<W>&);                                   \
  template CsrGraph<W> InducedSubgraph(const CsrGraph<W>&, const std::vector<std::uint8_t>&); \
  template CsrGraph<W> LargestComponent(const CsrGraph<W>&, ComponentKind);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
