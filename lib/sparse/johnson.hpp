// Johnson re-weighting for graphs with negative arcs: potentials h from a
// virtual source joined to every vertex by a 0 arc (queue-based Bellman-Ford,
// "SPFA"), then w'(u,v) = w(u,v) + h(u) - h(v) >= 0 lets Dijkstra run, and
// d(s,t) = d'(s,t) - h(s) + h(t). A negative cycle is a gdist::Error naming a
// vertex on it (the dense engine's message).
#pragma once
#include <cstdint>
#include <type_traits>
#include <vector>

#include "lib/sparse/csr_graph.hpp"

namespace gdist {

// Wide type for potentials and re-weighted distances: int64 for integer
// graphs (|h| <= (n-1)*max|w|, proven to fit), double for float graphs.
template <class W> using JohnsonDist = std::conditional_t<std::is_integral_v<W>, std::int64_t, double>;

template <class W> struct JohnsonWeights {
  std::vector<JohnsonDist<W>> potential;  // h, one per vertex (<= 0)
  CsrArcs<JohnsonDist<W>> out;            // re-weighted out-arcs, all >= 0
  CsrArcs<JohnsonDist<W>> in;             // re-weighted in-arcs (directed graphs)
};

template <class W> JohnsonWeights<W> ReweightForJohnson(const CsrGraph<W>& g);

}  // namespace gdist
