// The two covering models of Church & ReVelle. LSCP (Toregas et al. 1971):
// fewest sites so every demand is within R - greedy set cover, then the
// covering local search asked for one site fewer until it fails. MCLP
// (Church & ReVelle 1974): p sites covering the most demand weight within R -
// a p-median over 0/1 costs [d > R], so greedy + fast interchange + ILS.
// Both first solve their LP relaxation (lib/siting/covering_mip.hpp) for the
// bound, stop the local search when it reaches that bound, and with --exact
// hand the rest to CBC started from the heuristic's answer.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "lib/core/element_traits.hpp"
#include "lib/siting/cost_models.hpp"
#include "lib/siting/cover_lists.hpp"
#include "lib/siting/cover_search.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/exact_method.hpp"
#include "lib/siting/greedy_add.hpp"
#include "lib/siting/interchange.hpp"
#include "lib/siting/max_cover_proof.hpp"
#include "lib/siting/service_feasibility.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"

namespace gdist {

template <class T>
SitingResult SolveCover(const SitingProblem<T>& prob, double input_radius, const SitingOptions& options) {
  RequireExactMethod(ExactModel::kCover, options.exact);
  const double radius = input_radius - static_cast<double>(prob.cost_offset());  // in the costs the solvers see
  const std::optional<CoverLists> lists = BuildCoverLists(prob, radius, kMaxCoverPairs);
  if (!lists) throw Error("cover: radius " + std::to_string(input_radius) + " covers too many pairs to hold in memory");
  for (std::size_t u = 0; u < lists->nd; ++u)
    if (lists->num_covering(u) == 0)
      throw Error("cover: demand " + prob.VertexName(prob.demand_vertex(u)) +
                  " has no candidate within the radius; no cover exists");
  return SolveCoverOnLists(prob, *lists, input_radius, options);
}

template <class T> SitingResult SolveCoverOnLists(const SitingProblem<T>& prob, const CoverLists& lists,
                                                  double input_radius, const SitingOptions& options) {
  SitingResult r;
  r.radius = input_radius;
  const double radius = input_radius - static_cast<double>(prob.cost_offset());  // in the costs the solvers see
  const std::size_t nfixed = prob.fixed().size();
  const double start_s = SteadySeconds();
  const double limit = options.exact ? options.proof_time_limit_s : 0;
  // The LP bound first: the local search stops once it reaches it.
  double bound = std::numeric_limits<double>::quiet_NaN();
  std::string how;
  if (options.exact || options.bounds) {
    MipOptions o;
    o.relax = true;
    o.time_limit_s = options.exact ? (limit > 0 ? limit : 0) : options.time_limit_s;
    if (!options.exact) o.max_iterations = options.lp_iterations;  // the bound on counts, not the clock
    const MipAnswer lp = SolveMinCoverMip(lists, prob.fixed(), o);
    if (lp.status == MipAnswer::Status::kOptimal) {
      bound = std::ceil(lp.objective - 1e-6);  // a whole number of sites
      how = "set-cover LP relaxation (CLP), rounded up";
    }
  }
  std::vector<std::uint32_t> sites = GreedyCover(lists, prob.fixed());
  r.method = "greedy set cover + covering local search";
  CoverSearchOptions co;
  co.seed = options.seed;
  co.max_steps = options.cover_steps;
  co.max_work = options.cover_work;
  co.time_limit_s = options.SearchSeconds() > 0 ? std::max(0.05, options.SearchSeconds() / 4) : 0;
  while (sites.size() > nfixed && !(static_cast<double>(sites.size()) <= bound)) {
    // Start one site short: drop the new site whose demands are best covered by others.
    std::vector<std::uint32_t> start = sites;
    start.pop_back();
    std::vector<std::uint32_t> fewer;
    if (!CoverSearch(lists, sites.size() - 1, nfixed, start, co, &fewer)) break;
    sites = fewer;
  }
  const double count = static_cast<double>(sites.size());
  if (options.exact && HaveMipSolver() && !(bound >= count)) {
    MipOptions o;
    o.cutoff = count;  // only covers with fewer sites
    o.start = &sites;
    o.time_limit_s = limit > 0 ? std::max(0.01, start_s + limit - SteadySeconds()) : 0;
    const MipAnswer a = SolveMinCoverMip(lists, prob.fixed(), o);
    if (a.status == MipAnswer::Status::kInfeasible) {
      bound = count;
      how = "set-cover integer program (CBC): no cover with fewer sites";
    } else {
      if (!a.sites.empty() && a.sites.size() < sites.size()) {
        std::vector<std::uint32_t> better = prob.fixed();
        for (std::uint32_t k : a.sites)
          if (std::find(prob.fixed().begin(), prob.fixed().end(), k) == prob.fixed().end()) better.push_back(k);
        sites = better;
        r.method += "; improved by the set-cover integer program (CBC)";
      }
      if (a.status == MipAnswer::Status::kOptimal) {
        bound = static_cast<double>(sites.size());
        how = "set-cover integer program (CBC), solved to optimality";
      } else if (std::isfinite(a.bound)) {
        bound = std::max(std::isnan(bound) ? 0.0 : bound, std::ceil(a.bound - 1e-6));
        how = "set-cover integer program (CBC), stopped at the time limit";
      }
    }
  }
  r.sites = sites;
  r.assignment = Assign(prob, r.sites, radius);
  r.objective = static_cast<double>(r.sites.size());
  if (!std::isnan(bound)) r.SetBound(bound, how);
  return r;
}

template <class T> SitingResult SolveMaxCover(const SitingProblem<T>& prob, double input_radius, std::size_t p,
                                              const SitingOptions& options) {
  RequireExactMethod(ExactModel::kMaxCover, options.exact);
  RequireRepresentableSums("max-cover", prob.total_weight(), 1, 1);  // the covered weight: 0/1 costs
  SitingResult r;
  r.radius = input_radius;
  const double radius = input_radius - static_cast<double>(prob.cost_offset());  // in the costs the solvers see
  if (prob.fixed().size() + p > prob.num_candidates())
    throw Error("max-cover: more sites asked for than there are candidates");
  if (prob.fixed().size() + p == 0) throw Error("max-cover: ask for at least one site");
  const double start_s = SteadySeconds();
  const double limit = options.exact ? options.proof_time_limit_s : 0;
  T R;
  if constexpr (std::is_floating_point_v<T>) R = static_cast<T>(radius);
  else R = static_cast<T>(std::floor(std::min(radius, static_cast<double>(ElementTraits<T>::kInf) - 1)));
  bool integral = true;  // whole weights: the covered weight is a whole number
  for (double w : prob.weights()) integral = integral && std::floor(w) == w;
  auto round_down = [&](double b) { return integral ? std::floor(b + 1e-6) : b + 1e-9 * (std::fabs(b) + 1); };
  // The LP bound first: the local search stops once it reaches it.
  double bound = std::numeric_limits<double>::quiet_NaN();
  std::string how;
  std::optional<CoverLists> lists;
  if (options.exact || (options.bounds && HaveMipSolver())) lists = BuildCoverLists(prob, radius, kMaxCoverPairs);
  // With --exact the Lagrangian root gives the same bound: no LP first.
  if (lists && HaveMipSolver() && !options.exact) {
    MipOptions o;
    o.relax = true;
    o.time_limit_s = options.time_limit_s;
    o.max_iterations = options.lp_iterations;  // the bound on counts, not the clock
    const MipAnswer lp = SolveMaxCoverMip(*lists, prob.weights(), prob.fixed(), p, o);
    if (lp.status == MipAnswer::Status::kOptimal) {
      bound = round_down(lp.objective);
      how = "maximal-covering LP relaxation (CLP)";
    }
  }
  const CoverCost<T> model{R, 1.0};
  std::vector<std::uint32_t> start = GreedyAdd(prob, model, p);
  SwapSearchOptions so = SwapOptionsFor(options, p, options.SearchSeconds());
  // Uncovered weight, the interchange's objective, cannot go below total - bound.
  so.stop_at = std::isnan(bound) ? 0 : std::max(0.0, prob.total_weight() - bound);
  // With --exact one descent gives the start; the proof's relaxations find the rest.
  if (options.exact && lists) so.max_rounds = std::min<std::size_t>(so.max_rounds, 10);
  r.sites = SwapSearch(prob, model, start, prob.fixed().size(), so);
  r.method = "greedy + fast interchange on 0/1 costs + iterated local search";
  r.assignment = Assign(prob, r.sites, radius);
  r.objective = r.assignment.covered_weight;
  r.bound_is_upper = true;
  if (r.objective >= prob.total_weight()) {
    r.SetBound(prob.total_weight(), "every demand is covered");
    return r;
  }
  if (options.exact && lists && !(bound <= r.objective)) {
    const double deadline = limit > 0 ? start_s + limit : 0;
    const std::optional<MaxCoverProof> proof =
        ProveMaxCover(*lists, prob.weights(), prob.fixed(), p, r.sites, options.gap, deadline, prob.threads());
    if (proof) {
      const Assignment as = Assign(prob, proof->sites, radius);
      if (as.covered_weight > r.objective) {
        r.sites = proof->sites;
        r.assignment = as;
        r.objective = as.covered_weight;
        r.method += "; improved by the Lagrangian branch and bound";
      }
      // A proof stopped before its root's first bound has none (+inf).
      if (std::isfinite(proof->upper_bound)) {
        const double b = round_down(proof->upper_bound);
        bound = std::isnan(bound) ? b : std::min(bound, b);
        how = "Lagrangian branch and bound on the reduced 0/1 p-median (" + CountOf(proof->nodes, "node", "nodes") +
              (proof->complete ? "" : ", stopped at the time limit") + ")";
      }
    }
  }
  // --gap G: a bound within G of the answer ends the proof.
  const bool gap_met = bound <= r.objective || (options.gap > 0 && bound - r.objective <= options.gap * r.objective);
  if (options.exact && lists && HaveMipSolver() && !gap_met && !(limit > 0 && SteadySeconds() > start_s + limit)) {
    MipOptions io;
    io.start = &r.sites;
    io.time_limit_s = limit > 0 ? std::max(0.01, start_s + limit - SteadySeconds()) : 0;
    const MipAnswer a = SolveMaxCoverMip(*lists, prob.weights(), prob.fixed(), p, io);
    if (!a.sites.empty()) {
      std::vector<std::uint32_t> sites = prob.fixed();
      for (std::uint32_t k : a.sites)
        if (std::find(prob.fixed().begin(), prob.fixed().end(), k) == prob.fixed().end()) sites.push_back(k);
      const Assignment as = Assign(prob, sites, radius);
      if (sites.size() == prob.fixed().size() + p && as.covered_weight > r.objective) {
        r.sites = sites;
        r.assignment = as;
        r.objective = as.covered_weight;
        r.method += "; improved by the maximal-covering integer program (CBC)";
      }
    }
    if (a.status == MipAnswer::Status::kOptimal) {
      bound = round_down(a.bound);
      how = "maximal-covering integer program (CBC), solved to optimality";
    } else if (a.status == MipAnswer::Status::kStopped && std::isfinite(a.bound)) {
      bound = std::isnan(bound) ? round_down(a.bound) : std::min(bound, round_down(a.bound));
      how = "maximal-covering integer program (CBC), stopped at the time limit";
    }
  }
  if (!std::isnan(bound)) r.SetBound(bound, how);
  return r;
}

#define GDIST_INSTANTIATE(T)                                                                                         \
  template SitingResult SolveCover(const SitingProblem<T>&, double, const SitingOptions&);                           \
  template SitingResult SolveCoverOnLists(const SitingProblem<T>&, const CoverLists&, double, const SitingOptions&); \
  template SitingResult SolveMaxCover(const SitingProblem<T>&, double, std::size_t, const SitingOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
