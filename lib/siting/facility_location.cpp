// Fixed-charge facility location (Balinski 1965; capacitated: single-source):
// open any number of candidates, each at its opening cost f_k, and serve
// every demand whole from one open site: min sum_k f_k y_k + sum_u w_u c(u,
// s(u)). An integer program through CBC (lib/siting/covering_mip.hpp,
// SolveAssignmentMip); uncapacitated, the strong links x_uk <= y_k.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "lib/siting/covering_mip.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

constexpr std::size_t kMaxLocationPairs = std::size_t{1} << 22;  // a column (and a row, uncapacitated) each

}  // namespace

template <class T>
SitingResult SolveFacilityLocation(const SitingProblem<T>& prob, const std::vector<double>& opening_cost_of_vertex,
                                   const std::vector<double>* capacity_of_vertex, const SitingOptions& options) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  if (!HaveMipSolver())
    throw Error(
        "facility-location: solved as an integer program by COIN-OR CBC, and this build has none; install it "
        "(Debian/Ubuntu: apt install coinor-libcbc-dev), configure and build again");
  if (nd * m > kMaxLocationPairs)
    throw Error("facility-location: " + std::to_string(nd) + " demands x " + std::to_string(m) +
                " candidates is beyond the integer program's limit (2^22 pairs): use --candidates");
  AssignmentProgram program;
  program.nd = nd;
  program.m = m;
  program.cost.resize(nd * m);
  program.weights = prob.weights();
  program.opening = std::vector<double>(m, 0.0);
  if (capacity_of_vertex) program.capacity = std::vector<double>(m, 0.0);
  program.fixed = prob.fixed();
  for (std::size_t k = 0; k < m; ++k) {
    const std::uint32_t v = prob.candidate_vertex(k);
    if (v >= opening_cost_of_vertex.size() || !std::isfinite(opening_cost_of_vertex[v]))
      throw Error("facility-location: candidate " + prob.VertexName(v) + " has no opening cost (--opening-costs)");
    (*program.opening)[k] = opening_cost_of_vertex[v];
    if (capacity_of_vertex && v < capacity_of_vertex->size()) (*program.capacity)[k] = (*capacity_of_vertex)[v];
  }
  for (std::size_t u = 0; u < nd; ++u)
    for (std::size_t k = 0; k < m; ++k) {
      const T c = prob.Cost(u, k);
      program.cost[u * m + k] =
          SitingProblem<T>::Reachable(c) ? static_cast<double>(c) : std::numeric_limits<double>::infinity();
    }
  MipOptions o;
  o.time_limit_s = options.exact ? options.proof_time_limit_s : options.time_limit_s;
  const MipAnswer a = SolveAssignmentMip(program, o);
  if (a.status == MipAnswer::Status::kInfeasible)
    throw Error(std::string("facility-location: infeasible: ") +
                (capacity_of_vertex ? "even every candidate open cannot serve every demand whole within the capacities"
                                    : "some demand is reached by no candidate") +
                " (proven by the integer program, CBC)");
  if (a.sites.empty())
    throw Error(
        "facility-location: CBC found no solution within the time limit (infeasibility not proven): "
        "raise --time-limit");
  SitingResult r;
  r.capacitated = capacity_of_vertex != nullptr;
  r.sites = a.sites;
  r.method = std::string("integer program (CBC)") + (r.capacitated ? ", single-source capacities" : "");
  // The costs the program saw are shifted by cost_offset (whole costs past 2^53): add it back per demand.
  const double shift = static_cast<double>(prob.cost_offset()) * prob.total_weight();
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
  r.objective = opening + as.total + shift;
  const bool solved = a.status == MipAnswer::Status::kOptimal;
  r.SetBound(
      solved ? r.objective : std::min(a.bound + shift, r.objective),
      solved ? "integer program (CBC), solved to optimality" : "integer program (CBC), stopped at the time limit");
  if (solved) r.optimal = true;
  return r;
}

#define GDIST_INSTANTIATE(T)                                                                       \
  template SitingResult SolveFacilityLocation(const SitingProblem<T>&, const std::vector<double>&, \
                                              const std::vector<double>*, const SitingOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
