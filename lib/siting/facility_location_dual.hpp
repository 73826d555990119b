// The dual ascent of the uncapacitated fixed-charge location program
// (Erlenkotter, "A dual-based procedure for uncapacitated facility location",
// Operations Research 26, 1978: DUALOC). The LP relaxation's condensed dual,
// g_uk = w_u c_uk:
//   max sum_u v_u  s.t.  s_k = f_k - sum_u max(0, v_u - g_uk) >= 0 for every candidate k;
// any such v is a lower bound, and for any set Y of open sites
//   cost(Y) >= sum_u v_u + sum_{k in Y} s_k,
// (x_uk <= y_k), which is what the branch and bound fixes candidates with. The
// ascent raises each demand's v_u one cost level at a time while every
// candidate it pays into has slack; the adjustment lowers a demand paying into
// two or more tight candidates to its next level down, lets the others rise
// into the freed slack, and raises it again (never a lower sum). A node of the
// branch and bound opens some candidates (f_k paid, s_k = 0: v_u <= g_uk) and
// closes others (gone from every demand's list).
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/facility_location_costs.hpp"

namespace gdist {

enum FacilityState : signed char { kFacilityFree = 0, kFacilityOpen = 1, kFacilityClosed = 2 };

struct FacilityDual {
  bool feasible = true;       // false: some demand is reached by no candidate left (bound +inf)
  double bound = 0;           // sum_u v_u + the open candidates' f_k
  std::vector<double> v;      // per demand
  std::vector<double> slack;  // per candidate: s_k (open ones 0; closed ones unset)
};

// state: per candidate (empty: every one free, the fixed ones open); adjust:
// the dual adjustment's rounds after the ascent (0: the ascent only);
// deadline (steady seconds, 0: none): the adjustment stops there (the
// ascent runs to its end), with a smaller bound that still holds.
FacilityDual FacilityDualAscent(const FacilityCosts& c, const std::vector<signed char>& state, int adjust_rounds,
                                double deadline = 0);

// The root's states: the fixed candidates open, the others free.
std::vector<signed char> FacilityRootState(const FacilityCosts& c);

}  // namespace gdist
