// Lower bounds on the fixed-charge location program (facility_location.cpp)
// without an LP solver, for the answer a time limit returns: the assignment
// rows (every demand served once) relaxed with multipliers lambda,
//   L(lambda) = sum_u lambda_u + sum_k min(0, f_k + sum_u min(0, w_u c_uk - lambda_u)),
// a fixed site's term without the min with 0, and when no site is fixed and
// every term is >= 0 the smallest one added (some site is open). Any lambda
// gives a lower bound (weak duality; x_uk <= y_k); capacities only remove
// solutions, so it bounds the capacitated program too. The subgradient ascent
// (Polyak steps toward the incumbent) makes it strong: Cornuejols, Fisher and
// Nemhauser 1977.
#pragma once
#include "lib/siting/covering_mip.hpp"

namespace gdist {

struct FacilityLocationBound {
  double bound = 0;  // the best L(lambda) found, a lower bound
  int iterations = 0;
};

// The ascent from each demand at its cheapest candidate, for at most
// max_iterations steps or until `deadline` (steady seconds; 0: none);
// upper: an incumbent's objective (the steps' target; +inf: the start's
// bound only, each demand at its cheapest candidate).
FacilityLocationBound FacilityLocationLagrangianBound(const AssignmentProgram& program, double upper,
                                                      int max_iterations, double deadline);

}  // namespace gdist
