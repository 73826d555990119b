// The objective as the input's costs give it, exactly. The solvers work in
// doubles on costs shifted by SitingProblem::cost_offset() (whole costs past
// 2^53); this adds the offset back and, when costs and weights are whole
// numbers, recomputes the objective from the sites in 128-bit integers (the
// JSON prints it exactly, past int64 too) and re-judges `optimal` on them.
#pragma once
#include <string>

#include "lib/siting/siting_problem.hpp"
#include "lib/siting/siting_result.hpp"
#include "lib/util/int128.hpp"

namespace gdist {

enum class ObjectiveFold {
  kWeightedSum,  // p-median: sum_u w_u d(u, S)
  kLargest,      // p-center: max_u d(u, S)
};

// r: solved on prob (its assignment serving every demand), objective and
// bound in the shifted costs.
// v in decimal, every digit (the reports print whole objectives with it).
std::string WholeText(Int128 v);

// `fixed_part`: a part of the objective (and the bound) that is no cost of
// the matrix, not shifted, whole or not (facility location's opening costs);
// the whole objective includes it when it is a whole number.
template <class T>
void FinishCostObjective(const SitingProblem<T>& prob, ObjectiveFold fold, SitingResult* r, double fixed_part = 0);

}  // namespace gdist
