#include "lib/siting/facility_location_costs.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace gdist {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
bool Whole(double x) { return x == std::floor(x) && std::fabs(x) < 0x1p53; }
}  // namespace

FacilityCosts FacilityCostsOf(const AssignmentProgram& p) {
  FacilityCosts c;
  c.nd = p.nd;
  c.m = p.m;
  c.g.resize(p.nd * p.m);
  c.f = p.opening ? *p.opening : std::vector<double>(p.m, 0.0);
  c.fixed.assign(p.m, 0);
  for (std::uint32_t k : p.fixed) c.fixed[k] = 1;
  c.whole = true;
  for (double x : c.f) c.whole &= Whole(x);
  c.order.resize(p.nd * p.m);
  c.reach.resize(p.nd);
  for (std::size_t u = 0; u < p.nd; ++u) {
    double* g = &c.g[u * p.m];
    for (std::size_t k = 0; k < p.m; ++k) {
      const double cost = p.cost[u * p.m + k];
      g[k] = std::isfinite(cost) ? p.weights[u] * cost : kInf;  // not 0 * inf
      if (std::isfinite(g[k])) c.whole &= Whole(g[k]);
    }
    std::uint32_t* o = &c.order[u * p.m];
    std::iota(o, o + p.m, 0u);
    std::stable_sort(o, o + p.m, [g](std::uint32_t a, std::uint32_t b) { return g[a] < g[b]; });
    c.reach[u] = static_cast<std::uint32_t>(std::count_if(g, g + p.m, [](double x) { return std::isfinite(x); }));
  }
  return c;
}

double FacilityObjective(const FacilityCosts& c, const std::vector<char>& open, std::vector<std::uint32_t>* assigned) {
  double total = 0;
  for (std::size_t k = 0; k < c.m; ++k)
    if (open[k]) total += c.f[k];
  if (assigned) assigned->assign(c.nd, 0);
  for (std::size_t u = 0; u < c.nd; ++u) {
    const std::uint32_t* o = &c.order[u * c.m];
    std::uint32_t i = 0;
    while (i < c.reach[u] && !open[o[i]]) ++i;
    if (i == c.reach[u]) return kInf;
    total += c.cost(u, o[i]);
    if (assigned) (*assigned)[u] = o[i];
  }
  return total;
}

}  // namespace gdist
