// Greedy construction for p-median-type objectives: open, one at a time, the
// candidate that lowers sum_u w_u min_{s in S} c(u,s) the most (Kuehn &
// Hamburger 1963). Every candidate's gain is kept exact and updated
// incrementally, the way Whitaker [1] does for the interchange: opening a site
// changes only the demands it now serves best, and only their rows are
// re-read. A demand changes hands about H(p) = 1 + 1/2 + ... + 1/p times, so
// the whole construction costs a few matrix passes. (A lazy priority queue,
// Minoux 1978, re-evaluated ~1000 candidates per round on geometric instances
// and was slower.)
//
// [1] R.A. Whitaker, "A fast algorithm for the greedy interchange for
//     large-scale clustering and median location problems", INFOR 21 (1983).
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/siting_problem.hpp"

namespace gdist {

// Returns the fixed sites followed by `p` new candidate indices.
template <class T, class Model>
std::vector<std::uint32_t> GreedyAdd(const SitingProblem<T>& prob, Model model, std::size_t p);

}  // namespace gdist
