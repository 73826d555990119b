#include "lib/siting/median_branch_and_bound.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>

#include "lib/util/interruption.hpp"

namespace gdist {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Rounding slack of a bound summed over nd terms of size ~|bound|.
double Slack(double b) { return 1e-9 * (std::fabs(b) + 1) + 1e-7; }
// A node whose bound reaches this holds no solution worth finding.
double PruneLevel(double upper, bool integral, double gap) {
  const double exact = integral ? upper - 1 : upper;
  const double with_gap = upper * (1 - gap);
  return (gap > 0 ? std::min(exact, with_gap) : exact) + Slack(upper);
}
// What a Lagrangian bound b proves about the solutions it covers.
double ProvenLower(double b, bool integral) {
  const double safe = b - Slack(b);
  return integral ? std::ceil(safe) : safe;
}

class MedianSearch {
 public:
  MedianSearch(const SortedCosts& costs, std::size_t p_total, const MedianProofOptions& options, int threads)
      : root_lag_(costs, p_total, threads),
        lag_(&root_lag_),
        options_(options),
        cutoff_(options.cutoff - costs.constant),
        threads_(std::max(1, threads)) {}

  MedianProof Run(const std::vector<std::uint32_t>& fixed, const std::vector<std::uint32_t>& incumbent) {
    const SortedCosts& c = root_lag_.costs();
    incumbent_ = incumbent;
    upper_ = root_lag_.Objective(incumbent);
    below_cutoff_ = BelowCutoff(upper_);
    NodeTask root;
    root.state.assign(c.m, FacilityState::kFree);
    for (std::uint32_t k : fixed) root.state[k] = FacilityState::kOpen;
    root.lambda = StartMultipliers(root_lag_, incumbent);
    if (options_.start_at_caps)
      for (std::size_t u = 0; u < c.nd; ++u) root.lambda[u] = root_lag_.Cap(u);
    root.root = true;
    // The root alone uses the threads inside each Lagrangian pass (large
    // instances); below it the threads take sub-trees instead.
    std::vector<NodeTask> children = Process(std::move(root));
    std::vector<NodeTask*> below_root;
    for (NodeTask& t : children) below_root.push_back(&t);
    Compact(below_root);
    // A node of a small tree takes less time than handing a task to a thread
    // that a busy machine has descheduled: such trees run on one thread.
    if (lag_->costs().nd * lag_->costs().m * options_.node_iterations < options_.parallel_node_reads) threads_ = 1;
    if (threads_ > 1 && !children.empty()) {
#pragma omp parallel num_threads(threads_)
#pragma omp single
      ExploreAll(std::move(children));
    } else {
      ExploreAll(std::move(children));
    }
    MedianProof proof;
    proof.upper = upper_;
    proof.lower_bound = std::min(upper_, lower_);
    proof.root_bound = root_bound_;
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
  struct NodeTask {
    std::vector<FacilityState> state;
    std::vector<double> lambda;  // the parent's multipliers: the warm start
    double parent_bound = -kInf;
    std::size_t depth = 0;
    bool root = false;
  };

  // Reduction rounds at the root: each after the first runs on the rows the last one left.
  static constexpr int kRootRounds = 4;
  // Sub-trees this shallow become tasks that idle threads take.
  static constexpr std::size_t kTaskDepth = 12;

  void ExploreAll(std::vector<NodeTask> tasks) {
    for (NodeTask& next : tasks) {
      if (threads_ > 1 && next.depth <= kTaskDepth) {
        NodeTask t = std::move(next);
#pragma omp task default(shared) firstprivate(t)
        Explore(std::move(t));
      } else {
        Explore(std::move(next));
      }
    }
#pragma omp taskwait
  }
  void Explore(NodeTask t) { ExploreAll(Process(std::move(t))); }

  // A solution that answers the decision (never, without a cutoff).
  bool BelowCutoff(double value) const { return cutoff_ < kInf && value < cutoff_; }
  // The incumbent's cost, or the cutoff when that is lower: what a node must beat.
  double Upper() {
    std::lock_guard<std::mutex> lock(mu_);
    return std::min(upper_, cutoff_);
  }
  double PruneAt(double upper) const { return PruneLevel(upper, lag_->costs().integral, options_.gap); }
  // What a node with Lagrangian bound b proves about the solutions below it.
  double NodeLower(double b) const { return ProvenLower(b, lag_->costs().integral); }
  void Closed(double b) {
    std::lock_guard<std::mutex> lock(mu_);
    lower_ = std::min(lower_, NodeLower(b));
  }
  void Offer(double value, const std::vector<std::uint32_t>& sites) {
    std::lock_guard<std::mutex> lock(mu_);
    if (value < upper_) {
      upper_ = value;
      incumbent_ = Original(sites);
      if (BelowCutoff(value)) below_cutoff_ = true;
    }
  }
  // Past the deadline, interrupted (the caller throws, interruption.hpp), or a
  // solution below the cutoff found (the decision is made): the nodes left stop.
  bool OutOfTime() const {
    return (options_.deadline_s > 0 && SteadySeconds() > options_.deadline_s) || InterruptionRequested() ||
           below_cutoff_;
  }
  void Stopped(double b) {
    std::lock_guard<std::mutex> lock(mu_);
    complete_ = false;
    lower_ = std::min(lower_, b == -kInf ? b : NodeLower(b));
  }

  // Bounds one node, fixes what the reduction tests allow, and returns its
  // two children (none when the node is closed).
  std::vector<NodeTask> Process(NodeTask t) {
    if (OutOfTime()) {
      Stopped(t.parent_bound);
      return {};
    }
    {
      std::lock_guard<std::mutex> lock(mu_);  // one thread reports at a time
      ++nodes_;
      // The root reports its bound's iterations instead (SubgradientOptions::progress).
      if (options_.progress && !t.root)
        options_.progress({"branch and bound", nodes_, -1, upper_ + root_lag_.costs().constant});
    }
    std::vector<FacilityState>& state = t.state;
    const std::size_t p = lag_->num_open();
    SubgradientOptions so;
    so.deadline_s = options_.deadline_s;
    so.max_iterations = t.root ? options_.root_iterations : options_.node_iterations;
    if (!t.root) {  // warm-started from the parent: short runs
      so.start_step = 1.0;
      so.patience = 8;
      so.min_step = 0.02;
      so.price_every = 10;
    }
    for (int round = 0;; ++round) {
      const std::size_t m = lag_->costs().m;  // the root's rounds may drop candidates
      std::size_t open = 0, free = 0;
      for (FacilityState s : state) {
        open += s == FacilityState::kOpen;
        free += s == FacilityState::kFree;
      }
      if (open > p || open + free < p) return {};  // no solution here
      if (open + free == p || open == p) {         // a leaf: the open set is the only solution
        std::vector<std::uint32_t> sites;
        for (std::size_t k = 0; k < m; ++k)
          if (state[k] != FacilityState::kClosed && (open + free == p || state[k] == FacilityState::kOpen))
            sites.push_back(static_cast<std::uint32_t>(k));
        const double value = lag_->Objective(sites);
        Offer(value, sites);
        std::lock_guard<std::mutex> lock(mu_);
        lower_ = std::min(lower_, value);
        return {};
      }
      // Each node prices its relaxations against its own copy of the incumbent.
      double upper = Upper();
      std::vector<std::uint32_t> found;
      so.progress = t.root && round == 0 ? options_.progress : SitingProgressFn{};
      const LagrangianPoint pt = RunSubgradient(*lag_, state, &t.lambda, &upper, &found, PruneAt(upper), so);
      if (!found.empty()) Offer(upper, found);
      if (pt.bound == -kInf) return {};
      if (t.root && round == 0) {
        root_bound_ = NodeLower(pt.bound);
        std::lock_guard<std::mutex> lock(mu_);  // the root's node, once its bound is in
        if (options_.progress && options_.branch)
          options_.progress({"branch and bound", nodes_, -1, upper_ + root_lag_.costs().constant});
      }
      if (!options_.branch && t.root && round == 0) {  // bound only
        Closed(pt.bound);
        complete_ = pt.bound >= PruneAt(Upper());
        return {};
      }
      const double prune = PruneAt(Upper());
      if (pt.bound >= prune) {
        Closed(pt.bound);
        return {};
      }
      if (OutOfTime()) {
        Stopped(pt.bound);
        return {};
      }
      // Reduction tests: the bound of each one-candidate change at the same multipliers.
      std::vector<char> chosen(m, 0);
      for (std::uint32_t k : pt.chosen) chosen[k] = 1;
      bool changed = false;
      double fixed_bound = kInf;  // the least bound among the sub-trees the tests cut off
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
      // The root's rounds run on the rows its tests left (cheap), the tree's on their parent's.
      if (changed && round < (t.root ? kRootRounds : 2)) {
        if (t.root) Compact({&t});
        continue;
      }
      const std::uint32_t pick = BranchCandidate(pt, state);
      if (pick == m) {  // every chosen one is fixed: re-evaluate as a smaller problem
        if (changed) continue;
        Closed(pt.bound);  // cannot happen with open < p (some chosen free exists); stay safe
        return {};
      }
      // The side the relaxations lean to first: it holds the better solutions.
      const bool open_first = pt.open_share.empty() || pt.open_share[pick] >= 0.5;
      NodeTask a{state, t.lambda, pt.bound, t.depth + 1, false};
      NodeTask b = a;
      a.state[pick] = open_first ? FacilityState::kOpen : FacilityState::kClosed;
      b.state[pick] = open_first ? FacilityState::kClosed : FacilityState::kOpen;
      std::vector<NodeTask> children;
      children.push_back(std::move(a));
      children.push_back(std::move(b));
      return children;
    }
  }

  // The free candidate the LP opens most fractionally (open share nearest
  // 1/2): both of its branches move the bound. When the relaxations agree on
  // every free candidate, the chosen one dearest to close.
  std::uint32_t BranchCandidate(const LagrangianPoint& pt, const std::vector<FacilityState>& state) const {
    const std::size_t m = lag_->costs().m;
    std::uint32_t pick = static_cast<std::uint32_t>(m);
    double best = 0.05;  // shares this close to 0 or 1 count as agreement
    if (!pt.open_share.empty())
      for (std::size_t k = 0; k < m; ++k) {
        if (state[k] != FacilityState::kFree) continue;
        const double fractional = std::min(pt.open_share[k], 1 - pt.open_share[k]);
        if (fractional > best) {
          best = fractional;
          pick = static_cast<std::uint32_t>(k);
        }
      }
    if (pick < m) return pick;
    double dearest = -kInf;
    for (std::uint32_t k : pt.chosen) {
      if (state[k] != FacilityState::kFree) continue;
      const double b = pt.rho_first_out - pt.rho[k];
      if (b > dearest) {
        dearest = b;
        pick = k;
      }
    }
    return pick;
  }

  // The root's reduction tests close most candidates for the whole tree:
  // the relaxations below run on rows without them (shorter prefixes to scan),
  // and rows that then order their candidates alike merge (fewer rows).
  void Compact(const std::vector<NodeTask*>& tasks) {
    const std::size_t m = lag_->costs().m;
    if (tasks.empty()) return;
    std::vector<std::uint32_t> keep;
    for (std::size_t k = 0; k < m; ++k)
      if (std::any_of(tasks.begin(), tasks.end(),
                      [&](const NodeTask* t) { return t->state[k] != FacilityState::kClosed; }))
        keep.push_back(static_cast<std::uint32_t>(k));
    if (keep.size() == m || keep.size() > m - m / 8) return;  // not worth a copy of the rows
    std::vector<std::uint32_t> row_of;
    auto costs = std::make_unique<SortedCosts>(KeepCandidates(lag_->costs(), keep, &row_of, threads_));
    auto lag = std::make_unique<MedianLagrangian>(*costs, root_lag_.num_open(), threads_);
    for (NodeTask* t : tasks) {
      std::vector<FacilityState> state(keep.size());
      for (std::size_t i = 0; i < keep.size(); ++i) state[i] = t->state[keep[i]];
      t->state = std::move(state);
      // A merged row's multiplier: the sum of its rows' (the same bound at the same point).
      std::vector<double> lambda(costs->nd, 0.0);
      for (std::size_t u = 0; u < row_of.size(); ++u) lambda[row_of[u]] += t->lambda[u];
      t->lambda = std::move(lambda);
    }
    if (!to_original_.empty())
      for (std::uint32_t& k : keep) k = to_original_[k];
    to_original_ = std::move(keep);
    kept_lag_ = std::move(lag);  // the old relaxation goes before the rows it reads
    kept_costs_ = std::move(costs);
    lag_ = kept_lag_.get();
  }
  // Sites of the current rows as candidates of the problem.
  std::vector<std::uint32_t> Original(std::vector<std::uint32_t> sites) const {
    if (!to_original_.empty())
      for (std::uint32_t& k : sites) k = to_original_[k];
    return sites;
  }

  MedianLagrangian root_lag_;
  std::unique_ptr<SortedCosts> kept_costs_;  // the rows the tree below the root reads
  std::unique_ptr<MedianLagrangian> kept_lag_;
  std::vector<std::uint32_t> to_original_;  // kept candidate -> problem candidate (empty: the same)
  const MedianLagrangian* lag_;             // the relaxation of the current rows
  MedianProofOptions options_;
  double cutoff_;  // options_.cutoff without the costs' constant
  std::atomic<bool> below_cutoff_{false};
  int threads_;
  std::mutex mu_;  // guards what follows
  std::vector<std::uint32_t> incumbent_;
  double upper_ = kInf;
  double lower_ = kInf;  // least bound over every sub-tree closed so far
  double root_bound_ = -kInf;
  bool complete_ = true;
  std::size_t nodes_ = 0;
};

}  // namespace

MedianProof BoundMedianRoot(const LagrangianPass& pass, bool integral, const std::vector<std::uint32_t>& fixed,
                            const std::vector<std::uint32_t>& incumbent, const MedianProofOptions& options) {
  std::vector<FacilityState> state(pass.num_candidates(), FacilityState::kFree);
  for (std::uint32_t k : fixed) state[k] = FacilityState::kOpen;
  std::vector<double> lambda = StartMultipliers(pass, incumbent);
  MedianProof proof;
  proof.upper = pass.Objective(incumbent);
  std::vector<std::uint32_t> found;
  SubgradientOptions so;
  so.max_iterations = options.root_iterations;
  so.deadline_s = options.deadline_s;
  so.progress = options.progress;
  const LagrangianPoint pt =
      RunSubgradient(pass, state, &lambda, &proof.upper, &found, PruneLevel(proof.upper, integral, options.gap), so);
  std::vector<char> is_fixed(pass.num_candidates(), 0);
  for (std::uint32_t k : fixed) is_fixed[k] = 1;
  proof.sites = fixed;
  for (std::uint32_t k : found.empty() ? incumbent : found)
    if (!is_fixed[k]) proof.sites.push_back(k);
  proof.nodes = 1;
  if (pt.bound == -kInf) {  // more fixed sites than p: no solution, nothing proven
    proof.lower_bound = -kInf;
    return proof;
  }
  proof.root_bound = ProvenLower(pt.bound, integral);
  proof.lower_bound = std::min(proof.upper, proof.root_bound);
  proof.complete = pt.bound >= PruneLevel(proof.upper, integral, options.gap);
  return proof;
}

MedianProof ProveMedian(const SortedCosts& costs, const std::vector<std::uint32_t>& fixed, std::size_t p_total,
                        const std::vector<std::uint32_t>& incumbent, const MedianProofOptions& options, int threads) {
  MedianSearch search(costs, p_total, options, threads);
  MedianProof proof = search.Run(fixed, incumbent);
  // Back to the input's costs: the rows' smallest costs, which every solution pays.
  proof.lower_bound += costs.constant;
  proof.upper += costs.constant;
  proof.root_bound += costs.constant;
  return proof;
}

}  // namespace gdist
