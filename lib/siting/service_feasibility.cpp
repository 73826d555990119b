#include "lib/siting/service_feasibility.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/core/element_traits.hpp"
#include "lib/siting/cost_models.hpp"
#include "lib/siting/cover_lists.hpp"
#include "lib/siting/cover_search.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

constexpr std::size_t kMaxServiceCheckPairs = std::size_t{1} << 24;

// `sites` (fixed first) filled up to p_total with unopened candidates: more sites never serve fewer.
std::vector<std::uint32_t> PaddedTo(std::vector<std::uint32_t> sites, std::size_t m, std::size_t p_total) {
  std::vector<char> open(m, 0);
  for (std::uint32_t k : sites) open[k] = 1;
  for (std::uint32_t k = 0; k < m && sites.size() < p_total; ++k)
    if (!open[k]) {
      open[k] = 1;
      sites.push_back(k);
    }
  return sites;
}

}  // namespace

template <class T> std::optional<std::vector<std::uint32_t>> SitesServingEveryDemand(const SitingProblem<T>& prob,
                                                                                     std::size_t p_total,
                                                                                     const std::string& model,
                                                                                     const SitingOptions& options) {
  if (!prob.any_unreachable()) return std::nullopt;
  // Every reachable pair "covers": a cover of p_total sites serves everyone.
  // At most 2^24 pairs (200 MB of lists, for a check most instances pass):
  // past that the models' last check on their answer stands alone.
  const std::optional<CoverLists> lists =
      BuildCoverLists(prob, std::numeric_limits<double>::infinity(), kMaxServiceCheckPairs);
  if (!lists) return std::nullopt;
  for (std::size_t u = 0; u < lists->nd; ++u)
    if (lists->num_covering(u) == 0)
      throw Error(model + ": infeasible: demand " + prob.VertexName(prob.demand_vertex(u)) +
                  " is reached by no candidate or fixed site, so no choice of sites serves it (give it weight 0 with " +
                  OptionText(Option::kWeights) + " to leave it out)");
  const std::size_t nfixed = prob.fixed().size();
  std::vector<std::uint32_t> greedy = GreedyCover(*lists, prob.fixed());
  if (greedy.size() <= p_total) return PaddedTo(std::move(greedy), prob.num_candidates(), p_total);
  CoverSearchOptions co;
  co.seed = options.seed;
  co.max_steps = options.cover_steps;
  co.max_work = options.cover_work;
  co.time_limit_s = options.time_limit_s > 0 ? std::min(0.5, options.time_limit_s / 4) : 0;  // 0: its steps alone
  std::vector<std::uint32_t> found;
  if (CoverSearch(*lists, p_total, nfixed, greedy, co, &found))
    return PaddedTo(std::move(found), prob.num_candidates(), p_total);
  const std::string asked = std::to_string(p_total - nfixed) + " new site" + (p_total - nfixed == 1 ? "" : "s") +
                            (nfixed ? " and the " + std::to_string(nfixed) + " fixed ones" : "");
  if (HaveMipSolver()) {
    MipOptions o;
    o.cutoff = static_cast<double>(p_total) + 1;  // covers of at most p_total sites
    o.first_solution = true;
    const MipAnswer a = SolveMinCoverMip(*lists, prob.fixed(), o);
    if (a.status == MipAnswer::Status::kInfeasible)
      throw Error(model + ": infeasible: no choice of " + asked +
                  " reaches every demand (proven by the set-cover integer program, CBC; the greedy cover needs " +
                  std::to_string(greedy.size()) + " sites in all): ask for more sites or give the demands no site " +
                  "reaches weight 0");
    if (!a.sites.empty() && a.sites.size() <= p_total) return PaddedTo(a.sites, prob.num_candidates(), p_total);
  }
  throw Error(model + ": found no choice of " + asked + " that reaches every demand (the greedy cover needs " +
              std::to_string(greedy.size()) + " sites in all); infeasibility is not proven" +
              (HaveMipSolver() ? "" : " (built without COIN-OR CBC; apt install coinor-libcbc-dev)") +
              ": ask for more sites");
}

void RequireEveryDemandServed(const Assignment& a, const std::string& model) {
  if (a.unserved)
    throw Error(model + ": the best answer found leaves " + std::to_string(a.unserved) +
                " demand vertices unserved (no open site reaches them) and no answer serving every demand was found; "
                "ask for more sites or give the demands no site reaches weight 0");
}

void RequireRepresentableSums(const std::string& model, double weight_total, double largest_term, double largest_cost) {
  if (std::isfinite(weight_total) && std::isfinite(largest_term) &&
      weight_total * largest_term <= std::numeric_limits<double>::max() / kSumRoom)
    return;
  throw Error(model + ": costs up to " + ExactText(largest_cost) + " times a total weight of " +
              ExactText(weight_total) + " come within a factor 16 of the largest double (" +
              ExactText(std::numeric_limits<double>::max()) +
              "), where the solvers' sums become infinite; scale the costs or weights down");
}

template <class T> double ServeAllPenalty(const SitingProblem<T>& prob) {
  const double standard = UnreachablePenalty(prob.max_finite());
  if (!prob.any_unreachable() || prob.num_demands() == 0) return standard;
  const double lightest = *std::min_element(prob.weights().begin(), prob.weights().end());
  // Whole (rounded up) so that whole costs keep the interchange's sums whole.
  return std::max(standard, std::ceil((prob.total_weight() / lightest + 1) * (prob.max_finite() + 1)));
}

#define GDIST_INSTANTIATE(T)                                                           \
  template std::optional<std::vector<std::uint32_t>> SitesServingEveryDemand(          \
      const SitingProblem<T>&, std::size_t, const std::string&, const SitingOptions&); \
  template double ServeAllPenalty(const SitingProblem<T>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
