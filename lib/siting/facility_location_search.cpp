#include "lib/siting/facility_location_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gdist {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Each demand's cheapest open site, and the objective (inf: some demand unserved).
double Serve(const AssignmentProgram& p, const std::vector<char>& open, std::vector<std::uint32_t>* assigned) {
  double total = 0;
  for (std::size_t k = 0; k < p.m; ++k)
    if (open[k]) total += (*p.opening)[k];
  assigned->assign(p.nd, 0);
  for (std::size_t u = 0; u < p.nd; ++u) {
    double best = kInf;
    for (std::size_t k = 0; k < p.m; ++k)
      if (open[k] && p.cost[u * p.m + k] < best) {
        best = p.cost[u * p.m + k];
        (*assigned)[u] = static_cast<std::uint32_t>(k);
      }
    total += p.weights[u] * best;
  }
  return total;
}

}  // namespace

FacilityLocationStart GreedyFacilityLocation(const AssignmentProgram& p) {
  FacilityLocationStart out;
  std::vector<char> open(p.m, 0);
  std::vector<double> current(p.nd, kInf);  // each demand's cost at its cheapest open site
  const auto add = [&](std::size_t k) {
    open[k] = 1;
    for (std::size_t u = 0; u < p.nd; ++u) current[u] = std::min(current[u], p.cost[u * p.m + k]);
  };
  for (std::uint32_t k : p.fixed) add(k);
  // Every demand served: the candidate reaching the most unserved demands (ties: the cheaper to open).
  for (;;) {
    std::size_t best = p.m, best_count = 0;
    for (std::size_t k = 0; k < p.m; ++k) {
      if (open[k]) continue;
      std::size_t count = 0;
      for (std::size_t u = 0; u < p.nd; ++u) count += current[u] == kInf && p.cost[u * p.m + k] < kInf;
      if (count > best_count || (count == best_count && count > 0 && (*p.opening)[k] < (*p.opening)[best]))
        best = k, best_count = count;
    }
    if (best_count == 0) break;
    add(best);
  }
  for (double c : current)
    if (c == kInf) return out;  // a demand no candidate reaches
  // Then the largest saving while one saves.
  for (;;) {
    std::size_t best = p.m;
    double best_saving = 0;
    for (std::size_t k = 0; k < p.m; ++k) {
      if (open[k]) continue;
      double saving = -(*p.opening)[k];
      for (std::size_t u = 0; u < p.nd; ++u) saving += p.weights[u] * std::max(0.0, current[u] - p.cost[u * p.m + k]);
      if (saving > best_saving) best = k, best_saving = saving;
    }
    if (best == p.m) break;
    add(best);
  }
  // Drops while one saves (a fixed site stays).
  std::vector<char> fixed(p.m, 0);
  for (std::uint32_t k : p.fixed) fixed[k] = 1;
  std::vector<std::uint32_t> assigned;
  double objective = Serve(p, open, &assigned);
  for (bool improved = true; improved;) {
    improved = false;
    for (std::size_t k = 0; k < p.m; ++k) {
      if (!open[k] || fixed[k]) continue;
      open[k] = 0;
      std::vector<std::uint32_t> trial;
      const double without = Serve(p, open, &trial);
      if (without < objective) {
        objective = without;
        assigned = std::move(trial);
        improved = true;
      } else {
        open[k] = 1;
      }
    }
  }
  out.sites = p.fixed;
  for (std::size_t k = 0; k < p.m; ++k)
    if (open[k] && !fixed[k]) out.sites.push_back(static_cast<std::uint32_t>(k));
  out.assigned = std::move(assigned);
  out.objective = objective;
  return out;
}

}  // namespace gdist
