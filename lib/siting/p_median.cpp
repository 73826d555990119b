// p-median: lazy greedy start, then Resende-Werneck fast interchange inside an
// iterated local search (lib/siting/interchange.hpp), or enumeration (--exact).
#include <limits>

#include "lib/siting/cost_models.hpp"
#include "lib/siting/exact_search.hpp"
#include "lib/siting/greedy_add.hpp"
#include "lib/siting/interchange.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class T> SitingResult SolvePMedian(const SitingProblem<T>& prob, std::size_t p, const SitingOptions& options) {
  SitingResult r;
  if (prob.fixed().size() + p == 0) throw Error("p-median: ask for at least one site");
  if (prob.fixed().size() + p > prob.num_candidates())
    throw Error("p-median: " + std::to_string(p) + " new sites asked for, but only " +
                std::to_string(prob.num_candidates() - prob.fixed().size()) + " candidates are free");
  if (options.exact) {
    r.sites = ExactSearch(prob, p, ExactObjective::kWeightedSum).sites;
    r.method = "exhaustive enumeration";
    r.optimal = true;
  } else {
    const MedianCost<T> model{UnreachablePenalty(prob.max_finite())};
    std::vector<std::uint32_t> start = GreedyAdd(prob, model, p);
    SwapSearchOptions so = SwapOptionsFor(options, p, options.time_limit_s);
    r.sites = SwapSearch(prob, model, start, prob.fixed().size(), so);
    r.method = "greedy + fast interchange (Resende-Werneck) + iterated local search";
  }
  r.assignment = Assign(prob, r.sites);
  r.objective = r.assignment.total;
  return r;
}

template SitingResult SolvePMedian(const SitingProblem<std::int32_t>&, std::size_t, const SitingOptions&);
template SitingResult SolvePMedian(const SitingProblem<std::int64_t>&, std::size_t, const SitingOptions&);
template SitingResult SolvePMedian(const SitingProblem<float>&, std::size_t, const SitingOptions&);

}  // namespace gdist
