#include "lib/siting/facility_location_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "lib/siting/deadline.hpp"

namespace gdist {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// L(lambda), and each demand's subgradient component 1 - (open sites it would join).
double Evaluate(const AssignmentProgram& p, const std::vector<char>& fixed, const std::vector<double>& lambda,
                std::vector<double>* rc, std::vector<double>* g) {
  rc->assign(p.m, 0);
  for (std::size_t k = 0; k < p.m; ++k) (*rc)[k] = (*p.opening)[k];
  double value = 0;
  for (std::size_t u = 0; u < p.nd; ++u) {
    value += lambda[u];
    const double* c = &p.cost[u * p.m];
    const double w = p.weights[u];
    for (std::size_t k = 0; k < p.m; ++k) (*rc)[k] += std::min(0.0, w * c[k] - lambda[u]);  // inf cost: 0
  }
  std::vector<char> open(p.m, 0);
  bool any = false;
  std::size_t cheapest = 0;
  for (std::size_t k = 0; k < p.m; ++k) {
    if (fixed[k] || (*rc)[k] < 0) {
      open[k] = 1;
      any = true;
      value += (*rc)[k];
    }
    if ((*rc)[k] < (*rc)[cheapest]) cheapest = k;
  }
  if (!any && p.m > 0) {  // some site is open
    open[cheapest] = 1;
    value += (*rc)[cheapest];
  }
  g->assign(p.nd, 1);
  for (std::size_t u = 0; u < p.nd; ++u) {
    const double* c = &p.cost[u * p.m];
    const double w = p.weights[u];
    for (std::size_t k = 0; k < p.m; ++k)
      if (open[k] && w * c[k] - lambda[u] < 0) (*g)[u] -= 1;
  }
  return value;
}

}  // namespace

FacilityLocationBound FacilityLocationLagrangianBound(const AssignmentProgram& p, double upper, int max_iterations,
                                                      double deadline) {
  FacilityLocationBound out;
  out.bound = -kInf;
  if (p.nd == 0 || p.m == 0 || !p.opening) return out;
  std::vector<char> fixed(p.m, 0);
  for (std::uint32_t k : p.fixed) fixed[k] = 1;
  std::vector<double> lambda(p.nd);
  for (std::size_t u = 0; u < p.nd; ++u) {
    double cheapest = kInf;
    for (std::size_t k = 0; k < p.m; ++k) cheapest = std::min(cheapest, p.cost[u * p.m + k]);
    lambda[u] = p.weights[u] * cheapest;
  }
  std::vector<double> rc, g;
  double theta = 2;
  int since_better = 0;
  for (int it = 0; it < max_iterations; ++it) {
    if (deadline > 0 && SteadySeconds() > deadline) break;
    const double value = Evaluate(p, fixed, lambda, &rc, &g);
    ++out.iterations;
    if (value > out.bound) {
      out.bound = value;
      since_better = 0;
    } else if (++since_better >= 20) {
      theta /= 2;
      since_better = 0;
    }
    double norm = 0;
    for (double x : g) norm += x * x;
    // norm 0: every demand joins one open site, the relaxed solution is feasible: its value is the optimum.
    if (norm == 0 || theta < 1e-4 || !std::isfinite(upper) || !(upper > value)) break;
    const double step = theta * (upper - value) / norm;
    for (std::size_t u = 0; u < p.nd; ++u) lambda[u] += step * g[u];
  }
  return out;
}

}  // namespace gdist
