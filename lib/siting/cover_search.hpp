// Decision version of the p-center / set-cover problem: can `p` sites (the
// fixed ones included) cover every demand at the radius the lists were built
// for? A local search with dynamic demand weights, after Pullan's vertex
// p-center local search [1] and the weighting schemes of set-cover local
// search [2]: while some demand is uncovered, pick one at random, open a
// candidate that covers it and close the site whose swap leaves the least
// uncovered weight, then raise the weight of every demand still uncovered so
// that the search cannot settle on a plateau. Short tabu (the site just
// closed may not reopen, the one just opened may not close, for `tenure`
// steps) keeps it from undoing its last move.
//
// [1] W. Pullan, "A memetic genetic algorithm for the vertex p-center
//     problem", Evolutionary Computation 16(3) (2008).
// [2] C. Gao, T. Weise, J. Li, "A weighting-based local search heuristic
//     algorithm for the set covering problem", IEEE CEC 2014.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/cover_lists.hpp"

namespace gdist {

struct CoverSearchOptions {
  std::size_t max_steps = 1000000;
  double time_limit_s = 0;  // wall-clock cap (--time-limit); 0: the steps and the work alone
  // The work of the steps, counted (each candidate weighed: the demands it
  // covers plus the open sites it could replace); 0: no limit. A count, not a
  // clock: the search stops at the same step on any machine and load.
  std::uint64_t max_work = 0;
  std::size_t tenure = 2;
  std::uint64_t seed = 1;
};

// `start`: candidate indices to begin from (fixed ones first, num_fixed of
// them); trimmed or greedily filled to p sites. On success returns true and
// the covering sites in *sites (fixed first).
bool CoverSearch(const CoverLists& lists, std::size_t p, std::size_t num_fixed, const std::vector<std::uint32_t>& start,
                 const CoverSearchOptions& options, std::vector<std::uint32_t>* sites);

// Greedy set cover (Chvatal 1979): repeatedly open the candidate covering the
// most uncovered demands. Returns the sites (fixed first), or an empty vector
// when some demand has no candidate within the radius.
std::vector<std::uint32_t> GreedyCover(const CoverLists& lists, const std::vector<std::uint32_t>& fixed);

}  // namespace gdist
