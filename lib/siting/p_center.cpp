// p-center: Gonzalez's farthest-first traversal [1] gives a feasible radius
// (within 2x of optimal on metric instances); then a search over the sorted
// distinct distances between the lower bound max_u min_k d(u,k) and that
// radius asks, at each radius R, whether p sites can cover every demand
// within R (Minieka 1970 [2]: p-center = smallest R whose set-cover needs <= p
// sets). The covering question is answered by the weighted local search of
// lib/siting/cover_search.hpp (or, when the cover lists would not fit in
// memory, by the interchange engine on 0/1 costs), warm-started from the last
// feasible solution. A heuristic "no" only makes the answer less tight.
// Before that search the covering LP proves the smaller radii uncoverable,
// and afterwards lib/siting/center_proof.hpp proves the answer (--exact).
//
// [1] T.F. Gonzalez, "Clustering to minimize the maximum intercluster
//     distance", Theoretical Computer Science 38 (1985).
// [2] E. Minieka, "The m-center problem", SIAM Review 12 (1970).
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>

#include "lib/core/element_traits.hpp"
#include "lib/siting/center_proof.hpp"
#include "lib/siting/cost_models.hpp"
#include "lib/siting/cover_lists.hpp"
#include "lib/siting/cover_search.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/exact_method.hpp"
#include "lib/siting/interchange.hpp"
#include "lib/siting/service_feasibility.hpp"
#include "lib/siting/siting_device.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/siting/whole_objective.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"
#include "lib/util/phase_timer.hpp"

namespace gdist {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::size_t kMaxRadii = std::size_t{1} << 24;

// One pass: each candidate's farthest demand and each demand's nearest candidate.
template <class T>
void Extremes(const SitingProblem<T>& prob, std::vector<double>* far_of_cand, std::vector<double>* near_of_demand) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  far_of_cand->assign(m, 0);
  near_of_demand->assign(nd, kInf);
#pragma omp parallel num_threads(ThreadsFor(nd, m, prob.threads()))
  {
    const std::size_t t = omp_get_thread_num(), nt = omp_get_num_threads();
    const std::size_t lo = m * t / nt, hi = m * (t + 1) / nt;
    std::vector<T> scratch(hi - lo);
    std::vector<double> near(nd, kInf);
    for (std::size_t u = 0; u < nd; ++u) {
      const T* row = prob.DemandRow(u, lo, hi, scratch.data());
      for (std::size_t k = lo; k < hi; ++k) {
        const double c = DistanceOrInfinity(row[k - lo]);
        (*far_of_cand)[k] = std::max((*far_of_cand)[k], c);
        near[u] = std::min(near[u], c);
      }
    }
#pragma omp critical
    for (std::size_t u = 0; u < nd; ++u) (*near_of_demand)[u] = std::min((*near_of_demand)[u], near[u]);
  }
}

// Farthest-first: open the candidate nearest to the demand farthest from S.
template <class T> std::vector<std::uint32_t> FarthestFirst(const SitingProblem<T>& prob, std::size_t p,
                                                            const std::vector<double>& far_of_cand) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  std::vector<std::uint32_t> sites = prob.fixed();
  std::vector<char> open(m, 0);
  std::vector<double> d1(nd, kInf);
  std::vector<T> column(nd), row(m);
  auto open_site = [&](std::uint32_t k) {
    open[k] = 1;
    sites.push_back(k);
    prob.FacilityColumn(k, column.data());
    for (std::size_t u = 0; u < nd; ++u) d1[u] = std::min(d1[u], DistanceOrInfinity(column[u]));
  };
  sites.clear();
  for (std::uint32_t k : prob.fixed()) open_site(k);
  std::size_t added = 0;
  if (sites.empty() && p > 0) {  // start from the 1-center: the best single site
    open_site(
        static_cast<std::uint32_t>(std::min_element(far_of_cand.begin(), far_of_cand.end()) - far_of_cand.begin()));
    ++added;
  }
  for (; added < p; ++added) {
    const std::size_t u = std::max_element(d1.begin(), d1.end()) - d1.begin();
    const T* r = prob.DemandRow(u, 0, m, row.data());
    std::uint32_t best = static_cast<std::uint32_t>(m);
    for (std::size_t k = 0; k < m; ++k)
      if (!open[k] && (best == m || DistanceOrInfinity(r[k]) < DistanceOrInfinity(r[best])))
        best = static_cast<std::uint32_t>(k);
    open_site(best);
  }
  return sites;
}

// Sorted distinct distances in [lo, hi] over all demand x candidate pairs;
// empty when there are more than kMaxRadii of them.
template <class T> std::vector<double> DistinctRadii(const SitingProblem<T>& prob, double lo, double hi) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  std::vector<double> all;
  bool overflow = false;
#pragma omp parallel num_threads(ThreadsFor(nd, m, prob.threads()))
  {
    std::vector<T> scratch(m);
    std::vector<double> mine;
    std::size_t compact_at = std::size_t{1} << 20;
#pragma omp for schedule(dynamic, 64)
    for (std::size_t u = 0; u < nd; ++u) {
      if (overflow) continue;
      const T* row = prob.DemandRow(u, 0, m, scratch.data());
      for (std::size_t k = 0; k < m; ++k) {
        const double c = DistanceOrInfinity(row[k]);
        if (c >= lo && c <= hi) mine.push_back(c);
      }
      if (mine.size() > compact_at) {  // keep each thread's list short: dedupe as it grows
        std::sort(mine.begin(), mine.end());
        mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
        if (mine.size() > kMaxRadii) overflow = true;
        compact_at = 2 * mine.size() + (std::size_t{1} << 20);
      }
    }
    std::sort(mine.begin(), mine.end());
    mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
#pragma omp critical
    all.insert(all.end(), mine.begin(), mine.end());
  }
  if (overflow) return {};
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  if (all.size() > kMaxRadii) return {};
  return all;
}

}  // namespace

template <class T>
SitingResult SolvePCenter(const SitingProblem<T>& prob, std::size_t p, const SitingOptions& options) {
  RequireExactMethod(ExactModel::kPCenter, options.exact);
  const std::size_t nfixed = prob.fixed().size();
  if (nfixed + p == 0) throw Error("p-center: ask for at least one site");
  if (nfixed + p > prob.num_candidates()) throw Error("p-center: more sites asked for than there are candidates");
  SitingResult r;
  r.method = "farthest-first + radius search with covering local search";
  StepLog log("p-center");
  const double start_s = SteadySeconds();
  // With --exact and a time limit the proof gets what the radius search leaves over.
  const double limit = options.exact ? options.proof_time_limit_s : 0;
  const double search_s = options.SearchSeconds();  // 0: no clock, the bisection's steps alone
  auto searching = [&](double from) { return search_s <= 0 || SteadySeconds() - from < search_s; };
  std::vector<double> radii;
  // With bounds, the cover lists of the largest radius: the LP bound, the
  // search and the proof filter theirs from them (one matrix pass in all).
  std::optional<CoverLists> top_lists;
  double lower = 0;
  std::ptrdiff_t lp_lo = -1;  // radii[lp_lo]: proven uncoverable by the covering LP
  const double proof_deadline = options.exact ? SitingOptions::DeadlineAfter(start_s, limit)
                                              : SitingOptions::DeadlineAfter(start_s, 2 * options.time_limit_s);
  auto lap = [&](const char* what) { log.Step(what); };
  std::vector<double> far_of_cand, near_of_demand;
  if (prob.device()) DeviceCostExtremes(*prob.device(), &far_of_cand, &near_of_demand);
  else Extremes(prob, &far_of_cand, &near_of_demand);
  lap("extremes pass");
  for (std::size_t u = 0; u < prob.num_demands(); ++u)
    if (!std::isfinite(near_of_demand[u]))
      throw Error("p-center: infeasible: demand " + prob.VertexName(prob.demand_vertex(u)) +
                  " is reached by no candidate (give it weight 0 with " + OptionText(Option::kWeights) +
                  " to leave it out)");
  // Every demand must be served: settle first whether p sites can (an error if not).
  const std::optional<std::vector<std::uint32_t>> serving =
      SitesServingEveryDemand(prob, nfixed + p, "p-center", options);
  {
    r.sites = FarthestFirst(prob, p, far_of_cand);
    // A radius counts only served demands: the search starts from sites that serve all.
    if (serving && Assign(prob, r.sites).unserved) r.sites = *serving;
    double best = Assign(prob, r.sites).max_distance;
    lap("farthest-first");
    lower = *std::max_element(near_of_demand.begin(), near_of_demand.end());
    if (!prob.device() || !DeviceDistinctCosts(*prob.device(), lower, best, std::size_t{1} << 30, &radii))
      radii = DistinctRadii(prob, lower, best);
    if (radii.size() > kMaxRadii) radii.clear();
    lap("distinct radii");
    double search_from = SteadySeconds();  // the radius search's clock starts after the LP bound
    if ((options.exact || options.bounds) && !radii.empty()) {
      top_lists = BuildCoverLists(prob, radii.back(), kMaxCoverPairs);
      lap("cover lists of the largest radius");
    }
    std::optional<CoverLists> feasible_lists;  // cover lists of the last radius found feasible
    // Is there a cover at radius R? On success *sites holds it.
    auto feasible = [&](double R, std::vector<std::uint32_t>* sites) {
      const double spent = SteadySeconds() - search_from;
      const double budget = search_s > 0 ? std::max(0.05, (search_s - spent) / 3) : 0;
      // Lists of a radius below a feasible one are filtered from that one's
      // lists: after the first success the search reads the matrix no more.
      const CoverLists* from = feasible_lists ? &*feasible_lists : top_lists ? &*top_lists : nullptr;
      std::optional<CoverLists> lists = from ? RestrictCoverLists(*from, R) : BuildCoverLists(prob, R, kMaxCoverPairs);
      lap(lists ? "cover lists" : "cover lists (too many pairs)");
      if (lists) {
        CoverSearchOptions co;
        co.time_limit_s = budget;
        co.max_steps = options.cover_steps;
        co.max_work = options.cover_work;
        co.seed = options.seed;
        const bool ok = CoverSearch(*lists, nfixed + p, nfixed, *sites, co, sites);
        lap(ok ? "cover search: feasible" : "cover search: no cover found");
        if (!ok) return false;
        feasible_lists = std::move(lists);
        return true;
      }
      SwapSearchOptions so = SwapOptionsFor(options, p, budget);
      so.stop_at = 0;
      double uncovered = 0;
      std::vector<std::uint32_t> got =
          SwapSearch(prob, CoverCost<T>{static_cast<T>(R), 1.0}, *sites, nfixed, so, &uncovered);
      lap(uncovered > 0 ? "0/1 interchange: no cover found" : "0/1 interchange: feasible");
      if (uncovered > 0) return false;
      *sites = got;
      return true;
    };
    if (!radii.empty()) {
      // radii[hi] is feasible; radii[lo] failed (lo = -1: none tried). The
      // covering LP first proves a stretch of small radii uncoverable.
      std::ptrdiff_t lo = -1, hi = static_cast<std::ptrdiff_t>(radii.size()) - 1;
      if (options.exact || options.bounds) {
        lp_lo = CenterLpBound(prob, radii, hi, nfixed + p, proof_deadline, top_lists ? &*top_lists : nullptr,
                              options.exact ? 0 : options.lp_iterations);
        lo = lp_lo;
        lap("covering LP bound");
        search_from = SteadySeconds();
      }
      while (hi - lo > 1 && searching(search_from)) {
        const std::ptrdiff_t mid = lo + (hi - lo) / 2;
        std::vector<std::uint32_t> trial = r.sites;
        if (feasible(radii[mid], &trial)) {
          r.sites = trial;
          best = Assign(prob, r.sites).max_distance;
          hi = std::lower_bound(radii.begin(), radii.end(), best) - radii.begin();
        } else {
          lo = mid;
        }
      }
    } else {  // too many distinct distances: bisect on the value
      double lo = lower;
      for (int it = 0; it < 48 && best > lo * (1 + 1e-7) && searching(search_from); ++it) {
        const double mid = lo + (best - lo) / 2;
        std::vector<std::uint32_t> trial = r.sites;
        if (feasible(mid, &trial)) {
          r.sites = trial;
          best = Assign(prob, r.sites).max_distance;
        } else {
          lo = mid;
        }
      }
    }
  }
  if (options.exact || options.bounds) {
    const CenterProof proof = ProveCenter(prob, radii, lower, lp_lo, r.sites, nfixed + p, options.exact, proof_deadline,
                                          top_lists ? &*top_lists : nullptr);
    r.assignment = Assign(prob, r.sites);
    if (proof.radius < r.assignment.max_distance) {
      r.sites = proof.sites;
      r.method += "; improved by the exact covering search";
      r.assignment = Assign(prob, r.sites);
    }
    r.objective = r.assignment.max_distance;
    r.SetBound(proof.lower_bound, proof.how);
  } else {
    r.assignment = Assign(prob, r.sites);
    r.objective = r.assignment.max_distance;
  }
  RequireEveryDemandServed(r.assignment, "p-center");
  r.radius = r.objective;
  FinishCostObjective(prob, ObjectiveFold::kLargest, &r);
  return r;
}

#define GDIST_INSTANTIATE(T) \
  template SitingResult SolvePCenter(const SitingProblem<T>&, std::size_t, const SitingOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
