#include "lib/engine/precision_choice.hpp"

#include <algorithm>

#include "lib/core/range_check.hpp"
#include "lib/engine/distance_bound.hpp"

namespace gdist {

PrecisionChoice ChoosePrecision(const MatrixView<std::int32_t>& m, double max_abs_weight, bool has_negative,
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
  const std::int64_t limit = kInt16Inf - 1;  // the largest distance 16 bits may hold
  if (Int16ModeFits(m.n, max_abs_weight, has_negative)) {
    c.element_bits = 16;
    c.distance_bound = static_cast<std::int64_t>(PathSumBound(m.n, max_abs_weight));
    c.reason = "(n-1) x max weight = " + std::to_string(c.distance_bound) + " <= " + std::to_string(limit);
    return c;
  }
  // Arcs and reversed arcs take 16 bytes each: at most half the int32
  // matrix's bytes (n^2 / 8 arcs; the n^2 / 10 of a dense benchmark graph fit).
  const std::size_t max_arcs = std::max<std::size_t>(m.n * m.n / 8, std::size_t{1} << 16);
  ArcCsr arcs;
  if (!CsrOfAdjacency(m, max_arcs, &arcs)) {
    c.reason = "too many arcs (" + std::to_string(arcs.offsets.back()) + " > n^2/8) for the graph's distance bound";
    return c;
  }
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

}  // namespace gdist
