// The Lagrangian bound of the single-source capacitated p-median
// (capacitated_instance.hpp; docs/SITING.md "Capacitated p-median"): the rows
// "each demand served once" move into the objective with multipliers
// lambda_u, and the program falls apart into one 0-1 knapsack per site:
//   v_k(lambda) = min sum_u (w_u c_uk - lambda_u) x_u  s.t. sum_u w_u x_u <= Q_k
//   L(lambda)   = sum_u lambda_u + sum of v_k over the fixed sites and the
//                 (sites - #fixed) smallest v_k of the others.
// Every L(lambda) is below the optimum; with the knapsacks solved exactly it
// is far above the LP relaxation (the knapsacks' integrality is kept), which
// is why it is here: CBC's own root bound on the same program is the LP's.
// The multipliers are improved by subgradient steps.
#pragma once
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "lib/siting/capacitated_instance.hpp"
#include "lib/siting/min_knapsack.hpp"

namespace gdist {

// (Not LagrangianPoint: lagrangian_bound.hpp's p-median point has that name in gdist, and two
// layouts under one name broke the one-definition rule: LeakSanitizer saw the wrong destructor.)
struct CapacitatedPoint {
  double bound = -std::numeric_limits<double>::infinity();
  std::vector<double> lambda;
  std::vector<double> site_value;  // per candidate: v_k, or a lower bound of it (never above)
  std::vector<char> opened;        // the sites L opens: fixed ones and the smallest values
  double worst_opened = 0;         // largest v_k of an opened site that is not fixed
  double best_closed = 0;          // smallest v_k of a site not opened (+inf: none)
  // Per candidate: the demands its knapsack serves (opened sites only).
  std::vector<std::vector<std::uint32_t>> served;
};

// Each demand's cheapest this many candidates are kept sorted, the rest of its
// row behind them unsorted: multipliers rarely pass the prefix, and sorting
// whole rows took 3 s of a 2 s limit at n = 5,000 (loaded machine).
inline constexpr std::size_t kSortedRowPrefix = 256;

class CapacitatedLagrangian {
 public:
  // Sorts each demand's cheapest servable candidates by cost (on `threads`),
  // once: a point then reads only the pairs of negative reduced cost, a
  // short prefix of each row (at n = 5,000 a scan of all 2.5e7 pairs was
  // most of a step), and the unsorted tail only where a multiplier passes
  // the sorted prefix.
  CapacitatedLagrangian(const CapacitatedInstance& inst, int threads);
  CapacitatedPoint Evaluate(const std::vector<double>& lambda);
  // lambda_u = u's k-th cheapest serving cost (its dearest when it has fewer; k >= 1).
  std::vector<double> KthCheapestMultipliers(std::size_t k) const;
  const CapacitatedInstance& instance() const { return inst_; }

 private:
  std::size_t SortedWidth(std::size_t u) const;  // the sorted prefix of u's row
  const CapacitatedInstance& inst_;
  int threads_;
  std::vector<std::size_t> row_start_;            // nd + 1 offsets into by_cost_
  std::vector<std::uint32_t> by_cost_;            // per demand its servable candidates, cheapest first
  std::vector<std::vector<KnapsackItem>> items_;  // scratch: each site's negative reduced costs
};

// The start's ladder of k ends at this many times nd / sites (L fell past it on every instance tried).
inline constexpr std::size_t kStartRankPerSite = 4;

struct CapacitatedAscentOptions {
  int max_iterations = 3000;
  int patience = 60;       // iterations without a better bound before the step halves (25 left a 3% gap at n = 500)
  double start_scale = 2;  // Polyak's factor at the start (a continuation from good multipliers: less)
  double min_step_scale = 1e-4;
  double deadline = 0;  // steady seconds (0: none)
};

// Maximises L by subgradient steps from `lambda` (Polyak steps toward
// *upper_bound). `on_point` is called on every point and may lower
// *upper_bound (a heuristic turning the point into a solution). Stops when
// the bound reaches *upper_bound less one objective step. Returns the best point.
CapacitatedPoint MaximizeLagrangian(CapacitatedLagrangian& lagrangian, std::vector<double> lambda,
                                    const CapacitatedAscentOptions& options, double* upper_bound,
                                    const std::function<void(const CapacitatedPoint&)>& on_point);

// Multipliers to start from: of lambda_u = each demand's k-th cheapest cost
// for k = 1, 2, 3, 4, 6, 9, 13, ... (half again each step, up to kStartRankPerSite times the demands
// per site, and within kSortedRowPrefix),
// those of the highest L. k = 1 (the uncapacitated nearest-site sum) is 0
// wherever every demand is a candidate; L peaks near k = demands per site.
std::vector<double> StartingMultipliers(CapacitatedLagrangian& lagrangian);

}  // namespace gdist
