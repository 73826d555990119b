#include "lib/siting/backup_cover_search.hpp"

#include <algorithm>
#include <random>

#include "lib/siting/cover_search.hpp"
#include "lib/siting/deadline.hpp"

namespace gdist {

namespace {
// Random swaps before each restart: 1, 2 or 3 in turn.
constexpr long kMostKicks = 12;
// The covering search's most work to repair a kicked cover, in passes over the lists' pairs.
constexpr std::uint64_t kRepairPassesOfPairs = 4;

// The open sites, how many of them cover each demand, and the swaps that keep every demand covered.
class SwapState {
 public:
  SwapState(const CoverLists& lists, const std::vector<double>& weights, const std::vector<std::uint32_t>& sites,
            std::size_t num_fixed, double tolerance, std::uint64_t& work)
      : work_(work),
        lists_(lists),
        w_(weights),
        sites_(sites),
        num_fixed_(num_fixed),
        count_(lists.nd, 0),
        open_(lists.m, 0),
        hits_(lists.m, 0),
        tolerance_(tolerance) {
    for (std::uint32_t k : sites_) Open(k, +1);
  }

  const std::vector<std::uint32_t>& sites() const { return sites_; }

  // The best swap's gain in weight covered twice (ties: the first slot, then the lowest candidate);
  // false when no swap that keeps every demand covered gains more than the tolerance.
  bool BestSwap(std::size_t* slot, std::uint32_t* in) {
    double best = tolerance_;
    bool found = false;
    for (std::size_t s = num_fixed_; s < sites_.size(); ++s) {
      const double loss = Close(sites_[s]);
      ForEachFeasible([&](std::uint32_t b) {
        const double delta = GainOf(b) - loss;
        if (delta > best) best = delta, *slot = s, *in = b, found = true;
      });
      Reopen(sites_[s]);
    }
    return found;
  }

  void Swap(std::size_t slot, std::uint32_t in) {
    Open(sites_[slot], -1);
    sites_[slot] = in;
    Open(in, +1);
  }

 private:
  std::uint64_t& work_;  // shared by every state of one search

  void Open(std::uint32_t k, int sign) {
    open_[k] = sign > 0;
    for (std::size_t i = 0; i < lists_.num_covered(k); ++i) count_[lists_.covered(k)[i]] += sign;
    work_ += lists_.num_covered(k);
  }
  // Counts as if k were closed (open_ kept, so k is no candidate for its own slot); returns the weight that
  // drops from twice to once, and lists the demands left uncovered.
  double Close(std::uint32_t k) {
    double loss = 0;
    uncovered_.clear();
    const std::uint32_t* u = lists_.covered(k);
    for (std::size_t i = 0; i < lists_.num_covered(k); ++i) {
      const std::uint32_t c = --count_[u[i]];
      if (c == 1) loss += w_[u[i]];
      if (c == 0) uncovered_.push_back(u[i]);
    }
    work_ += lists_.num_covered(k);
    return loss;
  }
  void Reopen(std::uint32_t k) {
    const std::uint32_t* u = lists_.covered(k);
    for (std::size_t i = 0; i < lists_.num_covered(k); ++i) ++count_[u[i]];
  }
  // The weight a closed candidate b would lift from once to twice.
  double GainOf(std::uint32_t b) {
    double gain = 0;
    const std::uint32_t* u = lists_.covered(b);
    for (std::size_t i = 0; i < lists_.num_covered(b); ++i)
      if (count_[u[i]] == 1) gain += w_[u[i]];
    work_ += lists_.num_covered(b);
    return gain;
  }
  // Every closed candidate that covers all the demands Close left uncovered.
  template <class F> void ForEachFeasible(F&& f) {
    if (uncovered_.empty()) {
      for (std::uint32_t b = 0; b < lists_.m; ++b)
        if (!open_[b]) f(b);
      return;
    }
    touched_.clear();
    for (std::uint32_t u : uncovered_) {
      const std::uint32_t* k = lists_.covering(u);
      for (std::size_t i = 0; i < lists_.num_covering(u); ++i)
        if (hits_[k[i]]++ == 0) touched_.push_back(k[i]);
      work_ += lists_.num_covering(u);
    }
    std::sort(touched_.begin(), touched_.end());  // the lowest candidate first, as without uncovered demands
    for (std::uint32_t b : touched_)
      if (hits_[b] == uncovered_.size() && !open_[b]) f(b);
    for (std::uint32_t b : touched_) hits_[b] = 0;
  }

  const CoverLists& lists_;
  const std::vector<double>& w_;
  std::vector<std::uint32_t> sites_;
  std::size_t num_fixed_;
  std::vector<std::uint32_t> count_;
  std::vector<char> open_;
  std::vector<std::uint32_t> hits_, uncovered_, touched_;
  double tolerance_;
};

bool OutOfBudget(std::uint64_t work, const BackupSearchOptions& o) {
  return (o.max_work > 0 && work >= o.max_work) || (o.deadline > 0 && SteadySeconds() > o.deadline);
}

bool Reached(double twice, double tolerance, const BackupSearchOptions& o) {
  return o.target > 0 && twice >= o.target - tolerance;
}

void Descend(SwapState& state, const std::uint64_t& work, const BackupSearchOptions& o) {
  std::size_t slot = 0;
  std::uint32_t in = 0;
  while (!OutOfBudget(work, o) && state.BestSwap(&slot, &in)) state.Swap(slot, in);
}
// The sites with `kicks` free ones swapped for random candidates, then made a cover of every demand again by
// the covering search (cover_search.hpp); false when it finds none in its work.
// The caller sees that there is a free site and a closed candidate.
bool Kick(const CoverLists& lists, const std::vector<std::uint32_t>& sites, std::size_t num_fixed, long kicks,
          std::mt19937_64& rng, std::uint64_t& work, std::vector<std::uint32_t>* out) {
  std::vector<std::uint32_t> trial = sites;
  std::uniform_int_distribution<std::size_t> slot(num_fixed, sites.size() - 1);
  std::uniform_int_distribution<std::uint32_t> candidate(0, static_cast<std::uint32_t>(lists.m - 1));
  for (long i = 0; i < kicks; ++i) {
    std::uint32_t k = candidate(rng);
    while (std::find(trial.begin(), trial.end(), k) != trial.end()) k = candidate(rng);
    trial[slot(rng)] = k;
  }
  CoverSearchOptions o;
  o.max_work = kRepairPassesOfPairs * (lists.pairs() + 1);
  o.seed = rng();
  work += o.max_work / kRepairPassesOfPairs;  // at least a pass's worth: a kick is never free
  return CoverSearch(lists, sites.size(), num_fixed, trial, o, out);
}
}  // namespace

double BackupCoverTwice(const CoverLists& lists, const std::vector<double>& weights,
                        const std::vector<std::uint32_t>& sites) {
  std::vector<std::uint32_t> count(lists.nd, 0);
  for (std::uint32_t k : sites)
    for (std::size_t i = 0; i < lists.num_covered(k); ++i) ++count[lists.covered(k)[i]];
  double twice = 0;
  for (std::size_t u = 0; u < lists.nd; ++u) {
    if (count[u] == 0) return -1;
    if (count[u] >= 2) twice += weights[u];
  }
  return twice;
}

BackupSearchResult BackupCoverSearch(const CoverLists& lists, const std::vector<double>& weights,
                                     const std::vector<std::uint32_t>& start, std::size_t num_fixed,
                                     const BackupSearchOptions& options) {
  BackupSearchResult best;
  std::uint64_t work = 0;
  double most = 0;
  for (double x : weights) most = std::max(most, x);
  const double tolerance = 1e-9 * most;  // in the weights' scale, not the objective's (an offset cannot hide a swap)
  SwapState state(lists, weights, start, num_fixed, tolerance, work);
  Descend(state, work, options);
  best.sites = state.sites();
  best.twice = BackupCoverTwice(lists, weights, best.sites);
  // No restart without a free site to swap and a closed candidate to swap it for.
  const bool can_kick = start.size() > num_fixed && start.size() < lists.m;
  if (options.max_work == 0 || !can_kick || Reached(best.twice, tolerance, options)) return best;
  std::mt19937_64 rng(options.seed);
  std::vector<std::uint32_t> kicked;
  while (!OutOfBudget(work, options) && !Reached(best.twice, tolerance, options)) {
    ++best.restarts;
    if (!Kick(lists, best.sites, num_fixed, 1 + best.restarts % kMostKicks, rng, work, &kicked)) continue;
    SwapState trial(lists, weights, kicked, num_fixed, tolerance, work);
    Descend(trial, work, options);
    const double twice = BackupCoverTwice(lists, weights, trial.sites());
    if (twice >= best.twice - tolerance) best.sites = trial.sites(), best.twice = twice;  // ties move on
  }
  return best;
}

}  // namespace gdist
