// Covering models as linear and integer programs, solved by COIN-OR CLP (the
// LP relaxations: bounds) and CBC (branch and cut: proofs), the Debian
// packages coinor-libclp-dev / coinor-libcbc-dev (docs/SITING.md says why).
// Built from the cover lists of one radius; demands with the same candidate
// set become one row (weights summed), demands a fixed site covers drop out.
//
//   min-cover (LSCP, the p-center decision): min sum_k y_k
//       s.t. sum_{k covers u} y_k >= 1 for every demand, y_k in {0,1}, fixed y_k = 1
//   max-cover (MCLP): max sum_u w_u z_u
//       s.t. z_u <= sum_{k covers u} y_k, sum_k y_k = p + #fixed, z_u in [0,1], y_k in {0,1}
//   backup cover (LSCP-B): below
//
// Without the COIN-OR libraries (GDIST_HAVE_CBC unset) every call answers
// kUnavailable and the models report no bound.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lib/siting/cover_lists.hpp"

namespace gdist {

struct MipAnswer {
  enum class Status {
    kOptimal,      // `objective` is the optimum (of the LP, or of the integer program)
    kInfeasible,   // no solution (below the cutoff, when one was given)
    kStopped,      // time limit: `bound` holds, `sites` is the best found (maybe none)
    kUnavailable,  // built without COIN-OR
  };
  Status status = Status::kUnavailable;
  double objective = 0;                 // of `sites` (integer programs) or of the LP
  double bound = 0;                     // proven: lower for min-cover, upper for max-cover
  int iterations = 0;                   // simplex iterations an LP relaxation took (CLP)
  std::vector<std::uint32_t> sites;     // candidate indices, fixed ones included
  std::vector<std::uint32_t> assigned;  // capacitated p-median: each demand's site (candidate index)
  // The deadline stopped CBC inside an LP (MipOptions::deadline): `sites` is
  // still a solution, but neither `bound` nor an infeasibility holds.
  bool interrupted = false;
};

bool HaveMipSolver();
// Refuses (Error, with the reason) a program whose largest objective
// coefficient CLP cannot solve reliably (1e20 or more).
void RequireMipObjectiveScale(double largest_coefficient);
std::string MipSolverName();  // "COIN-OR CBC 2.10.8"; "" when not built

struct MipOptions {
  bool relax = false;       // the LP relaxation only
  double time_limit_s = 0;  // 0: none
  int max_nodes = 0;        // branch-and-bound nodes (CBC); 0: none
  int max_iterations = 0;   // simplex iterations of an LP relaxation (CLP); 0: none
  // min-cover: only solutions with fewer than this many sites (<= 0: any);
  // the search stops at the first such one when first_solution is set.
  double cutoff = 0;
  bool first_solution = false;
  const std::vector<std::uint32_t>* start = nullptr;  // a known solution (candidate indices)
  // Steady-clock seconds (deadline.hpp) by which CBC returns, checked inside
  // its LPs too (CBC's own time limit is read between nodes only, and one
  // root of a large assignment program outlasted it 3x); 0: none.
  // Assignment programs and backup cover.
  double deadline = 0;
};

MipAnswer SolveMinCoverMip(const CoverLists& lists, const std::vector<std::uint32_t>& fixed, const MipOptions& options);

MipAnswer SolveMaxCoverMip(const CoverLists& lists, const std::vector<double>& weights,
                           const std::vector<std::uint32_t>& fixed, std::size_t p, const MipOptions& options);

// Serving each demand whole from one open site (x_uk, y_k binary; fixed y_k = 1):
//   min sum_k f_k y_k + sum w_u c_uk x_uk  s.t. sum_k x_uk = 1 for every u,
//   capacitated: sum_u w_u x_uk <= Q_k y_k; and x_uk <= y_k always;
//   with max_sites: sum_k y_k = max_sites (with no opening costs a site
//   more never costs more; the equality gives CBC a tighter program).
// The single-source capacitated p-median (no f, max_sites = p + #fixed) and
// fixed-charge facility location (f, capacitated or not). A pair k cannot
// serve (c = +inf, or w_u > Q_k) has no column. kInfeasible: no open sites
// serve every demand. `assigned`: each demand's site.
struct AssignmentProgram {
  std::size_t nd = 0, m = 0;
  std::vector<double> cost;                     // nd x m, demand-major
  std::vector<double> weights;                  // per demand: its load and its cost's multiplier
  std::optional<std::vector<double>> capacity;  // per candidate; unset: uncapacitated
  std::optional<std::vector<double>> opening;   // per candidate; unset: free
  std::optional<std::size_t> max_sites;         // open sites in all, fixed included
  std::vector<std::uint32_t> fixed;
  std::optional<std::vector<char>> closed;  // per candidate: y_k = 0 (a reduced program)
  std::optional<double> cutoff;             // only solutions of objective at most this
};
MipAnswer SolveAssignmentMip(const AssignmentProgram& program, const MipOptions& options);

// LSCP-B, backup coverage (Hogan & ReVelle 1986): at most p new sites cover
// every demand at least once and maximise the weight covered at least twice:
//   max sum_u w_u z_u  s.t. sum_{k covers u} y_k - z_u >= 1 for every demand,
//   sum_k y_k <= p + #fixed, y_k in {0,1} (fixed: 1), z_u in [0,1].
// kInfeasible: no p new sites cover every demand. `sites`: fixed first, padded to p new ones.
MipAnswer SolveBackupCoverMip(const CoverLists& lists, const std::vector<double>& weights,
                              const std::vector<std::uint32_t>& fixed, std::size_t p, const MipOptions& options);

}  // namespace gdist
