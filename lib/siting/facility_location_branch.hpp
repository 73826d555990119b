// Branch and bound on the uncapacitated fixed-charge location program
// (Erlenkotter 1978): each node opens or closes candidates, its bound the
// dual ascent with adjustment (facility_location_dual.hpp) on what is left,
// its primal the candidates the dual leaves tight (then the local search of
// facility_location_search.hpp); a node whose bound cannot beat the
// incumbent is pruned, and a free candidate k is closed where
// bound + s_k cannot (cost(Y) >= sum v + sum_{Y} s_k), opened where a demand
// has no other. Depth first: it needs no LP solver.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/facility_location_costs.hpp"

namespace gdist {

struct FacilityBranchResult {
  std::vector<char> open;  // the incumbent's sites, per candidate; empty: none found (some demand unreachable)
  double objective = 0;    // its objective
  double bound = 0;        // proven lower bound: the pruned nodes' and (stopped) the open nodes' least
  bool finished = false;   // the tree is done: no solution below `bound`
  double root_bound = 0;   // the dual ascent's at the root
  long nodes = 0;
  long fixed_closed = 0;  // candidates closed by the bound + slack test, over all nodes
};

// start: a first solution (per candidate; empty: none); deadline: steady seconds (0: none).
FacilityBranchResult SolveFacilityBranch(const FacilityCosts& costs, const std::vector<char>& start, double deadline);

}  // namespace gdist
