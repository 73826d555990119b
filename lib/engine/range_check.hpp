// Host-side arithmetic safety proofs shared by every backend: can all path
// sums be held in T without reaching INF, and which narrower type would do.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "lib/matrix/element_type.hpp"

namespace gdist {

// A shortest path has at most n-1 arcs, so every finite distance lies in
// [-(n-1)*max|w|, (n-1)*max|w|]. With non-negative weights that bound must
// stay below INF. With negative weights, "INF + w" sums drift below INF; they
// stay above INF - bound, so the bound must stay below INF/2 for the two
// ranges not to meet (the engine then maps every value above `bound` to INF).
template <class T> bool PathSumsFit(std::size_t n, double max_abs_weight, bool has_negative) {
  if constexpr (std::is_floating_point_v<T>) return true;  // +inf absorbs; rounding is the user's choice
  double bound = static_cast<double>(n > 0 ? n - 1 : 0) * max_abs_weight;
  double inf = static_cast<double>(ElementTraits<T>::kInf);
  return has_negative ? 2 * bound < inf : bound < inf;
}

// Largest magnitude any finite distance can reach (see PathSumsFit).
inline double PathSumBound(std::size_t n, double max_abs_weight) {
  return static_cast<double>(n > 0 ? n - 1 : 0) * max_abs_weight;
}

}  // namespace gdist
