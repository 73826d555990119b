#include "lib/paths/route.hpp"

#include "lib/paths/next_hop.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class T> std::optional<Route<T>> FindRoute(const MatrixView<T>& dist, const MatrixView<std::int32_t>& next,
                                                     std::size_t from, std::size_t to) {
  if (dist.at(from, to) >= ElementTraits<T>::kInf) return std::nullopt;
  Route<T> r;
  r.length = dist.at(from, to);
  r.vertices.push_back(from);
  std::size_t x = from;
  while (x != to) {
    const std::int32_t y = next.at(x, to);
    if (y < 0 || static_cast<std::size_t>(y) >= dist.n || r.vertices.size() > dist.n)
      throw Error("the next-hop section is inconsistent with the distances (at vertex index " + std::to_string(x) +
                  ")");
    r.weights.push_back(static_cast<T>(dist.at(x, to) - dist.at(static_cast<std::size_t>(y), to)));
    x = static_cast<std::size_t>(y);
    r.vertices.push_back(x);
  }
  return r;
}

template std::optional<Route<std::int32_t>> FindRoute(const MatrixView<std::int32_t>&, const MatrixView<std::int32_t>&,
                                                      std::size_t, std::size_t);
template std::optional<Route<std::int64_t>> FindRoute(const MatrixView<std::int64_t>&, const MatrixView<std::int32_t>&,
                                                      std::size_t, std::size_t);
template std::optional<Route<float>> FindRoute(const MatrixView<float>&, const MatrixView<std::int32_t>&, std::size_t,
                                               std::size_t);
template std::optional<Route<double>> FindRoute(const MatrixView<double>&, const MatrixView<std::int32_t>&, std::size_t,
                                                std::size_t);

}  // namespace gdist
