#include "lib/siting/capacitated_lagrangian.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "lib/siting/deadline.hpp"

namespace gdist {

LagrangianPoint CapacitatedLagrangian::Evaluate(const std::vector<double>& lambda) {
  const std::size_t nd = inst_.nd, m = inst_.m;
  for (auto& v : items_) v.clear();
  // One pass over the cost table, demand-major (its layout).
  for (std::size_t u = 0; u < nd; ++u) {
    const double* row = &inst_.cost[u * m];
    const double w = inst_.weight[u], lu = lambda[u];
    for (std::size_t k = 0; k < m; ++k) {
      const double rc = w * row[k] - lu;  // +inf - lu stays +inf: never an item
      if (rc < 0 && w <= inst_.capacity[k]) items_[k].push_back({static_cast<std::uint32_t>(u), w, rc});
    }
  }
  LagrangianPoint pt;
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
  for (std::size_t k = 0; k < m; ++k)
    if (pt.opened[k]) {  // the choice, for the subgradient and the heuristics
      KnapsackAnswer a = SolveMinKnapsack(items_[k], inst_.capacity[k], true);
      pt.served[k] = std::move(a.chosen);
    }
  return pt;
}

std::vector<double> StartingMultipliers(const CapacitatedInstance& inst) {
  std::vector<double> lambda(inst.nd, 0.0);
  for (std::size_t u = 0; u < inst.nd; ++u) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < inst.m; ++k)
      if (inst.Serves(u, k)) best = std::min(best, inst.PairCost(u, k));
    lambda[u] = std::isfinite(best) ? best : 0.0;
  }
  return lambda;
}

LagrangianPoint MaximizeLagrangian(const CapacitatedInstance& inst, std::vector<double> lambda,
                                   const SubgradientOptions& o, double* upper_bound,
                                   const std::function<void(const LagrangianPoint&)>& on_point) {
  CapacitatedLagrangian lagrangian(inst);
  LagrangianPoint best;
  double scale = 2.0;
  int since_better = 0;
  std::vector<double> g(inst.nd);
  for (int it = 0; it < o.max_iterations; ++it) {
    if (it > 0 && o.deadline > 0 && SteadySeconds() >= o.deadline) break;  // one point always: a bound
    LagrangianPoint pt = lagrangian.Evaluate(lambda);
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
    // Polyak's step toward the best known solution (or 5% above the bound while there is none).
    const double target = std::isfinite(*upper_bound) ? *upper_bound : best.bound + 0.05 * std::fabs(best.bound) + 1;
    const double t = scale * (target - current) / norm2;
    for (std::size_t u = 0; u < inst.nd; ++u) lambda[u] += t * g[u];
  }
  return best;
}

}  // namespace gdist
