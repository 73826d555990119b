// Fixed-charge facility location (Balinski 1965; capacitated: single-source):
// open any number of candidates, each at its opening cost f_k, and serve
// every demand whole from one open site: min sum_k f_k y_k + sum_u w_u c(u,
// s(u)). Uncapacitated: our own branch and bound on the dual ascent
// (Erlenkotter 1978; facility_location_branch.hpp), no LP solver; it beat CBC
// on the same program by 20x and more (bench/results/siting.md), so CBC is
// not asked even when it stops. Capacitated: an integer program through CBC
// (lib/siting/covering_mip.hpp, SolveAssignmentMip).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "lib/siting/assignment_program.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/facility_location_bound.hpp"
#include "lib/siting/facility_location_branch.hpp"
#include "lib/siting/facility_location_costs.hpp"
#include "lib/siting/service_feasibility.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/siting/whole_objective.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

// The Lagrangian ascent before CBC (capacitated): at most this share of the time limit and this many steps.
constexpr double kFacilityBoundShareOfLimit = 0.2;
constexpr int kFacilityBoundIterations = 1000;
// Uncapacitated: the branch and bound's share of the time limit; a stopped
// one leaves the rest to the Lagrangian bound, for at most this many steps.
constexpr double kBranchShareOfLimit = 0.7;
constexpr int kLagrangianIterations = 100000;

}  // namespace

namespace {

// The result's assignment and objective from its sites: each demand at its
// cheapest open site, in the program's (shifted) costs.
template <class T>
double FillAssignment(const SitingProblem<T>& prob, const AssignmentProgram& program, SitingResult* r) {
  const std::size_t nd = program.nd, m = program.m;
  Assignment& as = r->assignment;
  as.distance.resize(nd);
  double opening = 0;
  for (std::uint32_t k : r->sites) opening += (*program.opening)[k];
  for (std::size_t u = 0; u < nd; ++u) {
    as.distance[u] = program.cost[u * m + as.site[u]];
    as.total += prob.weight(u) * as.distance[u];
    as.max_distance = std::max(as.max_distance, as.distance[u]);
  }
  r->objective = opening + as.total;
  return opening;
}

// Uncapacitated: the branch and bound until a share of the time limit; its
// first incumbent is the root dual's tight candidates after the local search
// (GreedyFacilityLocation's drops, O(n^3), are too slow past 1000 x 1000).
// Stopped, the rest of the limit goes to the Lagrangian bound toward its
// incumbent: the LP's bound in the limit, stronger than the dual ascent's
// where that levels off (n = 2000: 1228790 against 1219450, incumbent 1229817).
template <class T>
SitingResult SolveUncapacitated(const SitingProblem<T>& prob, const AssignmentProgram& program, double deadline) {
  const FacilityCosts costs = FacilityCostsOf(program);
  const double now = SteadySeconds();
  const double branch_deadline = deadline > 0 ? now + kBranchShareOfLimit * std::max(0.0, deadline - now) : 0;
  const FacilityBranchResult b = SolveFacilityBranch(costs, {}, branch_deadline);
  if (b.open.empty()) {
    if (b.finished) throw Error("facility-location: infeasible: some demand is reached by no candidate");
    throw Error("facility-location: no solution within the time limit (infeasibility not proven): raise " +
                OptionText(Option::kTimeLimit));
  }
  SitingResult r;
  r.sites = program.fixed;  // fixed ones first
  for (std::size_t k = 0; k < program.m; ++k)
    if (b.open[k] && !costs.fixed[k]) r.sites.push_back(static_cast<std::uint32_t>(k));
  r.assignment.site.assign(program.nd, 0);
  for (std::size_t u = 0; u < program.nd; ++u) {  // the cheapest open site in the input's costs (weight 0 too)
    double best = std::numeric_limits<double>::infinity();
    for (std::uint32_t k : r.sites)
      if (program.cost[u * program.m + k] < best) best = program.cost[u * program.m + k], r.assignment.site[u] = k;
  }
  const double opening = FillAssignment(prob, program, &r);
  r.method = "dual ascent branch and bound (Erlenkotter), " + std::to_string(b.nodes) + " nodes" +
             (b.finished ? "" : ", stopped at the time limit");
  // Whole costs: the bound is exact (sums of whole numbers). Otherwise its
  // sums round: a relative 1e-12 below, within the rule that meets the objective.
  double bound = b.finished ? std::min(b.bound, r.objective) : b.bound;
  if (!costs.whole) bound -= 1e-12 * (std::fabs(bound) + 1);
  std::string how = b.finished
                        ? "dual ascent with adjustment (root " + ExactText(b.root_bound) + "), branch and bound done"
                        : "dual ascent with adjustment, branch and bound stopped at the time limit: its open nodes";
  if (!b.finished) {
    const FacilityLocationBound lagrangian =
        FacilityLocationLagrangianBound(program, b.objective, kLagrangianIterations, deadline);
    // Sums of n x m products in doubles: a relative 1e-8 below (the whole-number rule rounds it up).
    const double l = lagrangian.bound - 1e-8 * (std::fabs(lagrangian.bound) + 1);
    if (l > bound) {
      bound = l;
      how = "Lagrangian relaxation (subgradient toward the branch and bound's incumbent, " +
            std::to_string(lagrangian.iterations) + " steps), above the stopped branch and bound's";
    }
  }
  r.SetBound(std::min(bound, r.objective), how);
  FinishCostObjective(prob, ObjectiveFold::kWeightedSum, &r, opening);
  return r;
}

}  // namespace

template <class T>
SitingResult SolveFacilityLocation(const SitingProblem<T>& prob, const std::vector<double>& opening_cost_of_vertex,
                                   const std::vector<double>* capacity_of_vertex, const SitingOptions& options) {
  const std::size_t m = prob.num_candidates();
  AssignmentProgram program = AssignmentProgramOf(
      prob, capacity_of_vertex ? ExactModel::kCapacitatedFacilityLocation : ExactModel::kFacilityLocation,
      "facility-location", capacity_of_vertex ? kMaxAssignmentPairs : kMaxFacilityPairs);
  program.opening = std::vector<double>(m, 0.0);
  if (capacity_of_vertex) program.capacity = std::vector<double>(m, 0.0);
  for (std::size_t k = 0; k < m; ++k) {
    const std::uint32_t v = prob.candidate_vertex(k);
    if (v >= opening_cost_of_vertex.size() || !std::isfinite(opening_cost_of_vertex[v]))
      throw Error("facility-location: candidate " + prob.VertexName(v) + " has no opening cost (" +
                  OptionText(Option::kOpeningCosts) + ")");
    (*program.opening)[k] = opening_cost_of_vertex[v];
    if (capacity_of_vertex && v < capacity_of_vertex->size()) (*program.capacity)[k] = (*capacity_of_vertex)[v];
  }
  // Every site open: the largest opening sum; with the assignment's (checked
  // above) it must stay finite in CBC's sums too.
  double opening_total = 0;
  for (double f : *program.opening) opening_total += f;
  if (!(opening_total <= std::numeric_limits<double>::max() / kSumRoom))
    throw Error("facility-location: opening costs summing to " + ExactText(opening_total) +
                " come within a factor 16 of the largest double, where the program's sums become infinite; scale "
                "the costs down");
  MipOptions mip = AssignmentMipOptions(options);
  if (!capacity_of_vertex) return SolveUncapacitated(prob, program, mip.deadline);
  // Capacitated: the Lagrangian bound (of the uncapacitated relaxation) is what a CBC stopped inside an LP returns.
  const double bound_deadline =
      mip.time_limit_s > 0 ? SteadySeconds() + kFacilityBoundShareOfLimit * mip.time_limit_s : 0;
  const FacilityLocationBound lagrangian =
      FacilityLocationLagrangianBound(program, INFINITY, kFacilityBoundIterations, bound_deadline);
  MipAnswer a = SolveAssignmentMip(program, mip);
  if (a.status == MipAnswer::Status::kStopped)
    a.bound = a.interrupted || !std::isfinite(a.bound) ? lagrangian.bound : std::max(a.bound, lagrangian.bound);
  if (a.status == MipAnswer::Status::kInfeasible)
    throw Error(
        "facility-location: infeasible: even every candidate open cannot serve every demand whole within the "
        "capacities (proven by the integer program, CBC)");
  if (a.sites.empty())
    throw Error("facility-location: CBC found no solution within the time limit (infeasibility not proven): raise " +
                OptionText(Option::kTimeLimit));
  SitingResult r;
  r.capacitated = true;
  r.sites = a.sites;
  r.method = "integer program (CBC), single-source capacities";
  // The costs the program saw are shifted by cost_offset (whole costs past
  // 2^53): FinishCostObjective adds it back, and states a whole objective exactly.
  r.assignment.site = a.assigned;
  const double opening = FillAssignment(prob, program, &r);
  const bool solved = a.status == MipAnswer::Status::kOptimal;
  r.SetBound(solved ? r.objective : std::min(a.bound, r.objective),
             solved ? "integer program (CBC), solved to optimality"
                    : "integer program (CBC), stopped at the time limit; Lagrangian bound");
  if (solved) r.optimal = true;
  FinishCostObjective(prob, ObjectiveFold::kWeightedSum, &r, opening);
  return r;
}

#define GDIST_INSTANTIATE(T)                                                                       \
  template SitingResult SolveFacilityLocation(const SitingProblem<T>&, const std::vector<double>&, \
                                              const std::vector<double>*, const SitingOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
