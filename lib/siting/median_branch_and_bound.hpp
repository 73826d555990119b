// Proving a p-median answer: Lagrangian branch and bound (Beasley 1993).
// Each node raises the Lagrangian bound (lagrangian_bound.hpp) by subgradient
// steps warm-started from its parent's multipliers, then fixes candidates by
// reduced cost: an unopened candidate k whose opening would cost the bound
// rho_k - (largest chosen rho) more than the incumbent allows is closed, and
// a chosen k whose closing would lift the bound past the incumbent is forced
// open. The candidates the root closes leave the rows its later reduction
// rounds and the tree read, and rows that then order their candidates alike
// merge into one (their costs summed: MCLP's 0/1 rows). A node
// branches on the free candidate its relaxations open most fractionally
// (averaged open share nearest 1/2; the LP's most fractional y), the side
// they lean to first, depth first; sub-trees near the root are tasks for the
// other threads. The heuristic's solution is the first incumbent; each
// relaxation's open set is priced as a solution too.
#pragma once
#include <cstdint>
#include <limits>
#include <vector>

#include "lib/siting/lagrangian_bound.hpp"
#include "lib/siting/siting_result.hpp"

namespace gdist {

struct MedianProofOptions {
  bool branch = true;     // false: the root bound only
  double gap = 0;         // stop once the proven relative gap is at most this
  double deadline_s = 0;  // SteadySeconds() to stop at; 0: none
  std::size_t root_iterations = 3000;
  std::size_t node_iterations = 120;
  SitingProgressFn progress;  // at each node; empty: none
  // Root multipliers at their caps instead of the incumbent's costs: with 0/1
  // costs (MCLP) the incumbent's are 0 for every covered demand, far from the dual.
  bool start_at_caps = false;
  // Below the root, trees whose nodes read fewer (row, candidate) entries
  // than this run on one thread (a node is then cheaper than a task hand-over).
  std::size_t parallel_node_reads = std::size_t{1} << 21;
  // Only solutions costing less than this matter (a decision: "is there one
  // below c?"): every node whose bound shows its solutions cost at least c is
  // pruned, the reduction tests fix against c, and the search stops at the
  // first solution below it. The costs' constant counts. Infinity: none.
  double cutoff = std::numeric_limits<double>::infinity();
};

struct MedianProof {
  double lower_bound = 0;            // no solution costs less (weighted cost units)
  double upper = 0;                  // cost of `sites`
  std::vector<std::uint32_t> sites;  // the best solution seen (fixed sites first)
  double root_bound = 0;             // the root's Lagrangian bound (rounded up with integer costs)
  bool complete = false;             // the search finished (not stopped by the deadline)
  std::size_t nodes = 0;
};

// `fixed`: candidates that are always open; p_total counts them too.
// `incumbent` (p_total sites, fixed first) and its cost start the search.
MedianProof ProveMedian(const SortedCosts& costs, const std::vector<std::uint32_t>& fixed, std::size_t p_total,
                        const std::vector<std::uint32_t>& incumbent, const MedianProofOptions& options, int threads);

// The root's bound only, on any Lagrangian pass (the dense ones when the
// sorted rows do not fit): subgradient steps from the incumbent's costs,
// each relaxation's open set priced as a solution. `integral`: every weighted
// cost is an integer, so the bound rounds up. `incumbent` holds the fixed
// sites too; the returned sites are the best seen (fixed ones first).
MedianProof BoundMedianRoot(const LagrangianPass& pass, bool integral, const std::vector<std::uint32_t>& fixed,
                            const std::vector<std::uint32_t>& incumbent, const MedianProofOptions& options);

}  // namespace gdist
