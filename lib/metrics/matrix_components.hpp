// The strong components of a distance matrix (the components when the matrix
// is symmetric): i and j share one when each reaches the other, a finite
// d(i, j) and d(j, i). Used by the report to say why the center or the
// periphery is undefined on a matrix that came without its graph: one pass
// over the row of each component's first vertex, O(n x components).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/metrics/summary_report.hpp"

namespace gdist {

template <class T> Connectivity MatrixConnectivity(const MatrixView<T>& d) {
  const T inf = ElementTraits<T>::kInf;
  constexpr std::uint32_t kNone = ~std::uint32_t{0};
  std::vector<std::uint32_t> component(d.n, kNone);
  Connectivity c;
  for (std::size_t i = 0; i < d.n; ++i) {
    if (component[i] != kNone) continue;
    const T* row = d.row(i);
    std::uint64_t size = 0;
    for (std::size_t j = i; j < d.n; ++j)  // a vertex before i is in an earlier component, or i's would hold it
      if (component[j] == kNone && (j == i || (row[j] < inf && d.at(j, i) < inf))) {
        component[j] = static_cast<std::uint32_t>(c.components);
        ++size;
      }
    ++c.components;
    c.largest = std::max(c.largest, size);
  }
  return c;
}

}  // namespace gdist
