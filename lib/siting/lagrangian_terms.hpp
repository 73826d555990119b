// The arithmetic of the dense Lagrangian pass (lagrangian_dense.hpp), in one
// place for the CPU twin and the GPU kernel (lagrangian_device.cu), with the
// order of its sums: so the two give the same bits.
//
// rho_k = sum_u min(0, w_u c(u,k) - lambda_u) is added up per slice of
// kLagrangianSliceRows consecutive demands, each slice in demand order from
// 0, then the slices' sums in slice order from the first. With one slice this
// is the sorted-rows pass's order too (MedianLagrangian, one thread): demand
// order, terms at or above lambda_u adding nothing.
#pragma once
#include <cstddef>

#include "lib/siting/cost_models.hpp"
#include "lib/siting/swap_terms.hpp"
#include "lib/util/host_device.hpp"

namespace gdist {

// Demands per slice: enough slices for a GPU to fill its threads, few enough
// that the slice sums are small next to the matrix (32 x m at n = 32768).
constexpr std::size_t kLagrangianSliceRows = 1024;

inline std::size_t LagrangianSlices(std::size_t nd) { return (nd + kLagrangianSliceRows - 1) / kLagrangianSliceRows; }

// w_u c(u,k) as the sorted rows hold it (BuildSortedCosts): the distance, or
// the penalty when unreachable, times the weight, rounded once.
template <class T> GDIST_HOST_DEVICE double WeightedCost(T v, double weight, double penalty) {
  return Product(weight, MedianCost<T>{penalty}(v));
}

// Demand u's term of rho_k: negative only below its multiplier.
GDIST_HOST_DEVICE inline double RelaxedTerm(double weighted_cost, double lambda) {
  return weighted_cost < lambda ? weighted_cost - lambda : 0.0;
}

}  // namespace gdist
