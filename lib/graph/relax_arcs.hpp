// The relaxation step every Dijkstra variant shares (radix heap, binary heap,
// Dial's buckets): each out-arc of u that shortens a distance updates it and
// hands (new distance, head) to the variant's queue.
#pragma once
#include <cstdint>

#include "lib/graph/csr.hpp"

namespace gdist {

template <class D, class W, class Push>
inline void RelaxOutArcs(const CsrView<W>& g, std::uint32_t u, D* dist, Push&& push) {
  const D du = dist[u];
  for (std::uint64_t a = g.offsets[u], e = g.offsets[u + 1]; a < e; ++a) {
    const std::uint32_t v = g.targets[a];
    const D nd = du + static_cast<D>(g.weights[a]);
    if (nd < dist[v]) {
      dist[v] = nd;
      push(nd, v);
    }
  }
}

}  // namespace gdist
