// The part of the assignment integer program (covering_mip.hpp,
// SolveAssignmentMip) that the capacitated p-median and facility location
// share: the refusals every such model makes (no CBC in the build, more pairs
// than the program is built for) and the program's costs, weights and fixed
// sites from a SitingProblem; each model then adds its capacities, opening
// costs or site count.
#pragma once
#include <limits>
#include <string>

#include "lib/siting/covering_mip.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/exact_method.hpp"
#include "lib/siting/service_feasibility.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/siting/siting_problem.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

// The most demand x candidate pairs the program is built for (a column each).
inline constexpr std::size_t kMaxAssignmentPairs = std::size_t{1} << 22;
// Uncapacitated facility location, solved without CBC: 20 bytes a pair
// (the program's cost, the weighted cost, the per-demand order), 1.3 GB at most.
inline constexpr std::size_t kMaxFacilityPairs = std::size_t{1} << 26;

// max_pairs: the uncapacitated facility location's own solver (no CBC) takes more.
template <class T> AssignmentProgram AssignmentProgramOf(const SitingProblem<T>& prob, ExactModel kind,
                                                         const std::string& model,
                                                         std::size_t max_pairs = kMaxAssignmentPairs) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  RequireExactMethod(kind, false);
  RequireRepresentableSums(model, prob.total_weight(), prob.max_finite(), prob.max_finite());
  if (nd * m > max_pairs)
    throw Error(model + ": " + std::to_string(nd) + " demands x " + std::to_string(m) + " candidates is beyond " +
                (max_pairs == kMaxAssignmentPairs ? std::string("the integer program's limit (2^22 pairs)")
                                                  : "this model's limit (" + std::to_string(max_pairs) + " pairs)") +
                ": use " + OptionText(Option::kCandidates));
  AssignmentProgram program;
  program.nd = nd;
  program.m = m;
  program.cost.resize(nd * m);
  program.weights = prob.weights();
  program.fixed = prob.fixed();
  for (std::size_t u = 0; u < nd; ++u)
    for (std::size_t k = 0; k < m; ++k) {
      const T c = prob.Cost(u, k);
      program.cost[u * m + k] =
          SitingProblem<T>::Reachable(c) ? static_cast<double>(c) : std::numeric_limits<double>::infinity();
    }
  return program;
}

// The program's time limit: the proof's with --exact, else the heuristics'.
// As a deadline too: CBC's own limit is read between nodes only, and the
// root LP of a large program outlasted a 3 s limit by minutes (facility
// location, 1000 x 1000); the deadline stops CLP inside it.
inline MipOptions AssignmentMipOptions(const SitingOptions& options) {
  MipOptions o;
  o.time_limit_s = options.exact ? options.proof_time_limit_s : options.time_limit_s;
  if (o.time_limit_s > 0) o.deadline = SteadySeconds() + o.time_limit_s;
  if (!options.exact && o.time_limit_s <= 0) o.max_nodes = options.mip_nodes;  // no clock: a node count
  return o;
}

}  // namespace gdist
