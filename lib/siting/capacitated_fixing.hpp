// Reduced-cost fixing for the capacitated p-median's integer program: from
// one Lagrangian point (capacitated_lagrangian.hpp) each column's bound when
// forced to 1, and the columns whose forced bound passes `threshold` (no
// solution at most the threshold uses them) leave the program. Per pair
// (u, k), with rc = w_u c_uk - lambda_u:
//   k opened by L:  L + max(rc, 0)                    (forcing u into k's knapsack)
//   k not opened:   L - worst_opened + v_k + max(rc, 0) (k replaces the worst opened site)
// and a site k not opened leaves with all its pairs when L - worst_opened + v_k
// passes; an opened site stays open when L - v_k + best_closed passes.
#pragma once
#include <cstddef>
#include <vector>

#include "lib/siting/capacitated_instance.hpp"
#include "lib/siting/capacitated_lagrangian.hpp"

namespace gdist {

struct FixedColumns {
  std::vector<char> keep_pair;    // nd x m, demand-major
  std::vector<char> closed;       // per candidate: cannot be open in a solution at most the threshold
  std::vector<char> forced_open;  // per candidate: open in every such solution
  std::size_t pairs_kept = 0;
  bool some_demand_unserved = false;  // then no solution is at most the threshold
};

FixedColumns FixColumns(const CapacitatedInstance& inst, const CapacitatedPoint& point, double threshold);

}  // namespace gdist
