// The fixed-charge location program's Lagrangian bound
// (facility_location_bound.hpp) against the optimum by enumeration of every
// set of open sites on small random instances, fixed sites and unreachable
// pairs included: never above the optimum, at least the bound of each demand
// at its cheapest candidate, and tight on most.
#include "lib/siting/facility_location_bound.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "tests/siting/facility_location_enumeration.hpp"

namespace gdist {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

using test::OpenSetObjective;

TEST(FacilityLocationBound, StartAboveAndBoundBelowTheEnumeratedOptimum) {
  std::mt19937_64 rng(2026);
  int tight = 0;
  for (int trial = 0; trial < 200; ++trial) {
    AssignmentProgram p;
    p.nd = 3 + rng() % 10;
    p.m = 2 + rng() % 9;
    p.cost.resize(p.nd * p.m);
    for (double& c : p.cost) c = rng() % 8 == 0 ? kInf : static_cast<double>(rng() % 100);
    for (std::size_t u = 0; u < p.nd; ++u) p.cost[u * p.m + rng() % p.m] = static_cast<double>(rng() % 100);
    p.weights.resize(p.nd);
    for (double& w : p.weights) w = static_cast<double>(1 + rng() % 5);
    p.opening = std::vector<double>(p.m);
    for (double& f : *p.opening) f = static_cast<double>(rng() % 300);
    std::uint32_t fixed_mask = 0;
    if (trial % 3 == 0) {
      p.fixed = {static_cast<std::uint32_t>(rng() % p.m)};
      fixed_mask = 1u << p.fixed[0];
    }
    SCOPED_TRACE("trial " + std::to_string(trial));
    double optimum = kInf;
    for (std::uint32_t mask = 1; mask < (1u << p.m); ++mask)
      if ((mask & fixed_mask) == fixed_mask) optimum = std::min(optimum, OpenSetObjective(p, mask));
    ASSERT_TRUE(std::isfinite(optimum));
    const FacilityLocationBound cheapest = FacilityLocationLagrangianBound(p, kInf, 1, 0);
    const FacilityLocationBound b =
        FacilityLocationLagrangianBound(p, optimum, 300, 0);  // the steps aim at the optimum
    EXPECT_LE(b.bound, optimum + 1e-9 * optimum);
    EXPECT_GE(b.bound, cheapest.bound);
    if (b.bound >= optimum - 1e-6) ++tight;
  }
  EXPECT_GT(tight, 100) << "the ascent closes few gaps";  // a bound that never rises would still pass above
}

}  // namespace
}  // namespace gdist
