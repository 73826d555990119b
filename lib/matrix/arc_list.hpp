// Outgoing arcs of every vertex (CSR), taken from an adjacency matrix before
// the engine overwrites it with distances: path reconstruction (lib/paths) and
// the negative-cycle certificate (lib/engine/negative_cycle) both need them.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

template <class T> struct ArcList {
  std::vector<std::size_t> first;  // arcs of u: [first[u], first[u+1])
  std::vector<std::uint32_t> head;
  std::vector<T> weight;
  std::size_t n() const { return first.empty() ? 0 : first.size() - 1; }
};

// Every finite off-diagonal cell is an arc; heads are in increasing order.
template <class T> ArcList<T> ArcsOfAdjacency(const MatrixView<T>& adjacency);

}  // namespace gdist
