// Fixed-charge facility location (Balinski 1965; capacitated: single-source):
// open any number of candidates, each at its opening cost f_k, and serve
// every demand whole from one open site: min sum_k f_k y_k + sum_u w_u c(u,
// s(u)). An integer program through CBC (lib/siting/covering_mip.hpp,
// SolveAssignmentMip); uncapacitated, the strong links x_uk <= y_k.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "lib/siting/assignment_program.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/facility_location_bound.hpp"
#include "lib/siting/facility_location_search.hpp"
#include "lib/siting/service_feasibility.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/siting/whole_objective.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

// The Lagrangian ascent before CBC: at most this share of the time limit and this many steps.
constexpr double kFacilityBoundShareOfLimit = 0.2;
constexpr int kFacilityBoundIterations = 1000;

}  // namespace

template <class T>
SitingResult SolveFacilityLocation(const SitingProblem<T>& prob, const std::vector<double>& opening_cost_of_vertex,
                                   const std::vector<double>* capacity_of_vertex, const SitingOptions& options) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  AssignmentProgram program = AssignmentProgramOf(prob, ExactModel::kFacilityLocation, "facility-location");
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
  // Uncapacitated: a first solution of our own and the Lagrangian bound, in at most a share of the time limit;
  // they prove it where they meet, else they are what the limit returns when CBC stops before it does better.
  std::optional<FacilityLocationStart> start;
  if (!capacity_of_vertex) start = GreedyFacilityLocation(program);
  const bool have_start = start && !start->sites.empty();
  const double bound_deadline =
      mip.time_limit_s > 0 ? SteadySeconds() + kFacilityBoundShareOfLimit * mip.time_limit_s : 0;
  const FacilityLocationBound lagrangian = FacilityLocationLagrangianBound(
      program, have_start ? start->objective : INFINITY, kFacilityBoundIterations, bound_deadline);
  const bool met =
      have_start && lagrangian.bound >= start->objective - 1e-9 * std::max(1.0, std::fabs(start->objective));
  MipAnswer a;
  bool from_start = false;
  if (met) {
    a.status = MipAnswer::Status::kOptimal;
    from_start = true;
  } else {
    a = SolveAssignmentMip(program, mip);
    if (a.status == MipAnswer::Status::kStopped) {
      // Stopped inside an LP (or before any): CBC's bound does not hold, the Lagrangian's does.
      a.bound = a.interrupted || !std::isfinite(a.bound) ? lagrangian.bound : std::max(a.bound, lagrangian.bound);
      from_start = have_start && (a.sites.empty() || start->objective < a.objective);
    }
  }
  if (from_start) {
    a.sites = start->sites;
    a.assigned = start->assigned;
  }
  if (a.status == MipAnswer::Status::kInfeasible)
    throw Error(std::string("facility-location: infeasible: ") +
                (capacity_of_vertex ? "even every candidate open cannot serve every demand whole within the capacities"
                                    : "some demand is reached by no candidate") +
                " (proven by the integer program, CBC)");
  if (a.sites.empty())
    throw Error("facility-location: CBC found no solution within the time limit (infeasibility not proven): raise " +
                OptionText(Option::kTimeLimit));
  SitingResult r;
  r.capacitated = capacity_of_vertex != nullptr;
  r.sites = a.sites;
  r.method = from_start
                 ? std::string("greedy + drop") + (met ? "" : " (CBC stopped at the time limit before it did better)")
                 : std::string("integer program (CBC)") + (r.capacitated ? ", single-source capacities" : "");
  // The costs the program saw are shifted by cost_offset (whole costs past
  // 2^53): FinishCostObjective adds it back, and states a whole objective exactly.
  Assignment& as = r.assignment;
  as.site = a.assigned;
  as.distance.resize(nd);
  double opening = 0;
  for (std::uint32_t k : r.sites) opening += (*program.opening)[k];
  for (std::size_t u = 0; u < nd; ++u) {
    as.distance[u] = program.cost[u * m + as.site[u]];
    as.total += prob.weight(u) * as.distance[u];
    as.max_distance = std::max(as.max_distance, as.distance[u]);
  }
  r.objective = opening + as.total;
  const bool solved = a.status == MipAnswer::Status::kOptimal;
  r.SetBound(solved ? r.objective : std::min(a.bound, r.objective),
             met ? "Lagrangian relaxation (subgradient, " + std::to_string(lagrangian.iterations) +
                       " steps) meets the greedy solution"
             : solved ? "integer program (CBC), solved to optimality"
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
