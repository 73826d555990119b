#include "lib/matrix/adjacency.hpp"

#include <cmath>

#include "lib/core/range_check.hpp"
#include "lib/util/error.hpp"

namespace gdist {

ElementType ChooseElementType(const Graph& g) {
  if (!g.integral_weights) return ElementType::kFloat32;
  double max_abs = 0;
  bool negative = false;
  for (const Edge& e : g.edges) {
    max_abs = std::max(max_abs, std::fabs(e.weight));
    negative |= e.weight < 0;
  }
  return PathSumsFit<std::int32_t>(g.n, max_abs, negative) ? ElementType::kInt32 : ElementType::kInt64;
}

template <class T> DistMatrix<T> BuildAdjacency(const Graph& g, const AdjacencyOptions& options) {
  DistMatrix<T> m(g.n);
  m.meta().directed = g.directed;
  m.meta().kind = MatrixKind::kAdjacency;
  m.meta().labels = g.labels;
  const double inf = static_cast<double>(ElementTraits<T>::kInf);
  auto set = [&](std::uint32_t u, std::uint32_t v, T w) {
    T& cell = m.at(u, v);
    if (options.duplicates == DuplicatePolicy::kMin) {
      if (w < cell) cell = w;
    } else {
      cell = w;
    }
  };
  for (const Edge& e : g.edges) {
    if constexpr (std::is_integral_v<T>) {
      if (e.weight != std::floor(e.weight))
        throw Error(g.format_name + " input: weight " + std::to_string(e.weight) +
                    " is fractional; use --type float32");
    }
    if (std::fabs(e.weight) >= inf)
      throw Error(g.format_name + " input: weight " + std::to_string(e.weight) + " of arc " +
                  g.labels.label(e.from) + " -> " + g.labels.label(e.to) + " does not fit in " +
                  ElementTraits<T>::kName + "; use --type int64 or float32");
    if (e.from == e.to) {
      if (e.weight < 0)
        throw Error("negative cycle: vertex " + g.labels.label(e.from) + " has a self-loop of weight " +
                    std::to_string(e.weight));
      continue;  // a non-negative self-loop never shortens a path
    }
    T w = static_cast<T>(e.weight);
    set(e.from, e.to, w);
    if (!g.directed) set(e.to, e.from, w);
  }
  return m;
}

template DistMatrix<std::int32_t> BuildAdjacency<std::int32_t>(const Graph&, const AdjacencyOptions&);
template DistMatrix<std::int64_t> BuildAdjacency<std::int64_t>(const Graph&, const AdjacencyOptions&);
template DistMatrix<float> BuildAdjacency<float>(const Graph&, const AdjacencyOptions&);

}  // namespace gdist
