#include "lib/core/graph.hpp"

#include <algorithm>
#include <cmath>

#include "lib/core/decimal_scale.hpp"
#include "lib/core/range_check.hpp"

namespace gdist {

void Graph::AddEdge(std::uint32_t u, std::uint32_t v, const Weight& w, std::size_t line) {
  edges.push_back({u, v, w.value});
  if (!exact_weights.empty()) exact_weights.push_back(w.integer);
  SetLastWeight(w, line);
}

void Graph::SetLastWeight(const Weight& w, std::size_t line) {
  edges.back().weight = w.value;
  if (!w.is_integer) {
    integral_weights = false;
    if (fraction_line == 0) fraction_line = line;
  }
  if (!w.float32_keeps_digits) float32_keeps_digits = false;
  const int digits = w.is_integer ? 0 : w.decimal_digits > 0 ? w.decimal_digits : -1;
  if (digits < 0 || decimal_digits < 0) decimal_digits = -1;
  else if (digits > decimal_digits) decimal_digits = digits;
  if (std::fabs(w.value) > max_abs_seen) {
    max_abs_seen = std::fabs(w.value);
    max_abs_line = line;
  }
  constexpr std::int64_t kExactInDouble = std::int64_t{1} << 53;
  const bool wide = w.is_integer && (w.integer > kExactInDouble || w.integer < -kExactInDouble);
  if (wide && exact_weights.empty()) {
    // Every earlier weight is exact in its double (none was past 2^53).
    exact_weights.reserve(edges.size());
    for (const Edge& e : edges) exact_weights.push_back(static_cast<std::int64_t>(e.weight));
    wide_integer_line = line;
  }
  if (!exact_weights.empty()) exact_weights.back() = w.is_integer ? w.integer : static_cast<std::int64_t>(w.value);
}

bool ScaleDecimalWeights(Graph& g) {
  if (g.decimal_scale > 0 || g.integral_weights || g.decimal_digits <= 0 || g.decimal_digits > kMaxDecimalDigits ||
      !g.exact_weights.empty())
    return false;
  const double factor = Pow10(g.decimal_digits);
  const double limit = static_cast<double>(kMaxScaledDecimal);
  double max_abs = 0;
  bool negative = false;
  for (const Edge& e : g.edges) {
    max_abs = std::max(max_abs, std::fabs(e.weight));
    negative |= e.weight < 0;
  }
  if (max_abs * factor > limit || !PathSumsFit<std::int64_t>(g.n, max_abs * factor, negative)) return false;
  // Every weight is m / 10^k (k <= d) rounded once to a double; times 10^d it
  // is within 1/4 of the integer m x 10^(d-k) (|m x 10^(d-k)| <= 2^50), so
  // rounding to the nearest integer recovers it exactly.
  for (Edge& e : g.edges) e.weight = std::nearbyint(e.weight * factor);
  g.integral_weights = true;
  g.float32_keeps_digits = false;
  g.max_abs_seen = std::nearbyint(g.max_abs_seen * factor);
  g.fraction_line = 0;
  g.decimal_scale = g.decimal_digits;
  return true;
}

}  // namespace gdist
