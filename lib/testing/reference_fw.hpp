// The textbook triple loop: the oracle for tests and bench (--verify), never the
// engine. Test support (gdist_test_support), not installed.
#pragma once
#include <algorithm>
#include <cstddef>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

template <class T> void ReferenceFloydWarshall(T* d, std::size_t n, std::size_t stride) {
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i) {
      const T dik = d[i * stride + k];
      for (std::size_t j = 0; j < n; ++j) d[i * stride + j] = std::min(d[i * stride + j], dik + d[k * stride + j]);
    }
}

}  // namespace gdist
