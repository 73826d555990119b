#include "lib/siting/backup_cover_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/siting/deadline.hpp"

namespace gdist {

namespace {
// Polyak's step factor: halved after this many steps without a lower bound, and stopped below the floor.
constexpr double kStartFactor = 1.0;
constexpr int kStepsPerHalving = 30;
constexpr double kLeastFactor = 1e-4;
}  // namespace

BackupCoverBound BackupCoverLagrangianBound(const CoverLists& lists, const std::vector<double>& weights,
                                            const std::vector<std::uint32_t>& fixed, std::size_t p, double best_known,
                                            double deadline, long max_steps) {
  const std::size_t nd = lists.nd, m = lists.m;
  std::vector<char> is_fixed(m, 0);
  for (std::uint32_t k : fixed) is_fixed[k] = 1;
  std::vector<std::uint32_t> free_sites;
  for (std::uint32_t k = 0; k < m; ++k)
    if (!is_fixed[k]) free_sites.push_back(k);
  p = std::min(p, free_sites.size());
  // Demands one candidate at most covers can never count (z_u = 0).
  std::vector<char> may_count(nd);
  for (std::size_t u = 0; u < nd; ++u) may_count[u] = lists.num_covering(u) >= 2;
  std::vector<double> lambda(nd), c(m), g(nd);
  for (std::size_t u = 0; u < nd; ++u) lambda[u] = may_count[u] ? weights[u] / 2 : 0;
  std::vector<char> open(m);
  BackupCoverBound out;
  out.bound = std::numeric_limits<double>::infinity();
  double factor = kStartFactor;
  int since_better = 0;
  for (; out.steps < max_steps && factor >= kLeastFactor; ++out.steps) {
    if (deadline > 0 && SteadySeconds() > deadline) break;
    std::fill(c.begin(), c.end(), 0.0);
    double value = 0;
    for (std::size_t u = 0; u < nd; ++u) {
      value -= lambda[u];
      if (may_count[u]) value += std::max(0.0, weights[u] - lambda[u]);
      if (lambda[u] == 0) continue;
      const std::uint32_t* k = lists.covering(u);
      for (std::size_t i = 0; i < lists.num_covering(u); ++i) c[k[i]] += lambda[u];
    }
    // Y: the fixed sites and the p free ones of largest c (ties to the lower index).
    std::nth_element(free_sites.begin(), free_sites.begin() + static_cast<std::ptrdiff_t>(p), free_sites.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return c[a] > c[b] || (c[a] == c[b] && a < b); });
    std::fill(open.begin(), open.end(), 0);
    for (std::uint32_t k : fixed) open[k] = 1, value += c[k];
    for (std::size_t i = 0; i < p; ++i) open[free_sites[i]] = 1, value += c[free_sites[i]];
    if (value < out.bound) {
      out.bound = value;
      since_better = 0;
    } else if (++since_better >= kStepsPerHalving) {
      factor /= 2;
      since_better = 0;
    }
    if (value <= best_known) break;  // proven: nothing above the cover at hand
    // Subgradient: coverage - 1 - z_u; a step down it (lambda >= 0).
    double norm = 0;
    for (std::size_t u = 0; u < nd; ++u) {
      double coverage = 0;
      const std::uint32_t* k = lists.covering(u);
      for (std::size_t i = 0; i < lists.num_covering(u); ++i) coverage += open[k[i]];
      const double z = may_count[u] && weights[u] > lambda[u] ? 1 : 0;
      g[u] = coverage - 1 - z;
      if (lambda[u] == 0 && g[u] > 0) g[u] = 0;  // it would only leave lambda at 0
      norm += g[u] * g[u];
    }
    if (norm == 0) break;  // lambda is optimal
    const double step = factor * (value - best_known) / norm;
    for (std::size_t u = 0; u < nd; ++u) lambda[u] = std::max(0.0, lambda[u] - step * g[u]);
  }
  return out;
}

}  // namespace gdist
