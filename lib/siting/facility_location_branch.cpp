#include "lib/siting/facility_location_branch.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/siting/deadline.hpp"
#include "lib/siting/facility_location_dual.hpp"
#include "lib/siting/facility_location_search.hpp"

namespace gdist {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// The adjustment's rounds: more at the root, whose bound every node starts from.
constexpr int kRootAdjustRounds = 4;
constexpr int kNodeAdjustRounds = 2;
// Rounds of fixing (close by slack, open the last candidate of a demand) and ascent again at one node.
constexpr int kFixRounds = 4;

struct Node {
  std::vector<signed char> state;
  double bound;  // its parent's: a lower bound on it
};

class Branch {
 public:
  Branch(const FacilityCosts& c, double deadline) : c_(c), deadline_(deadline) { out_.objective = kInf; }

  FacilityBranchResult Run(const std::vector<char>& start) {
    if (!start.empty()) Offer(start);
    std::vector<Node> stack{{FacilityRootState(c_), -kInf}};
    bool root = true;
    while (!stack.empty()) {
      // The root always: its bound is what a limit reached at once returns.
      if (!root && deadline_ > 0 && SteadySeconds() > deadline_) {
        for (const Node& n : stack) proven_ = std::min(proven_, n.bound);
        out_.bound = std::min(proven_, out_.objective);
        return Finish(false);
      }
      Node node = std::move(stack.back());
      stack.pop_back();
      if (CannotBeat(node.bound)) {
        proven_ = std::min(proven_, node.bound);
        continue;
      }
      ++out_.nodes;
      int branch_on = Process(&node, root);
      root = false;
      if (branch_on < 0) continue;
      // The closed child first (popped first): the open one keeps the tight candidate the primal used.
      Node open_child{node.state, node.bound};
      open_child.state[branch_on] = kFacilityOpen;
      node.state[branch_on] = kFacilityClosed;
      stack.push_back(std::move(open_child));
      stack.push_back(std::move(node));
    }
    out_.bound = std::min(proven_, out_.objective);
    return Finish(true);
  }

 private:
  // Whole costs: every objective is whole, so a bound above incumbent - 1 leaves nothing better.
  bool CannotBeat(double bound) const {
    if (!std::isfinite(out_.objective)) return bound == kInf;
    return c_.whole ? bound > out_.objective - 1 + 1e-6
                    : bound >= out_.objective - 1e-9 * (std::fabs(out_.objective) + 1);
  }

  void Offer(const std::vector<char>& open) {
    const double obj = FacilityObjective(c_, open, nullptr);
    if (obj < out_.objective) {
      out_.objective = obj;
      out_.open = open;
    }
  }

  // Bounds, fixes and searches a node; returns the candidate to branch on, or -1 (pruned).
  int Process(Node* node, bool root) {
    std::vector<signed char>& st = node->state;
    FacilityDual d;
    for (int round = 0;; ++round) {
      d = FacilityDualAscent(c_, st, root ? kRootAdjustRounds : kNodeAdjustRounds, deadline_);
      if (root && round == 0) out_.root_bound = d.bound;
      node->bound = std::max(node->bound, d.bound);
      if (CannotBeat(node->bound)) {
        proven_ = std::min(proven_, node->bound);
        return -1;
      }
      // The primal: the open and the tight candidates, then the local search.
      std::vector<char> open(c_.m, 0);
      for (std::size_t k = 0; k < c_.m; ++k)
        open[k] = st[k] == kFacilityOpen || (st[k] == kFacilityFree && d.slack[k] == 0);
      if (std::isfinite(FacilityObjective(c_, open, nullptr))) {
        ImproveFacilityLocation(c_, &open, deadline_);
        Offer(open);
      }
      if (CannotBeat(node->bound)) {
        proven_ = std::min(proven_, node->bound);
        return -1;
      }
      if (round + 1 >= kFixRounds) break;
      // Fixing: a free candidate whose slack lifts this dual's bound past the incumbent stays
      // closed below. This dual's, not the node's (which may be its parent's, higher): the
      // slack adds only to the sum it belongs to.
      bool changed = false;
      for (std::size_t k = 0; k < c_.m; ++k)
        if (st[k] == kFacilityFree && CannotBeat(d.bound + d.slack[k])) {
          proven_ = std::min(proven_, d.bound + d.slack[k]);
          st[k] = kFacilityClosed;
          ++out_.fixed_closed;
          changed = true;
        }
      // A demand with one candidate left needs it open; with none the node is empty.
      for (std::size_t u = 0; u < c_.nd; ++u) {
        const std::uint32_t* o = &c_.order[u * c_.m];
        std::uint32_t left = 0, last = 0;
        for (std::uint32_t i = 0; i < c_.reach[u] && left < 2; ++i)
          if (st[o[i]] != kFacilityClosed) ++left, last = o[i];
        if (left == 0) return -1;  // infeasible below: no bound to keep
        if (left == 1 && st[last] == kFacilityFree) {
          st[last] = kFacilityOpen;
          changed = true;
        }
      }
      if (!changed) break;
    }
    // Branch on the tight free candidate that violates complementary slackness most:
    // demands paying into it (v_u > g_uk) but served elsewhere.
    std::vector<std::uint32_t> assigned;
    std::vector<char> tight(c_.m, 0);
    for (std::size_t k = 0; k < c_.m; ++k)
      tight[k] = st[k] == kFacilityOpen || (st[k] == kFacilityFree && d.slack[k] == 0);
    const bool served = std::isfinite(FacilityObjective(c_, tight, &assigned));
    int best = -1;
    double best_score = -1;
    for (std::size_t k = 0; k < c_.m; ++k) {
      if (st[k] != kFacilityFree) continue;
      double score;
      if (tight[k]) {
        score = 0;
        for (std::size_t u = 0; u < c_.nd; ++u)
          if (!served || assigned[u] != k) score += std::max(0.0, d.v[u] - c_.cost(u, k));
        score += 2;  // a tight candidate before any with slack
      } else {
        score = 1 / (1 + d.slack[k]);  // (0, 1]: the least slack
      }
      if (score > best_score) best_score = score, best = static_cast<int>(k);
    }
    return best;  // -1: every candidate decided, and the node's bound is its solution's cost
  }

  FacilityBranchResult Finish(bool finished) {
    out_.finished = finished;
    if (!std::isfinite(out_.objective)) out_.open.clear();
    return out_;
  }

  const FacilityCosts& c_;
  const double deadline_;
  double proven_ = kInf;  // least bound of the pruned nodes
  FacilityBranchResult out_;
};

}  // namespace

FacilityBranchResult SolveFacilityBranch(const FacilityCosts& costs, const std::vector<char>& start, double deadline) {
  return Branch(costs, deadline).Run(start);
}

}  // namespace gdist
