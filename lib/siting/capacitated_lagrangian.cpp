#include "lib/siting/capacitated_lagrangian.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "lib/siting/deadline.hpp"
#include "lib/siting/siting_problem.hpp"

namespace gdist {

namespace {

// A far incumbent (early, or a poor heuristic's) made Polyak steps that threw
// L far below its best (n = 5,000: to -1.3e7 from 8.1e5); aiming at most this
// share above the best bound keeps the steps in scale (the target-level idea).
constexpr double kPolyakTargetLead = 0.05;

}  // namespace

CapacitatedLagrangian::CapacitatedLagrangian(const CapacitatedInstance& inst, int threads)
    : inst_(inst), threads_(std::max(1, threads)), row_start_(inst.nd + 1, 0), items_(inst.m) {
  const std::size_t nd = inst.nd, m = inst.m;
  for (std::size_t u = 0; u < nd; ++u) {
    std::size_t count = 0;
    for (std::size_t k = 0; k < m; ++k) count += inst.Serves(u, k);
    row_start_[u + 1] = row_start_[u] + count;
  }
  by_cost_.resize(row_start_[nd]);
#pragma omp parallel for schedule(dynamic, 16) num_threads(ThreadsFor(nd, m, threads_))
  for (std::size_t u = 0; u < nd; ++u) {
    std::uint32_t* row = by_cost_.data() + row_start_[u];
    std::size_t n = 0;
    for (std::size_t k = 0; k < m; ++k)
      if (inst.Serves(u, k)) row[n++] = static_cast<std::uint32_t>(k);
    const double* cost = &inst.cost[u * m];
    auto cheaper = [&](std::uint32_t a, std::uint32_t b) { return cost[a] != cost[b] ? cost[a] < cost[b] : a < b; };
    const std::size_t w = SortedWidth(u);
    std::nth_element(row, row + w - (w > 0), row + n, cheaper);  // the tail: none cheaper than the prefix
    std::sort(row, row + w, cheaper);
  }
}

std::size_t CapacitatedLagrangian::SortedWidth(std::size_t u) const {
  return std::min(row_start_[u + 1] - row_start_[u], kSortedRowPrefix);
}

std::vector<double> CapacitatedLagrangian::KthCheapestMultipliers(std::size_t k) const {
  std::vector<double> lambda(inst_.nd, 0.0);
  for (std::size_t u = 0; u < inst_.nd; ++u) {
    const std::size_t n = SortedWidth(u);  // k is at most the prefix (StartingMultipliers' ladder)
    if (n > 0) lambda[u] = inst_.PairCost(u, by_cost_[row_start_[u] + std::min(k, n) - 1]);
  }
  return lambda;
}

CapacitatedPoint CapacitatedLagrangian::Evaluate(const std::vector<double>& lambda) {
  const std::size_t nd = inst_.nd, m = inst_.m;
  for (auto& v : items_) v.clear();
  // Each row's prefix of negative reduced cost (the rows hold only pairs k can serve).
  for (std::size_t u = 0; u < nd; ++u) {
    const double w = inst_.weight[u], lu = lambda[u];
    const std::size_t sorted_end = row_start_[u] + SortedWidth(u);
    std::size_t i = row_start_[u];
    for (; i < sorted_end; ++i) {
      const std::uint32_t k = by_cost_[i];
      const double rc = inst_.PairCost(u, k) - lu;
      if (!(rc < 0)) break;
      items_[k].push_back({static_cast<std::uint32_t>(u), w, rc});
    }
    if (i < sorted_end) continue;
    for (; i < row_start_[u + 1]; ++i) {  // past the sorted prefix: the unsorted tail, whole
      const std::uint32_t k = by_cost_[i];
      const double rc = inst_.PairCost(u, k) - lu;
      if (rc < 0) items_[k].push_back({static_cast<std::uint32_t>(u), w, rc});
    }
  }
  CapacitatedPoint pt;
  pt.lambda = lambda;
  pt.site_value.assign(m, 0.0);
  pt.opened.assign(m, 0);
  pt.served.assign(m, {});
  std::vector<char> exact(m, 0);
  // The LP value of every knapsack first (cheap); exact values only for the
  // sites that can still be among the smallest: an unsolved site's LP value
  // is below its exact one, so once the open count's worst exact value is at
  // most the next LP value, no other site can enter.
  for (std::size_t k = 0; k < m; ++k) pt.site_value[k] = FractionalKnapsackValue(items_[k], inst_.capacity[k]);
  auto solve_exact = [&](std::size_t k) {
    KnapsackAnswer a = SolveMinKnapsack(items_[k], inst_.capacity[k], false);
    pt.site_value[k] = std::max(pt.site_value[k], a.value);  // both are lower bounds; keep the higher
    exact[k] = 1;
  };
  std::size_t nfixed = 0;
  for (std::size_t k = 0; k < m; ++k)
    if (inst_.fixed[k]) {
      solve_exact(k);
      pt.opened[k] = 1;
      ++nfixed;
    }
  const std::size_t want = inst_.sites - std::min(inst_.sites, nfixed);
  std::vector<std::uint32_t> order;
  for (std::size_t k = 0; k < m; ++k)
    if (!inst_.fixed[k]) order.push_back(static_cast<std::uint32_t>(k));
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return pt.site_value[a] < pt.site_value[b]; });
  // Sites solved exactly so far, kept sorted by value; the first `want` are the open ones.
  std::vector<std::uint32_t> solved;
  std::size_t next = 0;
  auto by_value = [&](std::uint32_t a, std::uint32_t b) { return pt.site_value[a] < pt.site_value[b]; };
  while (next < order.size()) {
    if (solved.size() >= want && want > 0 && pt.site_value[solved[want - 1]] <= pt.site_value[order[next]]) break;
    if (want == 0) break;
    const std::uint32_t k = order[next++];
    solve_exact(k);
    solved.insert(std::upper_bound(solved.begin(), solved.end(), k, by_value), k);
  }
  double sum = 0;
  for (double l : lambda) sum += l;
  for (std::size_t k = 0; k < m; ++k)
    if (inst_.fixed[k]) sum += pt.site_value[k];
  pt.worst_opened = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < want && i < solved.size(); ++i) {
    pt.opened[solved[i]] = 1;
    sum += pt.site_value[solved[i]];
    pt.worst_opened = std::max(pt.worst_opened, pt.site_value[solved[i]]);
  }
  if (solved.size() < want) sum = -std::numeric_limits<double>::infinity();  // fewer candidates than sites
  // The smallest value of a site not opened: a solved one past the first
  // `want`, or the next unsolved one's LP value (below its exact one).
  pt.best_closed = std::numeric_limits<double>::infinity();
  if (solved.size() > want) pt.best_closed = pt.site_value[solved[want]];
  if (next < order.size()) pt.best_closed = std::min(pt.best_closed, pt.site_value[order[next]]);
  pt.bound = sum;
  const std::vector<std::uint32_t> opened_sites = [&] {
    std::vector<std::uint32_t> v;
    for (std::size_t k = 0; k < m; ++k)
      if (pt.opened[k]) v.push_back(static_cast<std::uint32_t>(k));
    return v;
  }();
  for (std::size_t i = 0; i < opened_sites.size(); ++i) {  // the choice, for the subgradient and the heuristics
    const std::uint32_t k = opened_sites[i];
    pt.served[k] = SolveMinKnapsack(items_[k], inst_.capacity[k], true).chosen;
  }
  return pt;
}

std::vector<double> StartingMultipliers(CapacitatedLagrangian& lagrangian) {
  const CapacitatedInstance& inst = lagrangian.instance();
  const std::size_t per_site = (inst.nd + inst.sites - 1) / std::max<std::size_t>(inst.sites, 1);
  const std::size_t last = std::min({inst.m, kSortedRowPrefix, kStartRankPerSite * std::max<std::size_t>(per_site, 1)});
  std::vector<double> best = lagrangian.KthCheapestMultipliers(1);
  double best_bound = lagrangian.Evaluate(best).bound;
  int falls = 0;  // L along the ladder rises to a peak, then falls: two falls in a row end it
  double previous = best_bound;
  for (std::size_t k = 2; k <= last && falls < 2; k = std::max(k + 1, k * 3 / 2)) {
    std::vector<double> lambda = lagrangian.KthCheapestMultipliers(k);
    const double bound = lagrangian.Evaluate(lambda).bound;
    falls = bound < previous ? falls + 1 : 0;
    previous = bound;
    if (bound > best_bound) {
      best_bound = bound;
      best = std::move(lambda);
    }
  }
  return best;
}

CapacitatedPoint MaximizeLagrangian(CapacitatedLagrangian& lagrangian, std::vector<double> lambda,
                                    const CapacitatedAscentOptions& o, double* upper_bound,
                                    const std::function<void(const CapacitatedPoint&)>& on_point) {
  const CapacitatedInstance& inst = lagrangian.instance();
  CapacitatedPoint best;
  double scale = o.start_scale;
  int since_better = 0;
  std::vector<double> g(inst.nd);
  for (int it = 0; it < o.max_iterations; ++it) {
    if (it > 0 && o.deadline > 0 && SteadySeconds() >= o.deadline) break;  // one point always: a bound
    CapacitatedPoint pt = lagrangian.Evaluate(lambda);
    if (on_point) on_point(pt);
    const double current = pt.bound;
    const bool better = current > best.bound;
    // g_u = 1 - (times u is served by the opened sites' knapsacks).
    std::fill(g.begin(), g.end(), 1.0);
    for (std::size_t k = 0; k < inst.m; ++k)
      for (std::uint32_t u : pt.served[k]) g[u] -= 1.0;
    double norm2 = 0;
    for (double x : g) norm2 += x * x;
    if (better) {
      best = std::move(pt);
      since_better = 0;
    } else if (++since_better >= o.patience) {
      scale /= 2;
      since_better = 0;
    }
    const double step = inst.objective_step > 0 ? inst.objective_step : 0;
    if (std::isfinite(*upper_bound) && best.bound > *upper_bound - step * (1 - 1e-9) - 1e-9 * std::fabs(*upper_bound))
      break;  // proven: no better multiple of the step is left
    if (norm2 == 0 || scale < o.min_step_scale || !std::isfinite(current)) break;
    // Polyak's step toward the best known solution, but at most kPolyakTargetLead above the best bound.
    const double lead = best.bound + kPolyakTargetLead * std::fabs(best.bound) + 1;
    const double target = std::min(*upper_bound, lead);
    const double t = scale * (target - current) / norm2;
    for (std::size_t u = 0; u < inst.nd; ++u) lambda[u] += t * g[u];
  }
  return best;
}

}  // namespace gdist
