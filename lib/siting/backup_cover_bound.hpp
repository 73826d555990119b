// An upper bound on LSCP-B (backup coverage) of our own, for when CBC stops
// before its root LP ends (5,000 demands: the LP alone outruns a minute).
// The coverage rows  sum_{k covers u} y_k >= 1 + z_u  relaxed with
// multipliers lambda_u >= 0:
//   L(lambda) = sum_u max(0, w_u - lambda_u) [u has two coverers]
//               - sum_u lambda_u + sum_{k in Y} c_k,   c_k = sum_{u: k covers u} lambda_u,
// Y the fixed sites and the P free candidates of largest c_k. Every lambda
// gives a bound (a feasible y, z only adds lambda_u times a slack >= 0); the
// least over lambda is the LP relaxation's value. Minimised by subgradient
// steps of Polyak's length towards the best objective known.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/cover_lists.hpp"

namespace gdist {

struct BackupCoverBound {
  double bound = 0;  // the least L(lambda) seen: no cover of P sites covers more weight twice
  long steps = 0;
};

// best_known: the objective of a cover found (the steps' target); deadline:
// steady seconds (0: none); max_steps caps the steps.
BackupCoverBound BackupCoverLagrangianBound(const CoverLists& lists, const std::vector<double>& weights,
                                            const std::vector<std::uint32_t>& fixed, std::size_t p, double best_known,
                                            double deadline, long max_steps);

}  // namespace gdist
