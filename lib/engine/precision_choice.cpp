#include "lib/engine/precision_choice.hpp"

#include <algorithm>
#include <optional>

#include "lib/core/range_check.hpp"
#include "lib/engine/distance_bound.hpp"

namespace gdist {

namespace {

// The checks and the n-based rule, before any arcs are looked at: a choice
// made (16 or 32 bits, with its reason), or nothing when the graph's own
// bound must decide.
std::optional<PrecisionChoice> ChooseWithoutArcs(std::size_t n, double max_abs_weight, bool has_negative,
                                                 bool allow_int16) {
  PrecisionChoice c;
  if (!allow_int16) {
    c.reason = "16-bit elements not allowed by the caller";
    return c;
  }
  if (has_negative) {
    // "INF + negative" sums would have to be told apart from real distances in
    // a range that has no room for it; Johnson reweighting could lift this.
    c.reason = "negative arc weights: 16-bit elements need non-negative ones";
    return c;
  }
  if (Int16ModeFits(n, max_abs_weight, has_negative)) {
    c.element_bits = 16;
    c.distance_bound = static_cast<std::int64_t>(PathSumBound(n, max_abs_weight));
    c.reason = "(n-1) x max weight = " + std::to_string(c.distance_bound) + " <= " + std::to_string(kInt16Inf - 1);
    return c;
  }
  return std::nullopt;
}

// The graph's own bound (distance_bound.hpp) over its arcs.
PrecisionChoice ChooseByBound(const CsrView<std::int32_t>& arcs) {
  const std::int64_t limit = kInt16Inf - 1;  // the largest distance 16 bits may hold
  PrecisionChoice c;
  const DistanceBound b = BoundLargestDistance(arcs, limit);
  if (!b.within_limit) {
    c.reason = "largest finite distance not proven <= " + std::to_string(limit) + " (shortest-path trees over " +
               std::to_string(b.strong_components) + " strong components)";
    return c;
  }
  c.element_bits = 16;
  c.distance_bound = b.bound;
  c.reason = "every finite distance <= " + std::to_string(b.bound) + " (shortest-path trees over " +
             std::to_string(b.strong_components) + " strong components)";
  return c;
}

}  // namespace

PrecisionChoice ChoosePrecision(const MatrixView<std::int32_t>& m, double max_abs_weight, bool has_negative,
                                bool allow_int16, std::size_t max_arcs) {
  if (auto c = ChooseWithoutArcs(m.n, max_abs_weight, has_negative, allow_int16)) return *c;
  // Arcs and reversed arcs take 16 bytes each: at most half the int32
  // matrix's bytes (n^2 / 8 arcs; the n^2 / 10 of a dense benchmark graph fit).
  const std::size_t by_n = std::max<std::size_t>(m.n * m.n / 8, std::size_t{1} << 16);
  const bool capped = max_arcs != 0 && max_arcs < by_n;
  const std::size_t limit = capped ? max_arcs : by_n;
  ArcCsr arcs;
  if (!CsrOfAdjacency(m, limit, &arcs)) {
    PrecisionChoice c;
    c.reason = "too many arcs (" + std::to_string(arcs.offsets.back()) + " > " +
               (capped ? std::to_string(limit) + ", 16 bytes each within the memory limit" : std::string("n^2/8")) +
               ") for the graph's distance bound";
    return c;
  }
  return ChooseByBound(arcs.View());
}

PrecisionChoice ChoosePrecisionOfArcs(const CsrView<std::int32_t>& arcs, double max_abs_weight, bool has_negative,
                                      bool allow_int16) {
  if (auto c = ChooseWithoutArcs(arcs.n, max_abs_weight, has_negative, allow_int16)) return *c;
  return ChooseByBound(arcs);
}

}  // namespace gdist
