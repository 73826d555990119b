// Greedy construction for p-median-type objectives: open, one at a time, the
// candidate that lowers sum_u w_u min_{s in S} c(u,s) the most (Kuehn &
// Hamburger 1963). The reduction is submodular in S, so a candidate's gain
// only shrinks as S grows and stale gains are upper bounds: the lazy
// ("accelerated") greedy of Minoux (1978) re-evaluates only the top of a
// priority queue. One full matrix pass, then O(n) per re-evaluation.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/siting_problem.hpp"

namespace gdist {

// Returns the fixed sites followed by `p` new candidate indices.
template <class T, class Model>
std::vector<std::uint32_t> GreedyAdd(const SitingProblem<T>& prob, Model model, std::size_t p);

}  // namespace gdist
