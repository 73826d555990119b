#include "lib/core/graph.hpp"

#include <cmath>

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

}  // namespace gdist
