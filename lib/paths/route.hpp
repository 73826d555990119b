// Reading routes out of a distance matrix with its next-hop section.
#pragma once
#include <optional>
#include <vector>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

template <class T> struct Route {
  std::vector<std::size_t> vertices;  // from ... to (just `from` when from == to)
  std::vector<T> weights;             // arc weights, vertices.size() - 1 of them
  T length{};
};

// The route from -> to, or nullopt when `to` is unreachable. Each arc weight is
// d(x, to) - d(next, to), exact because the arc is tight. Throws gdist::Error if
// the next-hop data is inconsistent (a corrupted or foreign section).
template <class T> std::optional<Route<T>> FindRoute(const MatrixView<T>& dist, const MatrixView<std::int32_t>& next,
                                                     std::size_t from, std::size_t to);

}  // namespace gdist
