// Which values a matrix file's payload may hold. Integer types: -INF..INF
// (INF means "no arc / no path"; a hand-made file with values past INF would
// wrap in the int32 kernels, which rely on INF + INF fitting). Floating types:
// anything but NaN and -infinity (+infinity is INF).
#pragma once
#include <cmath>
#include <cstddef>
#include <string>
#include <type_traits>

#include "lib/matrix/element_type.hpp"
#include "lib/util/format_number.hpp"

namespace gdist {

template <class T> bool ValidMatrixValue(T v) {
  if constexpr (std::is_integral_v<T>) return v <= ElementTraits<T>::kInf && v >= -ElementTraits<T>::kInf;
  else return !std::isnan(v) && v != -ElementTraits<T>::kInf;
}

// Index of the first of `count` values that no matrix of T may hold, or count.
template <class T> std::size_t FirstInvalidValue(const T* p, std::size_t count) {
  constexpr std::size_t kBlock = 256;  // a branch-free block scan, then find the culprit
  for (std::size_t b = 0; b < count; b += kBlock) {
    const std::size_t e = std::min(count, b + kBlock);
    bool bad = false;
    for (std::size_t i = b; i < e; ++i) bad |= !ValidMatrixValue(p[i]);
    if (bad)
      for (std::size_t i = b; i < e; ++i)
        if (!ValidMatrixValue(p[i])) return i;
  }
  return count;
}

// "1073741824", "1e-09" or "nan": the value as a message shows it (exactly).
template <class T> std::string ValueText(T v) { return ExactText(v); }

}  // namespace gdist
