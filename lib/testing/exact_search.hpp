// Exhaustive search over every set of p new sites, for instances small enough
// to enumerate (--exact). The recursion keeps each demand's best cost so far
// per depth, so a leaf costs O(n) instead of O(n p). It is the reference the
// heuristics are tested against and a proof of optimality for small inputs.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/siting_problem.hpp"

namespace gdist {

enum class ExactObjective {
  kWeightedSum,    // p-median: min sum_u w_u d(u, S)
  kMaxDistance,    // p-center: min max_u d(u, S)
  kCoveredWeight,  // MCLP: max sum of w_u with d(u, S) <= radius
};

struct ExactAnswer {
  std::vector<std::uint32_t> sites;  // fixed first, then the chosen ones
  double objective = 0;
};

// Largest number of leaves times demands the exact mode accepts.
inline constexpr double kExactWorkLimit = 4e9;

// Throws gdist::Error when the enumeration would exceed kExactWorkLimit.
template <class T>
ExactAnswer ExactSearch(const SitingProblem<T>& prob, std::size_t p, ExactObjective objective, double radius = 0);

// Number of p-subsets of m items as a double (saturates, never overflows).
double Binomial(std::size_t m, std::size_t p);

}  // namespace gdist
