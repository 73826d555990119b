// The single-source capacitated p-median as its solvers see it
// (docs/SITING.md): nd demands of weight w_u, m candidates of capacity Q_k,
// serving cost c_uk (+inf: cannot serve), exactly `sites` open sites of
// which the `fixed` ones are forced open. A demand is served whole by one
// open site; a site's served weight is at most its capacity. The objective
// is sum w_u c_uk over the served pairs.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

namespace gdist {

struct CapacitatedInstance {
  std::size_t nd = 0, m = 0;
  std::vector<double> cost;      // nd x m, demand-major; +inf where k cannot serve u
  std::vector<double> weight;    // per demand
  std::vector<double> capacity;  // per candidate
  std::vector<char> fixed;       // per candidate: forced open
  std::size_t sites = 0;         // open sites in all, fixed included
  // Every objective is a multiple of this (1 with whole weights and costs; 0: unknown).
  double objective_step = 0;

  // Can k serve u at all (reachable, and u's weight within k's capacity)?
  bool Serves(std::size_t u, std::size_t k) const { return std::isfinite(cost[u * m + k]) && weight[u] <= capacity[k]; }
  double PairCost(std::size_t u, std::size_t k) const { return weight[u] * cost[u * m + k]; }
};

// A solution: each demand's site (candidate index) and the open sites.
struct CapacitatedSolution {
  std::vector<std::uint32_t> site_of;  // per demand
  std::vector<std::uint32_t> open;     // candidate indices, sorted
  double objective = 0;
};

// Whether `s` serves every demand from an open site within capacities, with
// exactly inst.sites open sites including the fixed ones; recomputes its objective.
bool CheckSolution(const CapacitatedInstance& inst, CapacitatedSolution* s);

}  // namespace gdist
