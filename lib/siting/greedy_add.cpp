#include "lib/siting/greedy_add.hpp"

#include <algorithm>

#include "lib/siting/cost_models.hpp"
#include "lib/siting/gain_table.hpp"
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

  // gain[k] = sum_u w_u max(0, d1(u) - c(u,k)): the gain half of the swap
  // terms with d2 = d1 (swap_terms.hpp), one full pass to start.
  std::unique_ptr<GainTable> table = MakeGainTable(prob, model);
  table->Clear(0);
  std::vector<UserChange> changes(nd);
  for (std::size_t u = 0; u < nd; ++u) {
    changes[u].user = static_cast<std::uint32_t>(u);
    changes[u].weight = prob.weight(u);
    changes[u].new_d1 = changes[u].new_d2 = d1[u];
  }
  table->Apply(changes);

  for (std::size_t round = 0; round < p; ++round) {
    const std::vector<double>& gain = table->Gains();
    std::uint32_t best = static_cast<std::uint32_t>(m);
    for (std::size_t k = 0; k < m; ++k)
      if (!open[k] && (best == m || gain[k] > gain[best])) best = static_cast<std::uint32_t>(k);
    open[best] = 1;
    sites.push_back(best);
    if (round + 1 == p) break;
    // The demands the new site serves better: retract their old terms, add the new ones.
    prob.FacilityColumn(best, column.data());
    changes.clear();
    for (std::size_t u = 0; u < nd; ++u) {
      const double c = model(column[u]);
      if (c < d1[u]) {
        UserChange ch;
        ch.user = static_cast<std::uint32_t>(u);
        ch.weight = prob.weight(u);
        ch.old_slot = ch.new_slot = 0;  // any slot: gains only, no extra table
        ch.old_d1 = ch.old_d2 = d1[u];
        ch.new_d1 = ch.new_d2 = c;
        changes.push_back(ch);
        d1[u] = c;
      }
    }
    table->Apply(changes);
  }
  return sites;
}

#define GDIST_INSTANTIATE(T, M) \
  template std::vector<std::uint32_t> GreedyAdd(const SitingProblem<T>&, M<T>, std::size_t);
GDIST_INSTANTIATE(std::int32_t, MedianCost)
GDIST_INSTANTIATE(std::int64_t, MedianCost)
GDIST_INSTANTIATE(float, MedianCost)
GDIST_INSTANTIATE(double, MedianCost)
GDIST_INSTANTIATE(std::int32_t, CoverCost)
GDIST_INSTANTIATE(std::int64_t, CoverCost)
GDIST_INSTANTIATE(float, CoverCost)
GDIST_INSTANTIATE(double, CoverCost)
#undef GDIST_INSTANTIATE

}  // namespace gdist
