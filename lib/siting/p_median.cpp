// p-median: lazy greedy start, then Resende-Werneck fast interchange inside an
// iterated local search (lib/siting/interchange.hpp); then the Lagrangian
// bound (lib/siting/lagrangian_bound.hpp), and with --exact the Lagrangian
// branch and bound (lib/siting/median_branch_and_bound.hpp) from that answer.
// When the costs are on a GPU and large (kGpuLagrangianMinPairs), the bound
// without --exact is the dense pass's there (lib/siting/lagrangian_device.hpp),
// the root only.
#include <algorithm>
#include <limits>
#include <memory>

#include "lib/core/element_traits.hpp"
#include "lib/siting/cost_models.hpp"
#include "lib/siting/exact_method.hpp"
#include "lib/siting/greedy_add.hpp"
#include "lib/siting/interchange.hpp"
#include "lib/siting/lagrangian_bound.hpp"
#include "lib/siting/lagrangian_dense.hpp"
#include "lib/siting/lagrangian_device.hpp"
#include "lib/siting/median_branch_and_bound.hpp"
#include "lib/siting/service_feasibility.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/siting/whole_objective.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

template <class T>
SitingResult SolvePMedian(const SitingProblem<T>& prob, std::size_t p, const SitingOptions& options) {
  RequireExactMethod(ExactModel::kPMedian, options.exact);
  const double t0 = SteadySeconds();
  SitingResult r;
  if (prob.fixed().size() + p == 0) throw Error("p-median: ask for at least one site");
  if (prob.fixed().size() + p > prob.num_candidates())
    throw Error("p-median: " + std::to_string(p) + " new sites asked for, but only " +
                std::to_string(prob.num_candidates() - prob.fixed().size()) + " candidates are free");
  // Every demand must be served: settle first whether p sites can (an error if not).
  const std::optional<std::vector<std::uint32_t>> serving =
      SitesServingEveryDemand(prob, prob.fixed().size() + p, "p-median", options);
  const double penalty = ServeAllPenalty(prob);
  RequireRepresentableSums("p-median", prob.total_weight(), penalty,
                           prob.max_finite());  // the start prices every demand at it
  // The bound alone on a GPU that holds the costs: a pass over the whole
  // matrix there when the sorted rows do not fit or are slower to build and scan.
  const bool gpu_bound = options.bounds && !options.exact && prob.device() &&
                         prob.num_demands() * prob.num_candidates() >= kGpuLagrangianMinPairs;
  std::optional<SortedCosts> costs;
  const std::size_t sorted_limit = options.sorted_rows_limit ? options.sorted_rows_limit : kMaxSortedCostEntries;
  // The proof takes each row's smallest cost out (exact with whole costs):
  // its rounding slack then grows with what the sites change, not with a
  // common part of the costs. The root bound alone keeps the rows as they are
  // (the same bits as the dense passes, lagrangian_dense.hpp).
  // Past the limit each row keeps its cheapest costs (truncated rows: the
  // same relaxation while each multiplier stays below its row's tail), for
  // the proof and the bound alone; the CPU streams the whole matrix only
  // where too few would fit.
  if (options.exact || (options.bounds && !gpu_bound))
    costs = BuildSortedCosts(prob, penalty, sorted_limit, options.exact, true);
  if (options.exact && !costs)
    throw Error("p-median " + OptionText(Option::kExact) + ": " + std::to_string(prob.num_demands()) + " demands x " +
                std::to_string(prob.num_candidates()) +
                " candidates is beyond the proof's memory limit (2^25 pairs, or 8 cheapest costs per demand)");
  // With a time limit the proof gets what the heuristic leaves over.
  const double limit = options.exact ? options.proof_time_limit_s : 0;
  const double heuristic_s = options.SearchSeconds();
  const MedianCost<T> model{penalty};
  std::vector<std::uint32_t> start = GreedyAdd(prob, model, p);
  SwapSearchOptions so = SwapOptionsFor(options, p, heuristic_s);
  r.sites = SwapSearch(prob, model, start, prob.fixed().size(), so);
  r.method = "greedy + fast interchange (Resende-Werneck) + iterated local search";
  if (serving && Assign(prob, r.sites).unserved) {  // the search settled where some demand is out of reach
    std::vector<std::uint32_t> again = SwapSearch(prob, model, *serving, prob.fixed().size(), so);
    r.sites = Assign(prob, again).unserved ? *serving : again;
    r.method += ", restarted from sites that serve every demand";
  }
  // The sorted rows' proof, or the root bound of a pass over the whole
  // matrix: on the GPU, or on the CPU streaming the rows when the sorted rows
  // do not fit (every size gets a bound; the same relaxation and steps).
  std::unique_ptr<LagrangianPass> dense;
  const std::size_t open = prob.fixed().size() + p;
  if (gpu_bound)
    dense = MakeGpuMedianLagrangian(prob.device(), prob.weights(), penalty, open, DenseCaps(prob, penalty, open));
  else if (options.bounds && !costs)
    dense = std::make_unique<DenseMedianLagrangian<T>>(prob, penalty, open, DenseCaps(prob, penalty, open));
  if (costs || dense) {
    MedianProofOptions po;
    po.branch = options.exact;
    po.gap = options.gap;
    po.progress = options.progress;  // the bound's iterations, then (exact) the nodes
    // Heuristic mode: the bound's iterations alone stop it, unless --time-limit caps it too.
    po.deadline_s = options.exact ? SitingOptions::DeadlineAfter(t0, limit)
                                  : SitingOptions::DeadlineAfter(SteadySeconds(), options.time_limit_s);
    r.assignment = Assign(prob, r.sites);
    const MedianProof proof =
        costs ? ProveMedian(*costs, prob.fixed(), prob.fixed().size() + p, r.sites, po, prob.threads())
              : BoundMedianRoot(*dense, IntegralWeightedCosts(prob, penalty), prob.fixed(), r.sites, po);
    if (proof.upper < r.assignment.total && Assign(prob, proof.sites).unserved == 0) {
      r.sites = proof.sites;
      r.method += options.exact ? "; improved by the branch and bound" : "; improved by the Lagrangian relaxation";
      r.assignment = Assign(prob, r.sites);
    }
    r.objective = r.assignment.total;
    // The bound is on the objective with unreachable pairs at the penalty: the
    // reported objective when every demand is served.
    if (r.assignment.unserved == 0 && proof.lower_bound > -std::numeric_limits<double>::infinity())
      r.SetBound(proof.lower_bound,
                 options.exact ? "Lagrangian branch and bound (" + CountOf(proof.nodes, "node", "nodes") +
                                     (proof.complete ? "" : ", stopped at the time limit") + ")"
                 : gpu_bound          ? "Lagrangian relaxation (subgradient; GPU passes over the whole matrix)"
                 : dense              ? "Lagrangian relaxation (subgradient; CPU passes over the whole matrix)"
                 : costs->truncated() ? "Lagrangian relaxation (subgradient; each demand's " +
                                            std::to_string(costs->width) + " cheapest costs)"
                                      : "Lagrangian relaxation (subgradient)");
  } else {
    r.assignment = Assign(prob, r.sites);
    r.objective = r.assignment.total;
  }
  RequireEveryDemandServed(r.assignment, "p-median");
  FinishCostObjective(prob, ObjectiveFold::kWeightedSum, &r);
  return r;
}

#define GDIST_INSTANTIATE(T) \
  template SitingResult SolvePMedian(const SitingProblem<T>&, std::size_t, const SitingOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
