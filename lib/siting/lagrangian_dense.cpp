#include "lib/siting/lagrangian_dense.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/siting/lagrangian_terms.hpp"

// The GPU pass rounds each product before the sum (lagrangian_terms.hpp):
// a build for a CPU with FMA must not fuse them here either.
#pragma GCC optimize("fp-contract=off")

namespace gdist {

template <class T> DenseMedianLagrangian<T>::DenseMedianLagrangian(const SitingProblem<T>& prob, double penalty,
                                                                   std::size_t num_open, std::vector<double> caps)
    : prob_(prob), penalty_(penalty), p_(num_open), cap_(std::move(caps)) {}

template <class T> bool DenseMedianLagrangian<T>::Evaluate(const std::vector<FacilityState>& state,
                                                           const std::vector<double>& lambda,
                                                           LagrangianPoint* point) const {
  const std::size_t nd = prob_.num_demands(), m = prob_.num_candidates(), slices = LagrangianSlices(nd);
  const int threads = ThreadsFor(nd, m, prob_.threads());
  // Each slice's sums on one thread in demand order, whatever the thread
  // count; the slices are summed in slice order. A batch of slices at a time,
  // so the partial sums hold a few slices x m, not every slice: any nd x m streams.
  const std::size_t batch = std::min(slices, std::max<std::size_t>(1, 2 * static_cast<std::size_t>(threads)));
  std::vector<double> partial(batch * m);
  std::vector<double>& rho = point->rho;
  rho.assign(m, 0.0);
  for (std::size_t first = 0; first < slices; first += batch) {
    const std::size_t count = std::min(batch, slices - first);
    std::fill(partial.begin(), partial.end(), 0.0);
#pragma omp parallel num_threads(threads)
    {
      std::vector<T> scratch(m);
#pragma omp for schedule(dynamic, 1)
      for (std::size_t b = 0; b < count; ++b) {
        double* acc = partial.data() + b * m;
        const std::size_t s = first + b, hi = std::min(nd, (s + 1) * kLagrangianSliceRows);
        for (std::size_t u = s * kLagrangianSliceRows; u < hi; ++u) {
          const T* row = prob_.DemandRow(u, 0, m, scratch.data());
          const double w = prob_.weight(u), l = lambda[u];
          for (std::size_t k = 0; k < m; ++k) acc[k] += RelaxedTerm(WeightedCost(row[k], w, penalty_), l);
        }
      }
    }
    // 0 + x is x: the first slice's sums come out as they were.
    for (std::size_t b = 0; b < count; ++b)
      for (std::size_t k = 0; k < m; ++k) rho[k] += partial[b * m + k];
  }
  point->below.clear();
  double sum_lambda = 0;
  for (std::size_t u = 0; u < nd; ++u) sum_lambda += lambda[u];
  return ChooseOpenSet(state, p_, sum_lambda, point);
}

template <class T> void DenseMedianLagrangian<T>::Subgradient(const std::vector<double>& lambda,
                                                              const LagrangianPoint& point,
                                                              std::vector<double>* g) const {
  const std::size_t nd = prob_.num_demands();
  g->assign(nd, 1.0);
#pragma omp parallel for schedule(static) num_threads(ThreadsFor(nd, point.chosen.size(), prob_.threads()))
  for (std::size_t u = 0; u < nd; ++u) {
    const double w = prob_.weight(u);
    std::uint32_t served = 0;
    for (std::uint32_t k : point.chosen) served += WeightedCost(prob_.Cost(u, k), w, penalty_) < lambda[u];
    (*g)[u] = 1.0 - served;
  }
}

template <class T>
std::vector<double> DenseMedianLagrangian<T>::NearestCosts(const std::vector<std::uint32_t>& sites) const {
  const std::size_t nd = prob_.num_demands();
  std::vector<double> nearest(nd);
#pragma omp parallel for schedule(static) num_threads(ThreadsFor(nd, sites.size(), prob_.threads()))
  for (std::size_t u = 0; u < nd; ++u) {
    const double w = prob_.weight(u);
    double best = std::numeric_limits<double>::infinity();
    for (std::uint32_t k : sites) best = std::min(best, WeightedCost(prob_.Cost(u, k), w, penalty_));
    nearest[u] = best;
  }
  return nearest;
}

template <class T> std::vector<double> DenseMedianLagrangian<T>::Caps(const std::vector<FacilityState>& state) const {
  return CapsUnder(*this, cap_, state);
}

std::vector<double> CapsUnder(const LagrangianPass& pass, std::vector<double> caps,
                              const std::vector<FacilityState>& state) {
  std::vector<std::uint32_t> open;
  for (std::size_t k = 0; k < state.size(); ++k)
    if (state[k] == FacilityState::kOpen) open.push_back(static_cast<std::uint32_t>(k));
  if (open.empty()) return caps;
  const std::vector<double> nearest = pass.NearestCosts(open);
  for (std::size_t u = 0; u < caps.size(); ++u) caps[u] = std::min(caps[u], nearest[u]);
  return caps;
}

template <class T> std::vector<double> DenseCaps(const SitingProblem<T>& prob, double penalty, std::size_t num_open) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates(), rank = CapRank(m, num_open);
  std::vector<double> caps(nd);
#pragma omp parallel num_threads(ThreadsFor(nd, m, prob.threads()))
  {
    std::vector<T> scratch(m);
    std::vector<double> row(m);
#pragma omp for schedule(dynamic, 16)
    for (std::size_t u = 0; u < nd; ++u) {
      const T* r = prob.DemandRow(u, 0, m, scratch.data());
      const double w = prob.weight(u);
      for (std::size_t k = 0; k < m; ++k) row[k] = WeightedCost(r[k], w, penalty);
      std::nth_element(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(rank), row.end());
      double cap = row[rank];
      // Everything before `rank` is now <= cap: all equal to the cheapest
      // exactly when their least is cap itself.
      const double cheapest =
          rank > 0 ? *std::min_element(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(rank)) : cap;
      if (cheapest == cap) {  // a flat start: the first cost above it, if any
        double above = std::numeric_limits<double>::infinity();
        for (double c : row)
          if (c > cap) above = std::min(above, c);
        if (above < std::numeric_limits<double>::infinity()) cap = above;
      }
      caps[u] = cap;
    }
  }
  return caps;
}

template <class T> bool IntegralWeightedCosts(const SitingProblem<T>& prob, double penalty) {
  if (!std::is_integral_v<T> || std::floor(penalty) != penalty) return false;
  for (double w : prob.weights())
    if (std::floor(w) != w) return false;
  return true;
}

#define GDIST_INSTANTIATE(T)                                                            \
  template class DenseMedianLagrangian<T>;                                              \
  template std::vector<double> DenseCaps(const SitingProblem<T>&, double, std::size_t); \
  template bool IntegralWeightedCosts(const SitingProblem<T>&, double);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
