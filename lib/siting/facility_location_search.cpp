#include "lib/siting/facility_location_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/siting/deadline.hpp"
#include "lib/siting/facility_location_costs.hpp"

namespace gdist {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

double ImproveFacilityLocation(const FacilityCosts& c, std::vector<char>* open_in, double deadline) {
  std::vector<char>& open = *open_in;
  const std::size_t nd = c.nd, m = c.m;
  std::vector<std::uint32_t> a1(nd);
  std::vector<double> d1(nd), d2(nd), extra(m, 0);
  double objective = FacilityObjective(c, open, nullptr);
  // A move must save more than the sums' rounding (whole costs: at least 1).
  const auto saves = [&](double delta) {
    return c.whole ? delta <= -0.5 : delta < -1e-12 * (std::fabs(objective) + 1);
  };
  while (std::isfinite(objective)) {
    if (deadline > 0 && SteadySeconds() > deadline) break;
    std::vector<std::uint32_t> opened;
    for (std::size_t k = 0; k < m; ++k)
      if (open[k]) opened.push_back(static_cast<std::uint32_t>(k));
    for (std::size_t u = 0; u < nd; ++u) {
      const std::uint32_t* o = &c.order[u * m];
      std::uint32_t i = 0;
      while (i < c.reach[u] && !open[o[i]]) ++i;
      a1[u] = o[i];
      d1[u] = c.cost(u, o[i]);
      for (++i; i < c.reach[u] && !open[o[i]]; ++i) {}
      d2[u] = i < c.reach[u] ? c.cost(u, o[i]) : kInf;
    }
    // Drops: each open site's loss, its demands to their second site.
    std::vector<double> loss(m, 0);
    for (std::size_t u = 0; u < nd; ++u) loss[a1[u]] += d2[u] - d1[u];
    double best = 0;
    std::size_t add = m, drop = m;
    for (std::uint32_t r : opened)
      if (!c.fixed[r] && loss[r] - c.f[r] < best) best = loss[r] - c.f[r], add = m, drop = r;
    // A saving drop first, without pricing the adds and swaps (O(demands) against
    // O(candidates x demands)): a node's tight candidates are often many too many.
    for (std::size_t i = 0; i < m && !saves(best); ++i) {
      if (open[i] || !std::isfinite(c.f[i])) continue;
      double gain = 0;
      for (std::uint32_t r : opened) extra[r] = 0;
      for (std::size_t u = 0; u < nd; ++u) {
        const double g = c.cost(u, i);
        if (g < d1[u]) gain += d1[u] - g;
        else extra[a1[u]] += std::min(g, d2[u]) - d1[u];
      }
      if (c.f[i] - gain < best) best = c.f[i] - gain, add = i, drop = m;
      for (std::uint32_t r : opened)
        if (!c.fixed[r] && c.f[i] - c.f[r] - gain + extra[r] < best)
          best = c.f[i] - c.f[r] - gain + extra[r], add = i, drop = r;
    }
    if (!saves(best)) break;
    if (add < m) open[add] = 1;
    if (drop < m) open[drop] = 0;
    const double next = FacilityObjective(c, open, nullptr);
    if (!(next < objective)) {  // rounding: undo and stop
      if (add < m) open[add] = 0;
      if (drop < m) open[drop] = 1;
      break;
    }
    objective = next;
  }
  return objective;
}

}  // namespace gdist
