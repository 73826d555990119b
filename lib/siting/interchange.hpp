// Swap-based local search for p-median-type objectives: the "fast
// interchange" of Resende & Werneck [1], an accelerated form of Teitz & Bart's
// vertex substitution [2] and Whitaker's fast interchange [3].
//
// For a solution S it keeps, per demand u, the nearest and second-nearest open
// site (phi1, phi2) and their costs d1, d2, and three aggregates:
//   gain[f]     = sum_u w_u max(0, d1(u) - c(u,f))               (opening f)
//   loss[r]     = sum_{u: phi1(u)=r} w_u (d2(u) - d1(u))          (closing r)
//   extra[r][f] = sum_{u: phi1(u)=r, c(u,f)<d2(u)} w_u (d2(u) - max(c(u,f), d1(u)))
// so the profit of swapping r out and f in is gain[f] - loss[r] + extra[r][f],
// and the best swap is an O(p m) scan. After a swap only the demands whose
// (phi1, d1, d2) changed are re-scanned: a fraction ~3/p of the matrix per move
// instead of all of it. The per-demand state lives here, on the host; gain,
// extra and the scans over matrix rows live in a GainTable (gain_table.hpp),
// on the CPU or on the GPU.
//
// [1] M.G.C. Resende, R.F. Werneck, "A fast swap-based local search procedure
//     for location problems", Annals of Operations Research 150 (2007); AT&T TR 2003.
// [2] M.B. Teitz, P. Bart, "Heuristic methods for estimating the generalized
//     vertex median of a weighted graph", Operations Research 16 (1968).
// [3] R.A. Whitaker, "A fast algorithm for the greedy interchange for
//     large-scale clustering and median location problems", INFOR 21 (1983).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "lib/siting/gain_table.hpp"
#include "lib/siting/siting_problem.hpp"
#include "lib/siting/siting_result.hpp"

namespace gdist {

template <class T, class Model> class Interchange {
 public:
  // sites: candidate indices; the first num_fixed never leave the solution.
  Interchange(const SitingProblem<T>& prob, Model model, const std::vector<std::uint32_t>& sites,
              std::size_t num_fixed);

  // Rebuilds every structure for a new solution (one pass over the matrix).
  void Reset(const std::vector<std::uint32_t>& sites);
  // Applies the best improving swap; false at a local optimum.
  bool ImproveOnce();
  // Swaps until no swap improves. Returns the number of swaps made.
  std::size_t LocalSearch();
  // Replaces the site in `slot` (>= num_fixed) by candidate `cand` (not open).
  void Swap(std::size_t slot, std::uint32_t cand);

  double objective() const { return objective_; }  // sum_u w_u d1(u), in model costs
  // The least change of objective() that is not rounding: 0.5 when model
  // costs and weights are whole and their sums exact (any saving is >= 1),
  // else the worst rounding of a sum of num_demands terms.
  double SavingTolerance() const;
  const std::vector<std::uint32_t>& sites() const { return sites_; }
  std::size_t num_fixed() const { return num_fixed_; }
  bool is_open(std::uint32_t cand) const { return slot_of_[cand] >= 0; }
  // The work done so far, counted, not timed: demand x candidate terms
  // rescanned plus swap pairs weighed. The search's budget (max_work) in it
  // stops at the same round on any machine, load or thread count.
  std::uint64_t work() const { return work_; }

 private:
  struct UserState {
    std::uint32_t phi1, phi2;
    double d1, d2;
  };
  void NearestTwo(std::size_t u, UserState* s) const;
  // Replaces the table terms of `users` (their states before: `old_states`,
  // when given) by those of their current states.
  void Rescan(const std::vector<std::uint32_t>& users, const std::vector<UserState>* old_states);
  double ComputeObjective() const;

  const SitingProblem<T>& prob_;
  Model model_;
  std::size_t num_fixed_, p_, m_, nd_;
  std::vector<std::uint32_t> sites_;
  std::vector<std::int32_t> slot_of_;
  std::vector<UserState> state_;
  std::vector<double> loss_;
  std::unique_ptr<GainTable> table_;  // gain and extra (see above)
  std::vector<T> column_;             // scratch: one facility column
  std::vector<UserChange> changes_;   // scratch: one Rescan's batch
  double objective_ = 0;
  std::uint64_t work_ = 0;
  bool whole_ = false;  // whole model costs and weights, sums below 2^52: exact arithmetic
};

struct SwapSearchOptions {
  std::size_t max_rounds = 0;  // perturbation rounds after the first local optimum
  std::size_t patience = 0;    // stop after this many rounds without improvement (0: no limit)
  double time_limit_s = 0;     // wall-clock bound on the rounds (0: none; --time-limit only)
  std::uint64_t max_work = 0;  // Interchange::work() past which no round starts (0: none)
  std::uint64_t seed = 1;
  double stop_at = -1;        // stop once the objective is <= this (e.g. 0 uncovered)
  std::size_t max_kicks = 8;  // largest perturbation, in random swaps
  SitingProgressFn progress;  // after each round; empty: none
};

// The models' shared search settings for p new sites, from the user's options.
inline SwapSearchOptions SwapOptionsFor(const SitingOptions& options, std::size_t p, double time_limit_s) {
  SwapSearchOptions so;
  so.max_rounds = options.max_rounds;
  so.patience = options.PatienceFor(p);
  so.time_limit_s = time_limit_s;
  so.max_work = options.search_work;
  so.seed = options.seed;
  so.progress = options.progress;
  return so;
}

// Local search from `sites`, then iterated local search (Lourenco, Martin &
// Stuetzle 2003) with the growing shakes of variable neighbourhood search
// (Hansen & Mladenovic 1997): perturb by k random swaps, descend again, keep
// the best; k grows after a failure and falls back to 1 after a success.
template <class T, class Model>
std::vector<std::uint32_t> SwapSearch(const SitingProblem<T>& prob, Model model, std::vector<std::uint32_t> sites,
                                      std::size_t num_fixed, const SwapSearchOptions& options,
                                      double* best_objective = nullptr);

}  // namespace gdist
