// The two covering models of Church & ReVelle. LSCP (Toregas et al. 1971):
// fewest sites so every demand is within R - greedy set cover, then the
// covering local search asked for one site fewer until it fails. MCLP
// (Church & ReVelle 1974): p sites covering the most demand weight within R -
// a p-median over 0/1 costs [d > R], so greedy + fast interchange + ILS.
#include <algorithm>
#include <cmath>

#include "lib/siting/cost_models.hpp"
#include "lib/siting/cover_lists.hpp"
#include "lib/siting/cover_search.hpp"
#include "lib/siting/exact_search.hpp"
#include "lib/siting/greedy_add.hpp"
#include "lib/siting/interchange.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {
constexpr std::size_t kMaxCoverPairs = std::size_t{1} << 27;  // 12 bytes a pair
}

template <class T> SitingResult SolveCover(const SitingProblem<T>& prob, double radius, const SitingOptions& options) {
  SitingResult r;
  r.radius = radius;
  const std::size_t nfixed = prob.fixed().size();
  auto lists = BuildCoverLists(prob, radius, kMaxCoverPairs);
  if (!lists) throw Error("cover: radius " + std::to_string(radius) + " covers too many pairs to hold in memory");
  for (std::size_t u = 0; u < lists->nd; ++u)
    if (lists->num_covering(u) == 0)
      throw Error("cover: demand vertex index " + std::to_string(prob.demand_vertex(u)) +
                  " has no candidate within the radius; no cover exists");
  std::vector<std::uint32_t> sites = GreedyCover(*lists, prob.fixed());
  if (options.exact) {
    for (std::size_t p = 0; nfixed + p <= sites.size(); ++p) {
      ExactAnswer a = ExactSearch(prob, p, ExactObjective::kCoveredWeight, radius);
      if (a.objective >= prob.total_weight() * (1 - 1e-12)) {
        sites = a.sites;
        break;
      }
    }
    r.method = "exhaustive enumeration by increasing site count";
    r.optimal = true;
  } else {
    r.method = "greedy set cover + covering local search";
    CoverSearchOptions co;
    co.seed = options.seed;
    co.max_steps = options.cover_steps;
    co.time_limit_s = std::max(0.05, options.time_limit_s / 4);
    while (sites.size() > nfixed) {
      // Start one site short: drop the new site whose demands are best covered by others.
      std::vector<std::uint32_t> start = sites;
      start.pop_back();
      std::vector<std::uint32_t> fewer;
      if (!CoverSearch(*lists, sites.size() - 1, nfixed, start, co, &fewer)) break;
      sites = fewer;
    }
  }
  r.sites = sites;
  r.assignment = Assign(prob, r.sites, radius);
  r.objective = static_cast<double>(r.sites.size());
  return r;
}

template <class T>
SitingResult SolveMaxCover(const SitingProblem<T>& prob, double radius, std::size_t p, const SitingOptions& options) {
  SitingResult r;
  r.radius = radius;
  if (prob.fixed().size() + p > prob.num_candidates()) throw Error("max-cover: more sites asked for than there are candidates");
  if (prob.fixed().size() + p == 0) throw Error("max-cover: ask for at least one site");
  if (options.exact) {
    r.sites = ExactSearch(prob, p, ExactObjective::kCoveredWeight, radius).sites;
    r.method = "exhaustive enumeration";
    r.optimal = true;
  } else {
    T R;
    if constexpr (std::is_floating_point_v<T>) R = static_cast<T>(radius);
    else R = static_cast<T>(std::floor(std::min(radius, static_cast<double>(ElementTraits<T>::kInf) - 1)));
    const CoverCost<T> model{R, 1.0};
    std::vector<std::uint32_t> start = GreedyAdd(prob, model, p);
    SwapSearchOptions so = SwapOptionsFor(options, p, options.time_limit_s);
    so.stop_at = 0;
    r.sites = SwapSearch(prob, model, start, prob.fixed().size(), so);
    r.method = "greedy + fast interchange on 0/1 costs + iterated local search";
  }
  r.assignment = Assign(prob, r.sites, radius);
  r.objective = r.assignment.covered_weight;
  return r;
}

template SitingResult SolveCover(const SitingProblem<std::int32_t>&, double, const SitingOptions&);
template SitingResult SolveCover(const SitingProblem<std::int64_t>&, double, const SitingOptions&);
template SitingResult SolveCover(const SitingProblem<float>&, double, const SitingOptions&);
template SitingResult SolveMaxCover(const SitingProblem<std::int32_t>&, double, std::size_t, const SitingOptions&);
template SitingResult SolveMaxCover(const SitingProblem<std::int64_t>&, double, std::size_t, const SitingOptions&);
template SitingResult SolveMaxCover(const SitingProblem<float>&, double, std::size_t, const SitingOptions&);

}  // namespace gdist
