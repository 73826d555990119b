#include "lib/siting/cover_lists.hpp"

#include <omp.h>

#include <type_traits>

#include "lib/core/element_traits.hpp"

namespace gdist {

namespace {

// Fills by_cand from by_demand.
void TransposeCoverLists(CoverLists* lists) {
  CoverLists& L = *lists;
  const std::size_t nd = L.nd, m = L.m;
  // Counting sort: demands come out in increasing order per candidate.
  L.by_cand_start.assign(m + 1, 0);
  for (std::uint32_t k : L.by_demand) ++L.by_cand_start[k + 1];
  for (std::size_t k = 0; k < m; ++k) L.by_cand_start[k + 1] += L.by_cand_start[k];
  L.by_cand.resize(L.by_demand.size());
  std::vector<std::uint64_t> at(L.by_cand_start.begin(), L.by_cand_start.end() - 1);
  for (std::size_t u = 0; u < nd; ++u)
    for (std::uint64_t i = L.by_demand_start[u]; i < L.by_demand_start[u + 1]; ++i)
      L.by_cand[at[L.by_demand[i]]++] = static_cast<std::uint32_t>(u);
}

}  // namespace

template <class T>
std::optional<CoverLists> BuildCoverLists(const SitingProblem<T>& prob, double radius, std::size_t max_pairs) {
  CoverLists L;
  L.nd = prob.num_demands();
  L.m = prob.num_candidates();
  const std::size_t nd = L.nd, m = L.m;
  auto within = [radius](T v) { return SitingProblem<T>::Reachable(v) && static_cast<double>(v) <= radius; };
  std::vector<std::uint32_t> count(nd, 0);
#pragma omp parallel num_threads(ThreadsFor(nd, m, prob.threads()))
  {
    std::vector<T> scratch(m);
#pragma omp for schedule(dynamic, 64)
    for (std::size_t u = 0; u < nd; ++u) {
      const T* row = prob.DemandRow(u, 0, m, scratch.data());
      std::uint32_t c = 0;
      for (std::size_t k = 0; k < m; ++k) c += within(row[k]);
      count[u] = c;
    }
  }
  L.by_demand_start.assign(nd + 1, 0);
  for (std::size_t u = 0; u < nd; ++u) L.by_demand_start[u + 1] = L.by_demand_start[u] + count[u];
  if (L.by_demand_start[nd] > max_pairs) return std::nullopt;
  L.by_demand.resize(L.by_demand_start[nd]);
  // The costs buy filtering later radii without a matrix pass; as the
  // radius test above sees them (doubles), in float only where that is exact.
  const bool narrow = std::is_same_v<T, float> || (std::is_integral_v<T> && prob.max_finite() <= 16777216.0);
  if (narrow) L.by_demand_cost.resize(L.by_demand_start[nd]);
  else L.by_demand_cost_wide.resize(L.by_demand_start[nd]);
#pragma omp parallel num_threads(ThreadsFor(nd, m, prob.threads()))
  {
    std::vector<T> scratch(m);
#pragma omp for schedule(dynamic, 64)
    for (std::size_t u = 0; u < nd; ++u) {
      const T* row = prob.DemandRow(u, 0, m, scratch.data());
      std::uint64_t at = L.by_demand_start[u];
      for (std::size_t k = 0; k < m; ++k)
        if (within(row[k])) {
          if (narrow) L.by_demand_cost[at] = static_cast<float>(row[k]);
          else L.by_demand_cost_wide[at] = static_cast<double>(row[k]);
          L.by_demand[at++] = static_cast<std::uint32_t>(k);
        }
    }
  }
  TransposeCoverLists(&L);
  return L;
}

CoverLists RestrictCoverLists(const CoverLists& from, double radius) {
  CoverLists L;
  L.nd = from.nd;
  L.m = from.m;
  L.by_demand_start.assign(L.nd + 1, 0);
  for (std::size_t u = 0; u < L.nd; ++u) {
    for (std::uint64_t i = from.by_demand_start[u]; i < from.by_demand_start[u + 1]; ++i)
      if (from.cost(i) <= radius) {
        L.by_demand.push_back(from.by_demand[i]);
        if (from.by_demand_cost.empty()) L.by_demand_cost_wide.push_back(from.by_demand_cost_wide[i]);
        else L.by_demand_cost.push_back(from.by_demand_cost[i]);
      }
    L.by_demand_start[u + 1] = L.by_demand.size();
  }
  TransposeCoverLists(&L);
  return L;
}

#define GDIST_INSTANTIATE(T) \
  template std::optional<CoverLists> BuildCoverLists(const SitingProblem<T>&, double, std::size_t);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
