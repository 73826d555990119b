// How a matrix distance becomes the cost a swap-based solver minimises.
// p-median minimises weighted distance; MCLP (and the p-center covering test)
// minimise the weight left uncovered, i.e. a p-median over 0/1 costs
// [d > R] (Church & ReVelle 1974 note the equivalence), so one interchange
// engine serves both. Host and device code (the GPU gain table) share these.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>

#include "lib/matrix/element_type.hpp"
#include "lib/util/host_device.hpp"

namespace gdist {

// Distance as is; an unreachable pair costs `penalty` (above every finite distance).
template <class T> struct MedianCost {
  double penalty = 1;
  GDIST_HOST_DEVICE double operator()(T v) const {
    return v < ElementTraits<T>::kInf ? static_cast<double>(v) : penalty;
  }
  // Integer T: the bound b with (*this)(v) < x  <=>  v < b, so hot loops
  // compare raw matrix entries and convert only the few that pass.
  GDIST_HOST_DEVICE T Below(double x) const {
    const double inf = static_cast<double>(ElementTraits<T>::kInf);
    return static_cast<T>(ceil(x < inf ? x : inf));
  }
};

// 0 when the pair is within the radius, 1 otherwise (unreachable included).
template <class T> struct CoverCost {
  T radius{};
  double penalty = 1;
  GDIST_HOST_DEVICE double operator()(T v) const { return v <= radius && v < ElementTraits<T>::kInf ? 0.0 : 1.0; }
  GDIST_HOST_DEVICE T Below(double x) const {  // only a covered pair (cost 0) is below a positive x
    if (x <= 0) return std::numeric_limits<T>::lowest();
    return radius < ElementTraits<T>::kInf ? static_cast<T>(radius + 1) : ElementTraits<T>::kInf;
  }
};

// A matrix entry as a distance, unreachable = +infinity: p-center's passes,
// on the host (p_center.cpp) and on the device (siting_device_pcenter_passes.cu).
template <class T> GDIST_HOST_DEVICE double DistanceOrInfinity(T v) {
  return v < ElementTraits<T>::kInf ? static_cast<double>(v) : std::numeric_limits<double>::infinity();
}

// The penalty solvers give an unreachable pair: well above the largest finite
// cost so that serving a demand at all comes first (docs/SITING.md).
inline double UnreachablePenalty(double max_finite) { return 16.0 * (max_finite + 1.0); }

}  // namespace gdist

// X(T, Model) for every element type and cost model the swap solvers are
// compiled for: the one list their explicit instantiations follow. The GPU
// ones take the 4-byte types only.
// The lists read as tables, so the formatter leaves them alone.
// clang-format off
#define GDIST_FOR_EACH_SITING_INSTANCE(X)                                                     \
  X(std::int32_t, MedianCost) X(std::int64_t, MedianCost) X(float, MedianCost) X(double, MedianCost)  \
  X(std::int32_t, CoverCost) X(std::int64_t, CoverCost) X(float, CoverCost) X(double, CoverCost)
#define GDIST_FOR_EACH_GPU_SITING_INSTANCE(X) \
  X(std::int32_t, MedianCost) X(float, MedianCost) X(std::int32_t, CoverCost) X(float, CoverCost)
// clang-format on
