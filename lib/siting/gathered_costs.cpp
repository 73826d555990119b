#include "lib/siting/gathered_costs.hpp"

#include <omp.h>

#include <algorithm>

#include "lib/core/element_traits.hpp"
#include "lib/siting/siting_device.hpp"

namespace gdist {

template <class T> PageBuffer GatherCosts(const MatrixView<T>& d, bool rows_are_demands,
                                          const std::vector<std::uint32_t>& demand,
                                          const std::vector<std::uint32_t>& cand_row, int threads) {
  const std::size_t nd = demand.size(), m = cand_row.size(), stride = GatheredRowStride(m);
  PageBuffer block(nd * stride * sizeof(T));
  T* out = static_cast<T*>(block.data());
  if (rows_are_demands) {
#pragma omp parallel for schedule(dynamic, 64) num_threads(threads)
    for (std::size_t u = 0; u < nd; ++u) {
      const T* row = d.row(demand[u]);
      T* o = out + u * stride;
      for (std::size_t k = 0; k < m; ++k) o[k] = row[cand_row[k]];
    }
    return block;
  }
  // A transpose in tiles: kCand source rows are read a kDemand-wide piece at
  // a time (a few KiB each, cache resident) while the output is written row by row.
  constexpr std::size_t kDemand = 512, kCand = 64;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (std::size_t u0 = 0; u0 < nd; u0 += kDemand) {
    const std::size_t u1 = std::min(nd, u0 + kDemand);
    const T* rows[kCand];
    for (std::size_t k0 = 0; k0 < m; k0 += kCand) {
      const std::size_t k1 = std::min(m, k0 + kCand);
      for (std::size_t k = k0; k < k1; ++k) rows[k - k0] = d.row(cand_row[k]);
      for (std::size_t u = u0; u < u1; ++u) {
        const std::size_t col = demand[u];
        T* o = out + u * stride;
        for (std::size_t k = k0; k < k1; ++k) o[k] = rows[k - k0][col];
      }
    }
  }
  return block;
}

#define GDIST_INSTANTIATE(T)                                                                     \
  template PageBuffer GatherCosts(const MatrixView<T>&, bool, const std::vector<std::uint32_t>&, \
                                  const std::vector<std::uint32_t>&, int);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
