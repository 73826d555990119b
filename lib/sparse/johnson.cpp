#include "lib/sparse/johnson.hpp"

#include <algorithm>
#include <optional>

#include "lib/core/element_traits.hpp"
#include "lib/graph/negative_cycle_walk.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;

// Potentials by SPFA; `hops[v]` is the arc count of v's current best path,
// which reaches n only when a negative cycle keeps lowering it.
template <class W, class D> std::vector<D> Potentials(const CsrGraph<W>& g) {
  const std::size_t n = g.n;
  std::vector<D> h(n, D(0));
  std::vector<std::uint64_t> hops(n, 0);
  std::vector<std::uint32_t> parent(n, kNoParent), walk;
  std::vector<std::uint8_t> queued(n, 1);
  std::vector<std::uint32_t> queue(n);
  for (std::size_t v = 0; v < n; ++v) queue[v] = static_cast<std::uint32_t>(v);
  std::size_t head = 0, size = n;
  std::uint64_t check_at = n;  // circular queue of capacity n (each vertex at most once)
  while (size > 0) {
    const std::uint32_t u = queue[head];
    head = (head + 1) % n;
    --size;
    queued[u] = 0;
    for (std::uint64_t a = g.out.offsets[u]; a < g.out.offsets[u + 1]; ++a) {
      const std::uint32_t v = g.out.targets[a];
      const D nd = h[u] + static_cast<D>(g.out.weights[a]);
      if (nd < h[v]) {
        h[v] = nd;
        parent[v] = u;
        hops[v] = hops[u] + 1;
        if (hops[v] >= check_at) {
          // A path of n or more arcs repeats a vertex. Any cycle of the
          // parent pointers has negative length (Cherkassky & Goldberg 1999);
          // when none exists yet, look again after twice as many hops.
          if (auto x = VertexOnParentCycle(parent, kNoParent, &walk))
            throw Error("negative cycle: vertex " + g.labels.label(*x) + " lies on a cycle of negative length");
          check_at *= 2;
        }
        if (!queued[v]) {
          queued[v] = 1;
          queue[(head + size) % n] = v;
          ++size;
        }
      }
    }
  }
  return h;
}

template <class D, class W>
CsrArcs<D> Reweighted(std::size_t n, const CsrArcs<W>& arcs, const std::vector<D>& h, bool transposed) {
  CsrArcs<D> r;
  r.offsets = arcs.offsets;
  r.targets = arcs.targets;
  r.weights.resize(arcs.weights.size());
  for (std::size_t u = 0; u < n; ++u)
    for (std::uint64_t a = arcs.offsets[u]; a < arcs.offsets[u + 1]; ++a) {
      const std::uint32_t v = arcs.targets[a];
      // In-arcs store the arc v -> u under u.
      const D w = static_cast<D>(arcs.weights[a]) + (transposed ? h[v] - h[u] : h[u] - h[v]);
      r.weights[a] = std::max(w, D(0));  // exact for integers; clamps float rounding
    }
  return r;
}

}  // namespace

template <class W> JohnsonWeights<W> ReweightForJohnson(const CsrGraph<W>& g) {
  using D = JohnsonDist<W>;
  JohnsonWeights<W> j;
  j.potential = Potentials<W, D>(g);
  j.out = Reweighted<D>(g.n, g.out, j.potential, false);
  if (g.directed) j.in = Reweighted<D>(g.n, g.in, j.potential, true);
  return j;
}

#define GDIST_INSTANTIATE(T) template JohnsonWeights<T> ReweightForJohnson(const CsrGraph<T>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
