// What every siting model returns, and the knobs they share.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "lib/siting/siting_problem.hpp"
#include "lib/util/int128.hpp"

namespace gdist {

// What a long search reports now and then, from the solving thread (the apps
// draw it as a progress bar).
struct SitingProgress {
  const char* phase = "";  // "local search", "branch and bound"
  std::size_t steps = 0;   // rounds or nodes so far
  double fraction = -1;    // of the phase's budget (rounds, patience, time) used; < 0: unknown
  double best = 0;         // the best objective so far (branch and bound)
};
using SitingProgressFn = std::function<void(const SitingProgress&)>;

struct SitingOptions {
  // Prove the answer optimal (branch and bound, docs/SITING.md "Proofs"), or
  // within `gap`, or stop at `proof_time_limit_s` with the gap proven so far.
  bool exact = false;
  double gap = 0;                 // relative gap at which a proof may stop
  double proof_time_limit_s = 0;  // whole-model wall clock in exact mode; 0: none
  bool bounds = true;             // heuristic mode: also compute a lower bound
  std::uint64_t seed = 1;         // the heuristics' random choices are reproducible
  // --time-limit: a wall-clock cap on each model's improvement phase (and its
  // bound); 0, the default: no clock, the counts below alone stop each phase,
  // so that the same command gives the same answer on any machine and load.
  double time_limit_s = 0;
  std::size_t max_rounds = 5000;  // perturbation rounds of the iterated local search
  // Work of one local search (Interchange::work(): demand rows rescanned and
  // swap pairs weighed), about 2 s of a 2-core machine's search: the rounds
  // stop past it whatever the clock says (0: no limit).
  std::uint64_t search_work = 1'500'000'000;
  // Branch-and-bound nodes of CBC's integer programs in heuristic mode
  // (backup cover, capacitated p-median, facility location) when no clock is
  // given: its answer then depends on no timing.
  int mip_nodes = 20000;
  // Simplex iterations (CLP) of the LP bounds in heuristic mode: the p-center
  // bisection's LPs together, each covering model's one LP (0: no limit);
  // a few seconds on the 2000-vertex sample.
  int lp_iterations = 3500;
  // ... which stops after this many rounds without improvement; 0: 300 + 15 p
  // (few sites: rounds are costly and converge fast; many: cheap and needed).
  std::size_t patience = 0;

  std::size_t PatienceFor(std::size_t p) const { return patience ? patience : 300 + 15 * p; }
  // Seconds the improvement phase may run: --time-limit; with --exact and a
  // proof limit at most a quarter of it (the proof gets the rest). 0: no clock.
  double SearchSeconds() const {
    const double limit = exact ? proof_time_limit_s : 0;
    if (limit > 0) return time_limit_s > 0 ? std::min(time_limit_s, limit / 4) : limit / 4;
    return time_limit_s;
  }
  // A steady-clock deadline `seconds` after `from` (deadline.hpp), or 0 (none) without a clock.
  static double DeadlineAfter(double from, double seconds) { return seconds > 0 ? from + seconds : 0; }
  std::size_t cover_steps = 50000;         // steps of the covering local search per radius tried
  std::uint64_t cover_work = 100'000'000;  // ... and their work (CoverSearchOptions::max_work): ~0.4 s
  // p-median: the most demand x candidate pairs whose sorted rows the bound
  // and proof build (0: kMaxSortedCostEntries); past it the bound streams the
  // matrix (lagrangian_dense.hpp). Tests set it low to take that pass.
  std::size_t sorted_rows_limit = 0;
  // p-dispersion: the packing's local search per distance tried touches at
  // most this many times m^2 words and neighbours (m candidates: a few times
  // what building the graph costs); 0 leaves out the packing bisection, as
  // tests do to reach the answers only the exact search finds.
  std::size_t packing_effort = 8;
  SitingProgressFn progress;  // empty: none
};

struct SitingResult {
  std::vector<std::uint32_t> sites;  // candidate indices: the fixed sites first, then the new ones
  double objective = 0;              // the model's objective (docs/SITING.md)
  Assignment assignment;             // every demand's nearest site
  std::string method;                // which algorithm produced it, for the report
  double radius = -1;                // coverage radius of cover/max-cover; p-center: the objective
  // Proven bound on the optimum: a lower bound for the minimising models, an
  // upper bound for max-cover (bound_is_upper); NaN when none was computed.
  double bound = std::numeric_limits<double>::quiet_NaN();
  bool bound_is_upper = false;
  bool optimal = false;      // the bound meets the objective
  std::string bound_method;  // how the bound was proven, for the report
  // Whole-number costs and weights: the objective and the bound exactly, in
  // the input's costs (a double rounds them past 2^53; whole_objective.hpp),
  // in 128 bits: a sum of int64 costs times weights passes int64.
  std::optional<Int128> whole_objective, whole_bound;
  bool capacitated = false;  // p-median with capacities: the assignment is the program's
  // Backup cover without --p: P was the set cover's minimum at the radius;
  // whether that minimum is proven (--exact) or the heuristic's count.
  std::optional<bool> cover_minimum_proven;

  bool has_bound() const { return !std::isnan(bound); }
  // Objective and bound closer than their sums' rounding (1e-9 relative: each
  // is a sum of products in doubles, summed in another order) are one number.
  static bool Meet(double objective, double bound) {
    return std::fabs(bound - objective) <= 1e-9 * (std::fabs(objective) + 1);
  }
  // Relative distance between objective and bound: 0 when they meet, so a
  // proven optimum never reports rounding noise (2.5e-14) as its gap.
  double gap() const {
    if (!has_bound()) return std::numeric_limits<double>::quiet_NaN();
    const double d = bound_is_upper ? bound - objective : objective - bound;
    if (d <= 0 || Meet(objective, bound)) return 0;
    return objective != 0 ? d / std::fabs(objective) : std::numeric_limits<double>::infinity();
  }
  // Records a bound; optimal when it meets the objective. A bound on the
  // wrong side of the objective is kept as it is: a bug to see.
  void SetBound(double b, const std::string& how) {
    bound = b;
    bound_method = how;
    optimal = Meet(objective, bound);
  }
};

}  // namespace gdist
