// Bellman-Ford from a virtual source over the dense adjacency matrix. Run
// before Floyd-Warshall whenever a weight is negative: FW on a graph with a
// negative cycle drives values down without bound and an integer matrix would
// wrap, so we refuse such graphs up front and name a vertex on the cycle.
#pragma once
#include <cstddef>
#include <optional>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

// A vertex on some negative cycle, or nullopt when there is none.
template <class T> std::optional<std::size_t> FindNegativeCycle(const MatrixView<T>& adjacency);

}  // namespace gdist
