// A matrix of exact decimals (MatrixMeta::decimal_scale > 0) as plain float64
// numbers, for the consumers that read plain numbers (siting models, whose
// radii, costs and objectives are given and printed as such; pictures): each
// value the nearest double of the true one, INF as +infinity. The metrics and
// every matrix export print the scale back instead (lib/core/decimal_scale.hpp).
#pragma once
#include <cstdint>
#include <limits>
#include <type_traits>

#include "lib/core/decimal_scale.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

template <class T> DistMatrix<double> DescaledMatrix(const MatrixView<T>& v, const MatrixMeta& meta) {
  DistMatrix<double> m(v.n, DistMatrix<double>::Uninitialized{});
  m.meta() = meta;
  m.meta().decimal_scale = 0;
  const DecimalScale scale{std::is_integral_v<T> ? meta.decimal_scale : 0};
  for (std::size_t i = 0; i < m.stride(); ++i)
    for (std::size_t j = 0; j < m.stride(); ++j) {
      if (i >= v.n || j >= v.n) {
        m.at(i, j) = i == j ? 0.0 : std::numeric_limits<double>::infinity();
        continue;
      }
      const T x = v.at(i, j);
      m.at(i, j) = x >= ElementTraits<T>::kInf ? std::numeric_limits<double>::infinity()
                                               : scale.ToDouble(static_cast<double>(x));
    }
  return m;
}

}  // namespace gdist
