#include "lib/siting/median_branch_and_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gdist {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

class MedianSearch {
 public:
  MedianSearch(const SortedCosts& costs, std::size_t p_total, const MedianProofOptions& options, int threads)
      : lag_(costs, p_total, threads), options_(options) {}

  MedianProof Run(const std::vector<std::uint32_t>& fixed, const std::vector<std::uint32_t>& incumbent) {
    const SortedCosts& c = lag_.costs();
    incumbent_ = incumbent;
    upper_ = lag_.Objective(incumbent);
    std::vector<FacilityState> state(c.m, FacilityState::kFree);
    for (std::uint32_t k : fixed) state[k] = FacilityState::kOpen;
    std::vector<double> lambda = StartMultipliers(lag_, incumbent);
    Node(state, lambda, -kInf, true);
    MedianProof proof;
    proof.upper = upper_;
    proof.lower_bound = std::min(upper_, lower_);
    proof.complete = complete_;
    proof.nodes = nodes_;
    // Fixed sites first, as every solver returns them.
    std::vector<char> is_fixed(c.m, 0);
    for (std::uint32_t k : fixed) is_fixed[k] = 1;
    proof.sites = fixed;
    for (std::uint32_t k : incumbent_)
      if (!is_fixed[k]) proof.sites.push_back(k);
    return proof;
  }

 private:
  // Rounding slack of a bound summed over nd terms of size ~|bound|.
  double Slack(double b) const { return 1e-9 * (std::fabs(b) + 1) + 1e-7; }
  // A node whose bound reaches this holds no solution worth finding.
  double PruneAt() const {
    const double exact = lag_.costs().integral ? upper_ - 1 : upper_;
    const double with_gap = upper_ * (1 - options_.gap);
    return (options_.gap > 0 ? std::min(exact, with_gap) : exact) + Slack(upper_);
  }
  // What a node with Lagrangian bound b proves about the solutions below it.
  double NodeLower(double b) const {
    const double safe = b - Slack(b);
    return lag_.costs().integral ? std::ceil(safe) : safe;
  }
  void Closed(double b) { lower_ = std::min(lower_, NodeLower(b)); }
  bool OutOfTime() const { return options_.deadline_s > 0 && SteadySeconds() > options_.deadline_s; }

  void Node(std::vector<FacilityState> state, std::vector<double> lambda, double parent_bound, bool root) {
    if (OutOfTime()) {
      complete_ = false;
      lower_ = std::min(lower_, parent_bound == -kInf ? parent_bound : NodeLower(parent_bound));
      return;
    }
    ++nodes_;
    if (options_.progress) options_.progress({"branch and bound", nodes_, -1, upper_});
    const std::size_t m = lag_.costs().m, p = lag_.num_open();
    SubgradientOptions so;
    so.deadline_s = options_.deadline_s;
    so.max_iterations = root ? options_.root_iterations : options_.node_iterations;
    if (!root) {  // warm-started from the parent: short runs
      so.start_step = 1.0;
      so.patience = 8;
      so.min_step = 0.02;
      so.price_every = 10;
    }
    for (int round = 0;; ++round) {
      std::size_t open = 0, free = 0;
      for (FacilityState s : state) {
        open += s == FacilityState::kOpen;
        free += s == FacilityState::kFree;
      }
      if (open > p || open + free < p) return;  // no solution here
      if (open + free == p || open == p) {      // a leaf: the open set is the only solution
        std::vector<std::uint32_t> sites;
        for (std::size_t k = 0; k < m; ++k)
          if (state[k] != FacilityState::kClosed && (open + free == p || state[k] == FacilityState::kOpen))
            sites.push_back(static_cast<std::uint32_t>(k));
        const double value = lag_.Objective(sites);
        if (value < upper_) {
          upper_ = value;
          incumbent_ = sites;
        }
        lower_ = std::min(lower_, value);
        return;
      }
      const LagrangianPoint pt = RunSubgradient(lag_, state, &lambda, &upper_, &incumbent_, PruneAt(), so);
      if (pt.bound == -kInf) return;
      if (!options_.branch && root && round == 0) {  // bound only
        Closed(pt.bound);
        complete_ = pt.bound >= PruneAt();
        return;
      }
      if (pt.bound >= PruneAt()) {
        Closed(pt.bound);
        return;
      }
      if (OutOfTime()) {
        complete_ = false;
        Closed(pt.bound);
        return;
      }
      // Reduction tests: the bound of each one-candidate change at the same multipliers.
      std::vector<char> chosen(m, 0);
      for (std::uint32_t k : pt.chosen) chosen[k] = 1;
      bool changed = false;
      double fixed_bound = kInf;  // the least bound among the sub-trees the tests cut off
      const double prune = PruneAt();
      for (std::size_t k = 0; k < m; ++k) {
        if (state[k] != FacilityState::kFree) continue;
        const double b = chosen[k] ? pt.bound - pt.rho[k] + pt.rho_first_out : pt.bound + pt.rho[k] - pt.rho_last_in;
        if (b >= prune) {
          state[k] = chosen[k] ? FacilityState::kOpen : FacilityState::kClosed;
          fixed_bound = std::min(fixed_bound, b);
          changed = true;
        }
      }
      if (fixed_bound < kInf) Closed(fixed_bound);
      if (changed && round < 2) continue;
      // Branch on the chosen free candidate dearest to close.
      std::uint32_t pick = static_cast<std::uint32_t>(m);
      double dearest = -kInf;
      for (std::uint32_t k : pt.chosen) {
        if (state[k] != FacilityState::kFree) continue;
        const double b = pt.rho_first_out - pt.rho[k];
        if (b > dearest) {
          dearest = b;
          pick = k;
        }
      }
      if (pick == m) {  // every chosen one is fixed: re-evaluate as a smaller problem
        if (changed) continue;
        // Cannot happen with open < p (some chosen free exists); stay safe.
        Closed(pt.bound);
        return;
      }
      state[pick] = FacilityState::kOpen;
      Node(state, lambda, pt.bound, false);
      state[pick] = FacilityState::kClosed;
      Node(state, lambda, pt.bound, false);
      return;
    }
  }

  MedianLagrangian lag_;
  MedianProofOptions options_;
  std::vector<std::uint32_t> incumbent_;
  double upper_ = kInf;
  double lower_ = kInf;  // least bound over every sub-tree closed so far
  bool complete_ = true;
  std::size_t nodes_ = 0;
};

}  // namespace

MedianProof ProveMedian(const SortedCosts& costs, const std::vector<std::uint32_t>& fixed, std::size_t p_total,
                        const std::vector<std::uint32_t>& incumbent, const MedianProofOptions& options, int threads) {
  MedianSearch search(costs, p_total, options, threads);
  return search.Run(fixed, incumbent);
}

}  // namespace gdist
