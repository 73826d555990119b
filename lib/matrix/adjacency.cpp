#include "lib/matrix/adjacency.hpp"

#include <charconv>
#include <cmath>

#include "lib/core/decimal_scale.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/core/range_check.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

struct WeightScan {
  double max_abs = 0;
  bool negative = false;
};

WeightScan Scan(const Graph& g) {
  WeightScan s;
  for (const Edge& e : g.edges) {
    s.max_abs = std::max(s.max_abs, std::fabs(e.weight));
    s.negative |= e.weight < 0;
  }
  return s;
}

// The shortest text that reads back as v (std::to_chars), for messages.
std::string Shortest(double v) {
  if (v == std::floor(v) && std::fabs(v) < 9.2e18) return ExactText(static_cast<long long>(v));
  return ExactText(v);
}

// "file:line: " when the reader recorded where, else nothing (hand-built graphs).
std::string Where(const Graph& g, std::size_t line) {
  return !g.source.empty() && line > 0 ? g.source + ":" + std::to_string(line) + ": " : std::string();
}

}  // namespace

ElementType ChooseElementType(const Graph& g) {
  const WeightScan s = Scan(g);
  if (g.integral_weights)
    return PathSumsFit<std::int32_t>(g.n, s.max_abs, s.negative) ? ElementType::kInt32 : ElementType::kInt64;
  if (!g.exact_weights.empty())
    throw Error(Where(g, g.wide_integer_line) + "an integer weight needs more than 53 bits, and " +
                (g.fraction_line > 0 ? "line " + std::to_string(g.fraction_line) + " holds" : "the input holds") +
                " a fractional weight: float64 would round the integer and int64 cannot hold the fraction; "
                "scale the weights to integers, or round the large ones yourself");
  // float32 when it keeps every digit the input has and no path sum overflows it.
  if (g.float32_keeps_digits && PathSumsFit<float>(g.n, s.max_abs, s.negative)) return ElementType::kFloat32;
  return ElementType::kFloat64;
}

template <class T> void CheckWeightsFit(const Graph& g) {
  const WeightScan s = Scan(g);
  if constexpr (std::is_integral_v<T>) {
    if (!g.integral_weights) {
      std::size_t i = 0;
      while (i < g.edges.size() && g.edges[i].weight == std::floor(g.edges[i].weight) &&
             std::fabs(g.edges[i].weight) <= 9007199254740992.0)
        ++i;
      const double w = i < g.edges.size() ? g.edges[i].weight : 0.0;
      throw Error(Where(g, g.fraction_line) + "weight " + Shortest(w) + " is not an integer " +
                  ElementTraits<T>::kName + " holds exactly; use " + OptionText(Option::kType, "float64") +
                  " (or float32)");
    }
  }
  if (s.max_abs >= static_cast<double>(std::numeric_limits<T>::max()) ||
      (std::is_integral_v<T> && s.max_abs >= static_cast<double>(ElementTraits<T>::kInf)))
    throw Error(Where(g, g.max_abs_line) + "weight " + Shortest(s.max_abs) + " does not fit in " +
                ElementTraits<T>::kName + " (INF is " + Shortest(static_cast<double>(ElementTraits<T>::kInf)) +
                "); use " +
                OptionText(Option::kType, std::is_same_v<T, std::int32_t> && g.integral_weights ? "int64" : "float64"));
}

template <class T> DistMatrix<T> BuildAdjacency(const Graph& g, const AdjacencyOptions& options) {
  CheckWeightsFit<T>(g);
  DistMatrix<T> m(g.n);
  m.meta().directed = g.directed;
  m.meta().kind = MatrixKind::kAdjacency;
  m.meta().labels = g.labels;
  m.meta().decimal_scale = g.decimal_scale;
  m.meta().lon_lat = g.lon_lat;
  auto set = [&](std::uint32_t u, std::uint32_t v, T w) {
    T& cell = m.at(u, v);
    if (options.duplicates == DuplicatePolicy::kMin) {
      if (w < cell) cell = w;
    } else {
      cell = w;
    }
  };
  ForEachMatrixArc<T>(g, set);
  return m;
}

void ThrowNegativeSelfLoop(const Graph& g, const Edge& e) {
  // Exact decimals (lib/core/decimal_scale.hpp): the weight as the input wrote it.
  const std::string w =
      g.decimal_scale > 0 ? DecimalScale{g.decimal_scale}.Text(static_cast<Int128>(e.weight)) : Shortest(e.weight);
  throw Error("negative cycle: vertex " + g.labels.label(e.from) + " has a self-loop of weight " + w);
}

#define GDIST_INSTANTIATE(T)                      \
  template void CheckWeightsFit<T>(const Graph&); \
  template DistMatrix<T> BuildAdjacency<T>(const Graph&, const AdjacencyOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
