// p-dispersion (Kuby 1987; Erkut 1990): P sites, plus the fixed ones, as far
// apart as possible: maximise min_{a != b in S} delta(a, b), delta(a, b) =
// min(d(a, b), d(b, a)) (docs/SITING.md). Greedy farthest insertion, then
// swaps that raise the smallest distance (or leave fewer pairs at it). The
// upper bound: every site of S has |S| - 1 others at least the optimum
// away, so the optimum is at most the |S|-th largest, over candidates i, of
// i's (|S| - 1)-th largest delta. --exact: the optimum is one of the
// distances; bisect them with an exact decision "P sites pairwise >= r" (a
// clique of P among the candidates compatible with the fixed sites,
// lib/siting/clique_search.hpp).
#include <algorithm>
#include <limits>
#include <string>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/siting/clique_search.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/exact_method.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

// The most candidates the pairwise passes and the clique graphs accept (m^2 pairs).
constexpr std::size_t kMaxDispersionCandidates = 1 << 15;

template <class T> struct Spread {
  T smallest = ElementTraits<T>::kInf;  // min pairwise delta
  std::size_t at_smallest = 0;          // pairs at it
  bool Better(const Spread& o) const {
    return smallest > o.smallest || (smallest == o.smallest && at_smallest < o.at_smallest);
  }
};

template <class T> Spread<T> SpreadOf(const SitingProblem<T>& prob, const std::vector<std::uint32_t>& sites) {
  Spread<T> s;
  for (std::size_t i = 0; i < sites.size(); ++i)
    for (std::size_t j = i + 1; j < sites.size(); ++j) {
      const T d = prob.SiteDistance(sites[i], sites[j]);
      if (d < s.smallest) s = Spread<T>{d, 1};
      else if (d == s.smallest) ++s.at_smallest;
    }
  return s;
}

// Greedy farthest insertion from the fixed sites (or the farthest pair).
template <class T> std::vector<std::uint32_t> GreedyFarthest(const SitingProblem<T>& prob, std::size_t total) {
  const std::size_t m = prob.num_candidates();
  std::vector<std::uint32_t> sites = prob.fixed();
  std::vector<char> open(m, 0);
  std::vector<T> nearest(m, ElementTraits<T>::kInf);  // each candidate's delta to the nearest open site
  auto add = [&](std::uint32_t k) {
    open[k] = 1;
    sites.push_back(k);
    for (std::size_t c = 0; c < m; ++c) nearest[c] = std::min(nearest[c], prob.SiteDistance(k, c));
  };
  std::vector<std::uint32_t> fixed = sites;
  sites.clear();
  for (std::uint32_t k : fixed) add(k);
  if (sites.empty()) {
    std::uint32_t a = 0, b = 1;
    for (std::uint32_t i = 0; i < m; ++i)
      for (std::uint32_t j = i + 1; j < m; ++j)
        if (prob.SiteDistance(i, j) > prob.SiteDistance(a, b)) a = i, b = j;
    add(a);
    add(b);
  }
  while (sites.size() < total) {
    std::uint32_t best = static_cast<std::uint32_t>(m);
    for (std::uint32_t c = 0; c < m; ++c)
      if (!open[c] && (best == m || nearest[c] > nearest[best])) best = c;
    add(best);
  }
  return sites;
}

// First-improvement swaps of a new site for a closed candidate, by Spread.
template <class T>
void SwapUp(const SitingProblem<T>& prob, std::vector<std::uint32_t>* sites, std::size_t nfixed, double deadline_s) {
  const std::size_t m = prob.num_candidates();
  std::vector<char> open(m, 0);
  for (std::uint32_t k : *sites) open[k] = 1;
  Spread<T> now = SpreadOf(prob, *sites);
  for (bool improved = true; improved && !(deadline_s > 0 && SteadySeconds() > deadline_s);) {
    improved = false;
    for (std::size_t slot = nfixed; slot < sites->size() && !improved; ++slot)
      for (std::uint32_t c = 0; c < m && !improved; ++c) {
        if (open[c]) continue;
        const std::uint32_t old = (*sites)[slot];
        (*sites)[slot] = c;
        const Spread<T> trial = SpreadOf(prob, *sites);
        if (trial.Better(now)) {
          now = trial;
          open[old] = 0;
          open[c] = 1;
          improved = true;
        } else {
          (*sites)[slot] = old;
        }
      }
  }
}

// The |S|-th largest, over candidates, of each one's (|S| - 1)-th largest delta;
// no more than the smallest delta between fixed sites.
template <class T> T UpperBound(const SitingProblem<T>& prob, std::size_t total) {
  const std::size_t m = prob.num_candidates();
  std::vector<T> kth(m), row;
  for (std::size_t i = 0; i < m; ++i) {
    row.clear();
    for (std::size_t j = 0; j < m; ++j)
      if (j != i) row.push_back(prob.SiteDistance(i, j));
    std::nth_element(row.begin(), row.begin() + (total - 2), row.end(), std::greater<T>());
    kth[i] = row[total - 2];
  }
  std::nth_element(kth.begin(), kth.begin() + (total - 1), kth.end(), std::greater<T>());
  return std::min(kth[total - 1], SpreadOf(prob, prob.fixed()).smallest);
}

// P new sites, pairwise and to every fixed site at least r apart: fills *sites (fixed first).
template <class T> CliqueAnswer Decide(const SitingProblem<T>& prob, std::size_t p, T r, double deadline_s,
                                       std::vector<std::uint32_t>* sites) {
  const std::size_t m = prob.num_candidates();
  if (SpreadOf(prob, prob.fixed()).smallest < r) return CliqueAnswer::kNone;
  std::vector<char> fixed(m, 0);
  for (std::uint32_t f : prob.fixed()) fixed[f] = 1;
  std::vector<std::uint32_t> eligible;
  for (std::uint32_t c = 0; c < m; ++c) {
    if (fixed[c]) continue;
    bool far = true;
    for (std::uint32_t f : prob.fixed()) far = far && prob.SiteDistance(c, f) >= r;
    if (far) eligible.push_back(c);
  }
  if (eligible.size() < p) return CliqueAnswer::kNone;
  CliqueGraph g(eligible.size());
  for (std::size_t i = 0; i < eligible.size(); ++i)
    for (std::size_t j = i + 1; j < eligible.size(); ++j)
      if (prob.SiteDistance(eligible[i], eligible[j]) >= r) g.AddEdge(i, j);
  std::vector<std::uint32_t> clique;
  const CliqueAnswer a = FindClique(g, p, deadline_s, &clique);
  if (a == CliqueAnswer::kFound) {
    *sites = prob.fixed();
    for (std::uint32_t i : clique) sites->push_back(eligible[i]);
  }
  return a;
}

}  // namespace

template <class T>
SitingResult SolvePDispersion(const SitingProblem<T>& prob, std::size_t p, const SitingOptions& options) {
  RequireExactMethod(ExactModel::kPDispersion, options.exact);
  const std::size_t nfixed = prob.fixed().size(), total = nfixed + p, m = prob.num_candidates();
  if (total < 2) throw Error("p-dispersion: needs at least two sites in all (new and fixed) to have a distance");
  if (total > m)
    throw Error("p-dispersion: " + std::to_string(p) + " new sites asked for, but only " + std::to_string(m - nfixed) +
                " candidates are free");
  if (!prob.has_site_distances())
    throw Error(
        "p-dispersion: needs the distances between candidate sites; a cost table's facilities have none (give a "
        "graph or a distance matrix)");
  if (m > kMaxDispersionCandidates)
    throw Error("p-dispersion: " + std::to_string(m) + " candidates; at most " +
                std::to_string(kMaxDispersionCandidates) + " (the pairwise passes read m^2 distances): use " +
                OptionText(Option::kCandidates));
  const double start_s = SteadySeconds();
  const double limit = options.exact ? options.proof_time_limit_s : 0;
  SitingResult r;
  r.bound_is_upper = true;
  r.sites = GreedyFarthest(prob, total);
  SwapUp(prob, &r.sites, nfixed, SitingOptions::DeadlineAfter(start_s, options.SearchSeconds()));
  r.method = "greedy farthest insertion + swaps";
  T objective = SpreadOf(prob, r.sites).smallest;
  T upper = UpperBound(prob, total);
  std::string how = "s-th largest over candidates of each one's (s - 1)-th farthest candidate (s sites in all)";
  if (options.exact && objective < upper) {
    // The optimum is a distance in (objective, upper]: bisect them with the exact decision.
    std::vector<T> values;
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = i + 1; j < m; ++j) {
        const T d = prob.SiteDistance(i, j);
        if (d > objective && d <= upper) values.push_back(d);
      }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    std::size_t lo = 0, hi = values.size();  // undecided: values[lo, hi); those from hi on are infeasible
    bool stopped = false;
    const double deadline = limit > 0 ? start_s + limit : 0;
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      std::vector<std::uint32_t> found;
      const CliqueAnswer a = Decide(prob, p, values[mid], deadline, &found);
      if (a == CliqueAnswer::kStopped) {
        stopped = true;
        break;
      }
      if (a == CliqueAnswer::kNone) {
        hi = mid;
        continue;
      }
      r.sites = found;
      objective = SpreadOf(prob, r.sites).smallest;
      r.method += "; improved by the exact search";
      lo = static_cast<std::size_t>(std::upper_bound(values.begin(), values.end(), objective) - values.begin());
    }
    upper = hi > 0 && values[hi - 1] > objective ? values[hi - 1] : objective;
    how = std::string("bisection over the distances with a clique branch and bound") +
          (stopped ? ", stopped at the time limit" : "");
  }
  r.assignment = Assign(prob, r.sites);
  const bool finite = objective < ElementTraits<T>::kInf;
  r.objective = finite ? static_cast<double>(objective) : std::numeric_limits<double>::infinity();
  r.SetBound(upper < ElementTraits<T>::kInf ? static_cast<double>(upper) : std::numeric_limits<double>::infinity(),
             how);
  r.optimal = upper <= objective;
  if constexpr (std::is_integral_v<T>) {
    if (finite) r.whole_objective = static_cast<std::int64_t>(objective);
    if (upper < ElementTraits<T>::kInf) r.whole_bound = static_cast<std::int64_t>(upper);
  }
  return r;
}

#define GDIST_INSTANTIATE(T) \
  template SitingResult SolvePDispersion(const SitingProblem<T>&, std::size_t, const SitingOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
