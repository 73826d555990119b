// p-dispersion (Kuby 1987; Erkut 1990): P sites, plus the fixed ones, as far
// apart as possible: maximise min_{a != b in S} delta(a, b), delta(a, b) =
// min(d(a, b), d(b, a)) (docs/SITING.md). Greedy farthest insertion, then
// swaps that raise the smallest distance (or leave fewer pairs at it), then
// a bisection over the distances for the largest r at which a packing (greedy,
// then iterated local search; lib/siting/packing_bounds.hpp) holds P sites.
// The upper bound: every site of S has |S| - 1 others at least the optimum
// away, so the optimum is at most the |S|-th largest, over candidates i, of
// i's (|S| - 1)-th largest delta; then a bisection for the smallest r at which the candidates split
// into fewer than P groups of pairwise closer than r (no two sites in one).
// --exact: the optimum is one of the distances; bisect those left with an
// exact decision "P sites pairwise >= r" (a clique of P among the candidates
// compatible with the fixed sites, lib/siting/clique_search.hpp).
#include <algorithm>
#include <limits>
#include <string>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/siting/clique_search.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/siting/exact_method.hpp"
#include "lib/siting/packing_bounds.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

// The most candidates the pairwise passes and the clique graphs accept (m^2 pairs).
constexpr std::size_t kMaxDispersionCandidates = 1 << 15;
// The packing and clique-cover bisections build an m^2-bit graph per step (about 0.1 s at
// m = 5000 on one core): they run by default up to this many candidates, past it with --exact.
constexpr std::size_t kMaxPackingCandidates = 1 << 13;

// The packing's local search per distance tried touches effort x max(m^2, min(this, m x the
// next)) words and neighbours: m^2 on more than 4,096 candidates, 2^24 from 512 to 4,096, and
// less below, where a distance out of its reach (a miss runs the whole budget) cost 0.27 s
// each at 100 points (2.0 of the 2.3 s of a proof of P = 5 that spopt's CBC takes 46 s for).
constexpr std::uint64_t kMinPackingWork = std::uint64_t{1} << 24;
constexpr std::uint64_t kPackingWorkPerCandidate = std::uint64_t{1} << 15;

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

// First-improvement swaps of a new site for a closed candidate, by Spread. Only a
// site in a pair at the smallest distance can raise it or leave fewer pairs there,
// so only those are tried, each against the spread of the others (kept per slot).
template <class T>
void SwapUp(const SitingProblem<T>& prob, std::vector<std::uint32_t>* sites, std::size_t nfixed, double deadline_s) {
  std::vector<std::uint32_t>& s = *sites;
  const std::size_t m = prob.num_candidates();
  std::vector<char> open(m, 0);
  for (std::uint32_t k : s) open[k] = 1;
  for (bool improved = true; improved && !(deadline_s > 0 && SteadySeconds() > deadline_s);) {
    improved = false;
    const Spread<T> now = SpreadOf(prob, s);
    for (std::size_t slot = nfixed; slot < s.size() && !improved; ++slot) {
      bool in_smallest = false;
      for (std::size_t j = 0; j < s.size() && !in_smallest; ++j)
        in_smallest = j != slot && prob.SiteDistance(s[slot], s[j]) == now.smallest;
      if (!in_smallest) continue;
      std::vector<std::uint32_t> others = s;
      others.erase(others.begin() + static_cast<std::ptrdiff_t>(slot));
      const Spread<T> rest = SpreadOf(prob, others);
      for (std::uint32_t c = 0; c < m && !improved; ++c) {
        if (open[c]) continue;
        Spread<T> trial = rest;
        for (std::size_t j = 0; j < others.size() && trial.smallest >= now.smallest; ++j) {
          const T d = prob.SiteDistance(c, others[j]);
          if (d < trial.smallest) trial = Spread<T>{d, 1};
          else if (d == trial.smallest) ++trial.at_smallest;
        }
        if (!trial.Better(now)) continue;
        open[s[slot]] = 0;
        open[c] = 1;
        s[slot] = c;
        improved = true;
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

// The candidates a new site may take at r: not fixed, and at least r from every fixed site
// (none when two fixed sites are closer than r).
template <class T> std::vector<std::uint32_t> EligibleAt(const SitingProblem<T>& prob, T r) {
  if (SpreadOf(prob, prob.fixed()).smallest < r) return {};
  const std::size_t m = prob.num_candidates();
  std::vector<char> fixed(m, 0);
  for (std::uint32_t f : prob.fixed()) fixed[f] = 1;
  std::vector<std::uint32_t> eligible;
  for (std::uint32_t c = 0; c < m; ++c) {
    if (fixed[c]) continue;
    bool far = true;
    for (std::uint32_t f : prob.fixed()) far = far && prob.SiteDistance(c, f) >= r;
    if (far) eligible.push_back(c);
  }
  return eligible;
}

// The graph on `eligible` whose edges join the pairs at least r apart (far) or closer than r.
template <class T>
CliqueGraph PairGraph(const SitingProblem<T>& prob, const std::vector<std::uint32_t>& eligible, T r, bool far) {
  CliqueGraph g(eligible.size());
  for (std::size_t i = 0; i < eligible.size(); ++i)
    for (std::size_t j = i + 1; j < eligible.size(); ++j)
      if ((prob.SiteDistance(eligible[i], eligible[j]) >= r) == far) g.AddEdge(i, j);
  return g;
}

// P new sites pairwise and to every fixed site at least r apart by the greedy packing, grown
// by the iterated local search (kMinPackingWork's budget; one seed: the same answer each run) when it
// falls short: the sites (fixed first), or none when it finds fewer.
template <class T> std::vector<std::uint32_t> PackAt(const SitingProblem<T>& prob, std::size_t p, T r,
                                                     std::size_t effort, double deadline_s) {
  const std::vector<std::uint32_t> eligible = EligibleAt(prob, r);
  if (eligible.size() < p) return {};
  const CliqueGraph closer = PairGraph(prob, eligible, r, false);
  std::vector<std::uint32_t> packed = GreedyIndependentSet(closer, p);
  if (packed.size() < p)
    IteratedIndependentSet(
        closer, &packed, p,
        std::uint64_t{effort} *
            std::max<std::uint64_t>(eligible.size() * eligible.size(),
                                    std::min(kMinPackingWork, eligible.size() * kPackingWorkPerCandidate)),
        /*seed=*/1, deadline_s);
  if (packed.size() < p) return {};
  std::vector<std::uint32_t> sites = prob.fixed();
  for (std::uint32_t i : packed) sites.push_back(eligible[i]);
  return sites;
}

// True when no P new sites can be pairwise and to the fixed ones at least r apart because the
// candidates that may take one split into fewer than P groups of pairwise closer pairs.
template <class T> bool CoverRefutes(const SitingProblem<T>& prob, std::size_t p, T r) {
  const std::vector<std::uint32_t> eligible = EligibleAt(prob, r);
  return eligible.size() < p || GreedyCliqueCover(PairGraph(prob, eligible, r, false), p) < p;
}

// P new sites, pairwise and to every fixed site at least r apart: fills *sites (fixed first).
template <class T> CliqueAnswer Decide(const SitingProblem<T>& prob, std::size_t p, T r, double deadline_s,
                                       std::vector<std::uint32_t>* sites) {
  const std::vector<std::uint32_t> eligible = EligibleAt(prob, r);
  if (eligible.size() < p) return CliqueAnswer::kNone;
  std::vector<std::uint32_t> clique;
  const CliqueAnswer a = FindClique(PairGraph(prob, eligible, r, true), p, deadline_s, &clique);
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
  if (objective < upper && p > 0 && (options.exact || m <= kMaxPackingCandidates)) {
    // The optimum is a distance in (objective, upper].
    std::vector<T> values;
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = i + 1; j < m; ++j) {
        const T d = prob.SiteDistance(i, j);
        if (d > objective && d <= upper) values.push_back(d);
      }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    auto above = [&](T v) {  // the first value above v
      return static_cast<std::size_t>(std::upper_bound(values.begin(), values.end(), v) - values.begin());
    };
    // Values from hi on are proven out of reach; lo: the first above the answer.
    std::size_t lo = 0, hi = values.size();
    // The smallest r whose clique cover refutes P sites (the cover count falls as r grows; the
    // greedy's count not always, so the range is the same whatever the packing finds). First:
    // the packing's misses from there on then cost nothing (each miss spends the local search's
    // whole budget).
    const double deadline = limit > 0 ? start_s + limit : 0;
    for (std::size_t clo = 0; clo < hi && !(deadline > 0 && SteadySeconds() > deadline);) {
      const std::size_t mid = clo + (hi - clo) / 2;
      if (CoverRefutes(prob, p, values[mid])) hi = mid;
      else clo = mid + 1;
    }
    // The largest r a greedy packing reaches (a heuristic bisection: a miss proves nothing), over
    // every value as before the covers ran first, so that it probes the same r; from hi on a miss
    // is known without the search.
    const double search_deadline = SitingOptions::DeadlineAfter(start_s, options.SearchSeconds());
    for (std::size_t plo = 0, phi = options.packing_effort > 0 ? values.size() : 0;
         plo < phi && !(search_deadline > 0 && SteadySeconds() > search_deadline);) {
      const std::size_t mid = plo + (phi - plo) / 2;
      std::vector<std::uint32_t> packed = mid >= hi
                                              ? std::vector<std::uint32_t>{}
                                              : PackAt(prob, p, values[mid], options.packing_effort, search_deadline);
      if (packed.empty()) {
        phi = mid;
        continue;
      }
      SwapUp(prob, &packed, nfixed, search_deadline);
      r.sites = std::move(packed);
      objective = SpreadOf(prob, r.sites).smallest;
      r.method = "greedy farthest insertion + swaps; a greedy packing at the largest distance it reaches";
      plo = above(objective);
    }
    lo = above(objective);
    how += "; clique covers of the pairs closer than r";
    if (options.exact && lo < hi) {
      // Bisect what is left with the exact decision.
      bool stopped = false;
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
        lo = above(objective);
      }
      how = std::string("bisection over the distances with clique covers, then a clique branch and bound") +
            (stopped ? ", stopped at the time limit" : "");
    }
    upper = hi > 0 && values[hi - 1] > objective ? values[hi - 1] : objective;
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
