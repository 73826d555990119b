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

struct LagrangianPoint {
  double bound = -std::numeric_limits<double>::infinity();
  std::vector<double> lambda;
  std::vector<double> site_value;  // per candidate: v_k, or a lower bound of it (never above)
  std::vector<char> opened;        // the sites L opens: fixed ones and the smallest values
  double worst_opened = 0;         // largest v_k of an opened site that is not fixed
  double best_closed = 0;          // smallest v_k of a site not opened (+inf: none)
  // Per candidate: the demands its knapsack serves (opened sites only).
  std::vector<std::vector<std::uint32_t>> served;
};

class CapacitatedLagrangian {
 public:
  explicit CapacitatedLagrangian(const CapacitatedInstance& inst) : inst_(inst), items_(inst.m) {}
  LagrangianPoint Evaluate(const std::vector<double>& lambda);

 private:
  const CapacitatedInstance& inst_;
  std::vector<std::vector<KnapsackItem>> items_;  // scratch: each site's negative reduced costs
};

struct SubgradientOptions {
  int max_iterations = 3000;
  int patience = 60;  // iterations without a better bound before the step halves (25 left a 3% gap at n = 500)
  double min_step_scale = 1e-4;
  double deadline = 0;  // steady seconds (0: none)
};

// Maximises L by subgradient steps from `lambda` (Polyak steps toward
// *upper_bound). `on_point` is called on every point and may lower
// *upper_bound (a heuristic turning the point into a solution). Stops when
// the bound reaches *upper_bound less one objective step. Returns the best point.
LagrangianPoint MaximizeLagrangian(const CapacitatedInstance& inst, std::vector<double> lambda,
                                   const SubgradientOptions& options, double* upper_bound,
                                   const std::function<void(const LagrangianPoint&)>& on_point);

// Multipliers to start from: each demand's cheapest serving cost (L is then
// the uncapacitated nearest-site sum, a valid start).
std::vector<double> StartingMultipliers(const CapacitatedInstance& inst);

}  // namespace gdist
