// "Arc u -> v lies on a shortest route from the source": d(u) + w == d(v).
// Shared by the CPU and GPU next-hop derivations so both decide alike.
#pragma once
#include <cmath>
#include <type_traits>

#include "lib/util/host_device.hpp"

namespace gdist {

// Exact for integers; floats accept the rounding of a differently ordered sum.
template <class T> GDIST_HOST_DEVICE inline bool TightArc(T du, T w, T dv) {
  if constexpr (std::is_floating_point_v<T>) {
    const T sum = du + w;
    const T scale = fabsf(dv) > T(1) ? fabsf(dv) : T(1);
    return fabsf(sum - dv) <= T(1e-5) * scale;
  } else {
    return du + w == dv;
  }
}

// With positive weights, can arc i -> k (weight w) be next(i, j) for any j?
// Tight at (i, j) means w + d(k,j) == d(i,j) <= d(i,k) + d(k,j), so w <= d(i,k),
// and d(i,k) <= w always: for integers only arcs with w == d(i,k) can win, and
// skipping the others changes no result. Floats keep every arc (their
// tolerance and rounding make the argument inexact).
template <class T> GDIST_HOST_DEVICE inline bool CanBeFirstHop(T w, T d_ik) {
  if constexpr (std::is_floating_point_v<T>) {
    return true;
  } else {
    return w == d_ik;
  }
}

}  // namespace gdist
