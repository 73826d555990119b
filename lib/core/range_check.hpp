// Host-side arithmetic safety proofs shared by every backend: can all path
// sums be held in T without reaching INF, and which narrower type would do.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "lib/core/element_traits.hpp"

namespace gdist {

// A shortest path has at most n-1 arcs, so every finite distance lies in
// [-(n-1)*max|w|, (n-1)*max|w|]. With non-negative weights that bound must
// stay below INF. With negative weights, "INF + w" sums drift below INF; they
// stay above INF - bound, so the bound must stay below INF/2 for the two
// ranges not to meet (the engine then maps every value above `bound` to INF).
// Floating types: +inf means "no path", so a finite path sum must stay finite
// (3e38 + 3e38 in float32 would read as unreachable); rounding is the type's.
template <class T> bool PathSumsFit(std::size_t n, double max_abs_weight, bool has_negative) {
  double bound = static_cast<double>(n > 0 ? n - 1 : 0) * max_abs_weight;
  if constexpr (std::is_floating_point_v<T>) return bound <= static_cast<double>(std::numeric_limits<T>::max());
  double inf = static_cast<double>(ElementTraits<T>::kInf);
  return has_negative ? 2 * bound < inf : bound < inf;
}

// Largest magnitude any finite distance can reach (see PathSumsFit).
inline double PathSumBound(std::size_t n, double max_abs_weight) {
  return static_cast<double>(n > 0 ? n - 1 : 0) * max_abs_weight;
}

// The GPU's 16-bit mode stores INF as kInt16Inf = 2^14-1 (element_traits.hpp),
// so that INF + INF (2^15-2) still fits the non-saturating 16-bit add of
// VIADDMNMX.S16x2.
//
// When an int32 matrix may run in 16 bits with bit-identical results:
// non-negative weights (no "INF + negative" drift to keep apart from real
// distances) and every finite distance d strictly below kInt16Inf (a distance
// of 2^14-1 would read as INF). The values are narrowed by clamping at
// kInt16Inf (an arc heavier than that may still exist: it is on no shortest
// path). Then every stored value is in [0, kInt16Inf], every sum a+b is at
// most 2*kInt16Inf < 2^15: no overflow; and clamping commutes with min-plus
// for non-negative values (min(min(a,K) + min(b,K), K) = min(a+b, K)), so the
// 16-bit run yields min(d, kInt16Inf): d itself, and INF16 exactly where d is
// infinite.
//
// The n-based proof: (n-1)*max|w| <= 2^14-2 (a shortest path has at most n-1
// arcs). Free, but only small graphs pass it.
inline bool Int16ModeFits(std::size_t n, double max_abs_weight, bool has_negative) {
  if (has_negative) return false;
  return PathSumBound(n, max_abs_weight) < static_cast<double>(kInt16Inf);
}

// The graph-derived proof: distance_bound (lib/engine/distance_bound.hpp, an
// upper bound on every finite distance; -1 = none computed) below kInt16Inf.
inline bool Int16BoundFits(std::int64_t distance_bound) { return distance_bound >= 0 && distance_bound < kInt16Inf; }

// The 16-bit mode's conversions of one value (the host's; the device's are
// kernels/cuda/int16_convert.cu): clamped at INF16 on the way down, INF16
// back to INF32 on the way up. Only valid under one of the proofs above.
constexpr std::int16_t NarrowToInt16Mode(std::int32_t v) {
  return static_cast<std::int16_t>(v < kInt16Inf ? v : kInt16Inf);
}
constexpr std::int32_t WidenFromInt16Mode(std::int16_t v) {
  return v == kInt16Inf ? ElementTraits<std::int32_t>::kInf : std::int32_t{v};
}

}  // namespace gdist
