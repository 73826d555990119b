// Lagrangian lower bound for the p-median (Beasley 1993 [1], after Cornuejols,
// Fisher & Nemhauser 1977 [2]). Relaxing "each demand is served once"
// with a multiplier lambda_u leaves
//   L(lambda) = sum_u lambda_u + min_{|S| = p} sum_{k in S} rho_k,
//   rho_k = sum_u min(0, w_u c(u,k) - lambda_u),
// a lower bound on the optimum for every lambda, solved by picking the p
// smallest rho (the open facilities forced in, the closed ones left out).
// Subgradient steps on lambda raise it. Each demand's weighted costs are kept
// sorted, so an iteration reads only the entries below lambda_u: the part of
// the cost matrix the relaxation can use, a few percent of it on geometric
// instances.
//
// [1] J.E. Beasley, "Lagrangean heuristics for location problems", EJOR 65 (1993).
// [2] G. Cornuejols, M.L. Fisher, G.L. Nemhauser, "Location of bank accounts to
//     optimize float", Management Science 23 (1977).
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "lib/siting/deadline.hpp"
#include "lib/siting/siting_problem.hpp"
#include "lib/siting/siting_result.hpp"

namespace gdist {

// Each demand's weighted costs w_u c(u,k), ascending, with their candidates.
// Past the memory limit the rows are truncated (issue 26): each keeps its
// `width` cheapest entries, and tail[u] is the cheapest it leaves out. A
// multiplier lambda_u <= tail[u] finds every entry below it in the kept
// prefix, so the relaxation evaluated on the truncated rows is exactly the
// one on the whole rows (MedianLagrangian caps lambda_u there).
struct SortedCosts {
  std::size_t nd = 0, m = 0;
  std::size_t width = 0;            // entries per row: m, or fewer when truncated
  std::vector<double> cost;         // nd x width, row u ascending
  std::vector<std::uint32_t> cand;  // same layout: the candidate of each entry
  // m x nd, candidate-major: rank[k * nd + u] = position of candidate k in
  // row u. With few open sites, "is u's cost to k below lambda_u" is then one
  // sequential read per (open site, demand) instead of a scan of u's prefix.
  // Empty for truncated rows (it would take m x nd entries).
  std::vector<std::uint32_t> rank;
  // Truncated rows only: per row, the least cost it leaves out; and any
  // entry's cost as the rows would hold it (row u, candidate k), read from
  // the problem for the sites a row does not list.
  std::vector<double> tail;
  std::function<double(std::size_t, std::uint32_t)> entry_cost;
  bool integral = true;  // every weighted cost is an integer: objectives are integers
  // Taken out of every row (BuildSortedCosts' take_out_row_minima): each row
  // holds its costs minus its smallest, and every solution pays the sum of
  // those smallest, this constant, besides. ProveMedian adds it back.
  double constant = 0;
  bool truncated() const { return width < m; }
  const double* row_cost(std::size_t u) const { return cost.data() + u * width; }
  const std::uint32_t* row_cand(std::size_t u) const { return cand.data() + u * width; }

  // nd x width entries (width = m: whole rows), to be filled row by row.
  static SortedCosts Sized(std::size_t nd, std::size_t m, std::size_t width);
  static SortedCosts Sized(std::size_t nd, std::size_t m) { return Sized(nd, m, m); }
  // Row u from at least `width` (weighted cost, candidate) pairs, ascending;
  // truncated rows need one more: the first left out, their tail.
  void SetRow(std::size_t u, const std::vector<std::pair<double, std::uint32_t>>& ascending);
};

// Largest nd x m the bound accepts (16 bytes an entry: 537 MB).
inline constexpr std::size_t kMaxSortedCostEntries = std::size_t{1} << 25;
// Truncated rows keep no ranks (12 bytes an entry): as many bytes hold this many entries.
inline constexpr std::size_t kMaxTruncatedEntries = kMaxSortedCostEntries / 3 * 4;
// Fewer kept entries per row than this and the bound would be capped too low to prove anything.
inline constexpr std::size_t kMinTruncatedWidth = 8;

// An unreachable pair costs `penalty` (as in the heuristic). nullopt when
// nd x m exceeds max_entries, unless `truncate`: then each row keeps its
// max_entries * 4/3 / nd cheapest entries (the same bytes without the ranks;
// nullopt below kMinTruncatedWidth). With take_out_row_minima and whole weighted
// costs (their minima summing below 2^53), each row's smallest cost goes to
// `constant`: the proof's sums then hold only what the choice of sites
// changes, so a large common part of the costs (every cost + 10^12) no longer
// inflates the rounding slack past one unit (issue 26). Truncated rows read
// the problem later (entry_cost): it must outlive them.
template <class T> std::optional<SortedCosts> BuildSortedCosts(const SitingProblem<T>& prob, double penalty,
                                                               std::size_t max_entries = kMaxSortedCostEntries,
                                                               bool take_out_row_minima = false, bool truncate = false);

// The same rows without the candidates not in `keep` (ascending): entry
// candidates renumbered to their position in `keep`. Truncated rows are
// built again from their entry_cost over the kept candidates: whole when
// nd x keep.size() fits kMaxSortedCostEntries, else truncated again. With
// `row_of`, whole rows that then list their candidates in the same order
// merge into one row holding the sum of their costs: every open set serves
// them from the same site, so each solution's cost is unchanged (MCLP's 0/1
// rows with the same covering sites among the kept candidates). row_of
// receives each old row's new row (truncated rows never merge).
SortedCosts KeepCandidates(const SortedCosts& costs, const std::vector<std::uint32_t>& keep,
                           std::vector<std::uint32_t>* row_of = nullptr, int threads = 1);

// Candidate states in a branch-and-bound node.
enum class FacilityState : std::int8_t { kFree = 0, kOpen = 1, kClosed = -1 };

// One Lagrangian evaluation: its bound, rho, and which candidates it opens.
struct LagrangianPoint {
  double bound = 0;
  std::vector<double> rho;
  std::vector<std::uint32_t> chosen;          // the open set of the relaxation (num_open candidates)
  std::vector<std::uint32_t> below;           // sorted rows: per demand, how many of its costs are below lambda_u
  double rho_last_in = 0, rho_first_out = 0;  // largest chosen free rho, smallest unchosen free rho
  // Per candidate, how often the relaxations of a subgradient run opened it,
  // later iterations weighing more (RunSubgradient fills it): the averaged
  // relaxed solutions approach the LP's y (Sherali & Choi 1996), so a share
  // near 1/2 marks a candidate the LP opens fractionally.
  std::vector<double> open_share;
};

// What a subgradient run needs of a relaxation. RunSubgradient holds the step
// logic once; each implementation evaluates L on its own layout of the costs:
// MedianLagrangian on sorted rows (only the prefixes below lambda), the dense
// passes (lagrangian_dense.hpp, lagrangian_device.hpp) on every entry of the
// demand x candidate matrix, on the CPU or the GPU.
class LagrangianPass {
 public:
  virtual ~LagrangianPass() = default;
  virtual std::size_t num_demands() const = 0;
  virtual std::size_t num_candidates() const = 0;
  virtual std::size_t num_open() const = 0;
  // L(lambda) under `state`; fills *point. Returns false when the state is
  // infeasible (more forced open than num_open, or too few left).
  virtual bool Evaluate(const std::vector<FacilityState>& state, const std::vector<double>& lambda,
                        LagrangianPoint* point) const = 0;
  // Whether Update and UpdateSubgradient may update (else RunSubgradient
  // evaluates afresh each step and keeps no record of the changes).
  virtual bool Updates() const { return false; }
  // The same from *point, evaluated at `before` under the same state, where
  // only the demands in `changed` have new multipliers. A pass may update
  // the sums of those demands alone (the sums then round differently:
  // RunSubgradient evaluates its best point afresh); this one evaluates anew.
  virtual bool Update(const std::vector<FacilityState>& state, const std::vector<double>& lambda,
                      const std::vector<double>& /*before*/, const std::vector<std::uint32_t>& /*changed*/,
                      LagrangianPoint* point) const {
    return Evaluate(state, lambda, point);
  }
  // Subgradient of L at `lambda` for the point's chosen set, right after the
  // Evaluate that filled the point at the same (unchanged) multipliers:
  // g_u = 1 - #{k chosen: w c(u,k) < lambda_u}.
  virtual void Subgradient(const std::vector<double>& lambda, const LagrangianPoint& point,
                           std::vector<double>* g) const = 0;
  // The same when *g is the subgradient of the last point, whose open set
  // was `before_chosen` (ascending), and only the demands in `changed` have
  // new multipliers since.
  virtual void UpdateSubgradient(const std::vector<double>& lambda, const LagrangianPoint& point,
                                 const std::vector<std::uint32_t>& /*before_chosen*/,
                                 const std::vector<std::uint32_t>& /*changed*/, std::vector<double>* g) const {
    Subgradient(lambda, point, g);
  }
  // Each demand's weighted cost to its nearest site of `sites` (not empty).
  virtual std::vector<double> NearestCosts(const std::vector<std::uint32_t>& sites) const = 0;
  // The largest multiplier a step may set for each demand under `state`.
  virtual std::vector<double> Caps(const std::vector<FacilityState>& state) const = 0;
  // sum_u min_{k in sites} w_u c(u,k), added in demand order.
  double Objective(const std::vector<std::uint32_t>& sites) const;
};

// The rest of an evaluation once rho (point->rho) is known: the forced-open
// candidates and the p - open smallest free rho (ties to the smaller index)
// form the chosen set; bound = sum_lambda + their rho. false: infeasible state.
bool ChooseOpenSet(const std::vector<FacilityState>& state, std::size_t num_open, double sum_lambda,
                   LagrangianPoint* point);

// The rank of a row's cost that caps its multiplier (MedianLagrangian::Cap).
inline std::size_t CapRank(std::size_t m, std::size_t num_open) {
  return std::min(m - 1, std::max<std::size_t>(64, 6 * m / std::max<std::size_t>(num_open, 1)));
}

class MedianLagrangian : public LagrangianPass {
 public:
  MedianLagrangian(const SortedCosts& costs, std::size_t num_open, int threads);

  std::size_t num_demands() const override { return c_.nd; }
  std::size_t num_candidates() const override { return c_.m; }
  std::size_t num_open() const override { return p_; }
  bool Evaluate(const std::vector<FacilityState>& state, const std::vector<double>& lambda,
                LagrangianPoint* point) const override;
  // Truncated rows (large by construction): only the changed demands'
  // prefixes, once few change (late in a run most demands are served once
  // and keep their multipliers). Whole rows evaluate anew: their sums stay
  // the dense passes' to the bit (lagrangian_dense.hpp).
  bool Updates() const override { return c_.truncated(); }
  bool Update(const std::vector<FacilityState>& state, const std::vector<double>& lambda,
              const std::vector<double>& before, const std::vector<std::uint32_t>& changed,
              LagrangianPoint* point) const override;
  // Reads point.below (the prefix lengths Evaluate found), not lambda.
  void Subgradient(const std::vector<double>& lambda, const LagrangianPoint& point,
                   std::vector<double>* g) const override;
  void UpdateSubgradient(const std::vector<double>& lambda, const LagrangianPoint& point,
                         const std::vector<std::uint32_t>& before_chosen, const std::vector<std::uint32_t>& changed,
                         std::vector<double>* g) const override;
  std::vector<double> NearestCosts(const std::vector<std::uint32_t>& sites) const override;

  // Largest multiplier a subgradient step sets for demand u: its row's cost
  // at a fixed rank (CapRank), or its first cost above the cheapest when the
  // row's first CapRank costs are equal (0/1 costs: MCLP).
  double Cap(std::size_t u) const { return cap_[u]; }
  // The caps under `state`: no larger than the cost to the nearest site forced
  // open. A multiplier above that never raises the bound (lowering it to
  // there loses as much in sum lambda as the open site's rho gains), and the
  // prefixes to scan end there.
  std::vector<double> Caps(const std::vector<FacilityState>& state) const override;

  const SortedCosts& costs() const { return c_; }

 private:
  const SortedCosts& c_;
  std::size_t p_;
  int threads_;
  std::vector<double> cap_;
};

struct SubgradientOptions {
  std::size_t max_iterations = 1000;
  double start_step = 2.0;  // Beasley's f: halved after `patience` iterations without a better bound
  std::size_t patience = 30;
  double min_step = 0.005;
  double deadline_s = 0;        // SteadySeconds() to stop at; 0: none
  std::size_t price_every = 5;  // price the relaxation's open set as a solution every this many iterations
  // Each iteration as a "lower bound" phase whose fraction is the larger of
  // the iterations used and the step halvings left before min_step; empty: none.
  SitingProgressFn progress;
};

// Raises L from `*lambda` (updated to the best multipliers found) towards
// `*upper`; stops once L reaches `prune_at` (no better solution below). Each
// relaxation's open set is priced as a solution: when cheaper than *upper,
// *upper and *incumbent take it. Returns the best point.
LagrangianPoint RunSubgradient(const LagrangianPass& lag, const std::vector<FacilityState>& state,
                               std::vector<double>* lambda, double* upper, std::vector<std::uint32_t>* incumbent,
                               double prune_at, const SubgradientOptions& options);

// Starting multipliers: each demand's weighted cost to its nearest site of `sites`.
std::vector<double> StartMultipliers(const LagrangianPass& lag, const std::vector<std::uint32_t>& sites);

}  // namespace gdist
