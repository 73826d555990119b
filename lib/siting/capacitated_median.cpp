// Single-source capacitated p-median (docs/SITING.md): each demand is served
// whole by one open site, whose capacity bounds the demand weight it serves.
// An integer program through CBC (lib/siting/covering_mip.hpp,
// SolveAssignmentMip); the answer's assignment is the program's, not
// each demand's nearest site. Capacities too small for the demand are a
// reported infeasibility (proven by CBC), never a guess.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "lib/siting/assignment_program.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/siting/whole_objective.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

template <class T> SitingResult SolveCapacitatedPMedian(const SitingProblem<T>& prob, std::size_t p,
                                                        const std::vector<double>& capacity_of_vertex,
                                                        const SitingOptions& options) {
  const std::size_t nfixed = prob.fixed().size(), nd = prob.num_demands(), m = prob.num_candidates();
  if (nfixed + p == 0) throw Error("capacitated p-median: ask for at least one site");
  if (nfixed + p > m)
    throw Error("capacitated p-median: " + std::to_string(p) + " new sites asked for, but only " +
                std::to_string(m - nfixed) + " candidates are free");
  AssignmentProgram program = AssignmentProgramOf(prob, ExactModel::kCapacitatedMedian, "capacitated p-median");
  program.capacity = std::vector<double>(m, 0.0);
  program.max_sites = nfixed + p;
  for (std::size_t k = 0; k < m; ++k) {
    const std::uint32_t v = prob.candidate_vertex(k);
    if (v < capacity_of_vertex.size()) (*program.capacity)[k] = capacity_of_vertex[v];
  }
  const MipAnswer a = SolveAssignmentMip(program, AssignmentMipOptions(options));
  if (a.status == MipAnswer::Status::kInfeasible)
    throw Error("capacitated p-median: infeasible: no " + std::to_string(p) + " new sites" +
                (nfixed ? " (with the " + std::to_string(nfixed) + " fixed ones)" : "") +
                " serve every demand whole within their capacities (proven by the integer program, CBC): ask for "
                "more sites or raise the capacities");
  if (a.sites.empty())
    throw Error(
        "capacitated p-median: CBC found no assignment within the time limit (infeasibility not proven): raise " +
        OptionText(Option::kTimeLimit));
  SitingResult r;
  r.capacitated = true;
  r.sites = a.sites;
  r.method = "integer program (CBC), single-source capacities";
  Assignment& as = r.assignment;
  as.site = a.assigned;
  as.distance.resize(nd);
  for (std::size_t u = 0; u < nd; ++u) {
    as.distance[u] = program.cost[u * m + as.site[u]];
    as.total += prob.weight(u) * as.distance[u];
    as.max_distance = std::max(as.max_distance, as.distance[u]);
  }
  r.objective = as.total;
  const double bound = a.status == MipAnswer::Status::kOptimal ? r.objective : std::min(a.bound, r.objective);
  r.SetBound(bound, a.status == MipAnswer::Status::kOptimal ? "integer program (CBC), solved to optimality"
                                                            : "integer program (CBC), stopped at the time limit");
  if (a.status == MipAnswer::Status::kOptimal) r.optimal = true;
  FinishCostObjective(prob, ObjectiveFold::kWeightedSum, &r);
  return r;
}

#define GDIST_INSTANTIATE(T)                                                                                      \
  template SitingResult SolveCapacitatedPMedian(const SitingProblem<T>&, std::size_t, const std::vector<double>&, \
                                                const SitingOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
