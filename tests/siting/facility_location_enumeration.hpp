// The tests' brute force for fixed-charge location: the objective of one set
// of open candidates (a bit mask over at most 32), each demand at its
// cheapest open one; inf when some demand reaches none of them.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "lib/siting/covering_mip.hpp"

namespace gdist::test {

inline double OpenSetObjective(const AssignmentProgram& p, std::uint32_t mask) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double total = 0;
  for (std::size_t k = 0; k < p.m; ++k)
    if (mask >> k & 1) total += (*p.opening)[k];
  for (std::size_t u = 0; u < p.nd; ++u) {
    double best = kInf;
    for (std::size_t k = 0; k < p.m; ++k)
      if (mask >> k & 1) best = std::min(best, p.cost[u * p.m + k]);
    total += std::isfinite(best) ? p.weights[u] * best : kInf;
  }
  return total;
}

}  // namespace gdist::test
