#include "lib/siting/greedy_add.hpp"

#include <omp.h>

#include <algorithm>
#include <queue>

#include "lib/siting/cost_models.hpp"
#include "lib/util/error.hpp"

namespace gdist {

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

  // Every candidate's gain in one demand-major pass; threads own candidate ranges.
  std::vector<double> gain(m, 0);
#pragma omp parallel num_threads(ThreadsFor(nd * m, prob.threads()))
  {
    const std::size_t t = omp_get_thread_num(), nt = omp_get_num_threads();
    const std::size_t lo = m * t / nt, hi = m * (t + 1) / nt;
    std::vector<T> scratch(hi - lo);
    for (std::size_t u = 0; u < nd; ++u) {
      const T* row = prob.DemandRow(u, lo, hi, scratch.data());
      const double w = prob.weight(u), cur = d1[u];
      for (std::size_t k = lo; k < hi; ++k) gain[k] += w * std::max(0.0, cur - model(row[k - lo]));
    }
  }

  using Entry = std::pair<double, std::uint32_t>;  // (gain bound, candidate); ties: smaller index first
  auto worse = [](const Entry& a, const Entry& b) { return a.first < b.first || (a.first == b.first && a.second > b.second); };
  std::priority_queue<Entry, std::vector<Entry>, decltype(worse)> heap(worse);
  for (std::size_t k = 0; k < m; ++k)
    if (!open[k]) heap.push({gain[k], static_cast<std::uint32_t>(k)});
  std::vector<std::size_t> fresh_at(m, 0);  // round whose S gain[k] was computed for (all: round 0)
  for (std::size_t round = 0; round < p; ++round) {
    for (;;) {
      const Entry top = heap.top();
      heap.pop();
      const std::uint32_t k = top.second;
      if (fresh_at[k] == round) {  // exact for the current S, and >= every other bound: take it
        open[k] = 1;
        sites.push_back(k);
        prob.FacilityColumn(k, column.data());
        for (std::size_t u = 0; u < nd; ++u) d1[u] = std::min(d1[u], model(column[u]));
        break;
      }
      prob.FacilityColumn(k, column.data());
      double g = 0;
      for (std::size_t u = 0; u < nd; ++u) g += prob.weight(u) * std::max(0.0, d1[u] - model(column[u]));
      fresh_at[k] = round;
      heap.push({g, k});
    }
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
