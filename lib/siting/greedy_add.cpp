#include "lib/siting/greedy_add.hpp"

#include <omp.h>

#include <algorithm>
#include <limits>
#include <type_traits>

#include "lib/siting/cost_models.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

// For every demand in `users` whose nearest cost changes from before[i] to
// after[i], moves gain[k] from w * max(0, before - c) to w * max(0, after - c),
// reading the row once. Threads own candidate ranges, so no two write one entry.
template <class T, class Model>
void UpdateGains(const SitingProblem<T>& prob, const Model& model, const std::vector<std::uint32_t>& users,
                 const std::vector<double>& before, const std::vector<double>& after, std::vector<double>* gain) {
  const std::size_t m = prob.num_candidates();
#pragma omp parallel num_threads(ThreadsFor(users.size() * m, prob.threads()))
  {
    const std::size_t t = omp_get_thread_num(), nt = omp_get_num_threads();
    const std::size_t lo = m * t / nt, hi = m * (t + 1) / nt;
    std::vector<T> scratch(hi - lo);
    double* g = gain->data();
    for (std::size_t i = 0; i < users.size(); ++i) {
      const std::size_t u = users[i];
      const T* row = prob.DemandRow(u, lo, hi, scratch.data());
      const double w = prob.weight(u), b = before[i], a = after[i];
      auto update = [&](std::size_t k, double c) { g[k] += w * (std::max(0.0, a - c) - std::max(0.0, b - c)); };
      if constexpr (std::is_integral_v<T>) {
        const T bound = model.Below(std::max(a, b));
        for (std::size_t k = lo; k < hi; ++k)
          if (row[k - lo] < bound) update(k, model(row[k - lo]));
      } else {
        for (std::size_t k = lo; k < hi; ++k) {
          const double c = model(row[k - lo]);
          if (c < std::max(a, b)) update(k, c);
        }
      }
    }
  }
}

}  // namespace

template <class T, class Model>
std::vector<std::uint32_t> GreedyAdd(const SitingProblem<T>& prob, Model model, std::size_t p) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  std::vector<std::uint32_t> sites = prob.fixed();
  if (sites.size() + p > m)
    throw Error(std::to_string(p) + " new sites asked for, but only " + std::to_string(m - sites.size()) +
                " candidates are free");
  std::vector<char> open(m, 0);
  std::vector<T> column(nd);
  std::vector<double> d1(nd, model.penalty);
  for (std::uint32_t k : sites) {
    open[k] = 1;
    prob.FacilityColumn(k, column.data());
    for (std::size_t u = 0; u < nd; ++u) d1[u] = std::min(d1[u], model(column[u]));
  }
  if (p == 0) return sites;

  std::vector<double> gain(m, 0);
  std::vector<std::uint32_t> users(nd);
  for (std::size_t u = 0; u < nd; ++u) users[u] = static_cast<std::uint32_t>(u);
  UpdateGains(prob, model, users, std::vector<double>(nd, -std::numeric_limits<double>::infinity()), d1,
              &gain);  // one full pass: gain[k] = sum_u w_u max(0, d1(u) - c(u,k))

  std::vector<double> old_d1, new_d1;
  for (std::size_t round = 0; round < p; ++round) {
    std::uint32_t best = static_cast<std::uint32_t>(m);
    for (std::size_t k = 0; k < m; ++k)
      if (!open[k] && (best == m || gain[k] > gain[best])) best = static_cast<std::uint32_t>(k);
    open[best] = 1;
    sites.push_back(best);
    if (round + 1 == p) break;
    // The demands the new site serves better: retract their old terms, add the new ones.
    prob.FacilityColumn(best, column.data());
    users.clear();
    old_d1.clear();
    new_d1.clear();
    for (std::size_t u = 0; u < nd; ++u) {
      const double c = model(column[u]);
      if (c < d1[u]) {
        users.push_back(static_cast<std::uint32_t>(u));
        old_d1.push_back(d1[u]);
        new_d1.push_back(c);
        d1[u] = c;
      }
    }
    UpdateGains(prob, model, users, old_d1, new_d1, &gain);
  }
  return sites;
}

#define GDIST_INSTANTIATE(T, M) \
  template std::vector<std::uint32_t> GreedyAdd(const SitingProblem<T>&, M<T>, std::size_t);
GDIST_INSTANTIATE(std::int32_t, MedianCost)
GDIST_INSTANTIATE(std::int64_t, MedianCost)
GDIST_INSTANTIATE(float, MedianCost)
GDIST_INSTANTIATE(std::int32_t, CoverCost)
GDIST_INSTANTIATE(std::int64_t, CoverCost)
GDIST_INSTANTIATE(float, CoverCost)
#undef GDIST_INSTANTIATE

}  // namespace gdist
