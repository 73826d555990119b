// The uncapacitated fixed-charge location program's own solver
// (facility_location_dual.hpp, facility_location_branch.hpp) against the
// optimum by enumeration of every set of open sites on small random
// instances (fresh seeds: GDIST_SEED replays), fixed sites, unreachable pairs,
// equal and fractional costs included: the dual ascent stays dual feasible
// and below the optimum, the adjustment never lowers it, and the branch and
// bound's answer is the optimum with its bound equal to it. On medium random
// geometric ones it equals CBC's optimum (skipped without CBC); past its
// deadline it returns a solution and a bound between which the optimum lies.
#include "lib/siting/facility_location_branch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "lib/siting/deadline.hpp"
#include "lib/siting/facility_location_dual.hpp"
#include "tests/siting/facility_location_enumeration.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

using test::OpenSetObjective;

// nd demands, m candidates; `levels`: the costs' range (small: many equal costs); fractional: costs / 8.
AssignmentProgram RandomProgram(std::mt19937_64& rng, std::size_t nd, std::size_t m, unsigned levels, bool fractional,
                                bool reach_all) {
  AssignmentProgram p;
  p.nd = nd;
  p.m = m;
  p.cost.resize(nd * m);
  const double scale = fractional ? 0.125 : 1;
  for (double& c : p.cost) c = rng() % 6 == 0 ? kInf : scale * static_cast<double>(rng() % levels);
  for (std::size_t u = 0; u < nd; ++u) p.cost[u * m + rng() % m] = scale * static_cast<double>(rng() % levels);
  if (!reach_all) std::fill_n(&p.cost[(rng() % nd) * m], m, kInf);  // a demand no candidate reaches
  p.weights.resize(nd);
  for (double& w : p.weights) w = static_cast<double>(rng() % 6);  // 0 too
  p.opening = std::vector<double>(m);
  for (double& f : *p.opening) f = static_cast<double>(rng() % (rng() % 2 ? 30 : 300));
  if (rng() % 3 == 0) p.fixed = {static_cast<std::uint32_t>(rng() % m)};
  if (rng() % 5 == 0 && m > 1) {
    const auto k = static_cast<std::uint32_t>(rng() % m);
    if (std::find(p.fixed.begin(), p.fixed.end(), k) == p.fixed.end()) p.fixed.push_back(k);
  }
  return p;
}

TEST(FacilityLocationBranch, DualAscentAndBranchMatchEnumeration) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937_64 rng(seed);
  int solved = 0, infeasible = 0, gaps = 0, branched = 0;
  // 400 trials, and on until one needed branching (about 1 seed in 14 had none by 400).
  for (int trial = 0; trial < 400 || ((gaps == 0 || branched == 0) && trial < 4000); ++trial) {
    const bool fractional = trial % 4 == 3;
    const AssignmentProgram p =
        RandomProgram(rng, 2 + rng() % 12, 1 + rng() % 11, trial % 2 ? 6 : 100, fractional, trial % 10 != 0);
    SCOPED_TRACE("trial " + std::to_string(trial));
    std::uint32_t fixed_mask = 0;
    for (std::uint32_t k : p.fixed) fixed_mask |= 1u << k;
    double optimum = kInf;
    for (std::uint32_t mask = 1; mask < (1u << p.m); ++mask)
      if ((mask & fixed_mask) == fixed_mask) optimum = std::min(optimum, OpenSetObjective(p, mask));
    const FacilityCosts c = FacilityCostsOf(p);
    EXPECT_EQ(c.whole, !fractional || std::all_of(c.g.begin(), c.g.end(),
                                                  [](double g) { return !std::isfinite(g) || g == std::floor(g); }));
    const FacilityDual plain = FacilityDualAscent(c, {}, 0);
    const FacilityDual adjusted = FacilityDualAscent(c, {}, 8);
    const FacilityBranchResult b = SolveFacilityBranch(c, {}, 0);
    EXPECT_TRUE(b.finished);
    if (!std::isfinite(optimum)) {
      ++infeasible;
      EXPECT_FALSE(plain.feasible);
      EXPECT_TRUE(b.open.empty());
      continue;
    }
    ++solved;
    const double tol = 1e-9 * (optimum + 1);
    for (const FacilityDual* d : {&plain, &adjusted}) {
      ASSERT_TRUE(d->feasible);
      EXPECT_LE(d->bound, optimum + tol);
      // Dual feasible: each free candidate's slack is f_k less what the demands pay into it, and >= 0;
      // a fixed one (open, f_k paid) takes no payment.
      double sum = 0;
      for (double v : d->v) sum += v;
      for (std::uint32_t k : p.fixed) sum += (*p.opening)[k];
      EXPECT_NEAR(d->bound, sum, tol);
      for (std::size_t k = 0; k < p.m; ++k) {
        double paid = 0;
        for (std::size_t u = 0; u < p.nd; ++u) paid += std::max(0.0, d->v[u] - c.cost(u, k));
        const double f = c.fixed[k] ? 0 : (*p.opening)[k];
        EXPECT_GE(d->slack[k], 0);
        EXPECT_NEAR(d->slack[k], f - paid, tol) << "candidate " << k;
      }
    }
    EXPECT_GE(adjusted.bound, plain.bound - tol);
    gaps += adjusted.bound < optimum - tol;
    branched += b.nodes > 1;
    ASSERT_FALSE(b.open.empty());
    std::uint32_t mask = 0;
    for (std::size_t k = 0; k < p.m; ++k) mask |= static_cast<std::uint32_t>(b.open[k]) << k;
    EXPECT_EQ(mask & fixed_mask, fixed_mask);
    EXPECT_NEAR(b.objective, optimum, tol);
    EXPECT_NEAR(OpenSetObjective(p, mask), optimum, tol);
    EXPECT_NEAR(b.bound, optimum, tol);
    EXPECT_LE(b.root_bound, optimum + tol);
  }
  EXPECT_GT(solved, 300);
  EXPECT_GE(infeasible, 40);
  // Some instances must need the adjustment's gap closed by branching, or the branch is untested.
  EXPECT_GT(gaps, 0);
  EXPECT_GT(branched, 0);
}

// Random geometric: demands and candidates in the unit square, cost the distance x 1000 rounded.
AssignmentProgram Geometric(std::mt19937_64& rng, std::size_t n, double opening) {
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<double> x(n), y(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = unit(rng), y[i] = unit(rng);
  AssignmentProgram p;
  p.nd = p.m = n;
  p.cost.resize(n * n);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t k = 0; k < n; ++k) p.cost[u * n + k] = std::round(1000 * std::hypot(x[u] - x[k], y[u] - y[k]));
  p.weights.resize(n);
  for (double& w : p.weights) w = static_cast<double>(1 + rng() % 10);
  p.opening = std::vector<double>(n);
  for (double& f : *p.opening) f = std::round(opening * (0.5 + unit(rng)));
  return p;
}

TEST(FacilityLocationBranch, MatchesCbcOnMediumInstances) {
  if (!HaveMipSolver()) GTEST_SKIP() << "built without COIN-OR CBC";
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 4; ++trial) {
    AssignmentProgram p = Geometric(rng, 40 + 10 * trial, trial % 2 ? 3000 : 800);
    if (trial == 3) p.fixed = {0, 7};
    SCOPED_TRACE("trial " + std::to_string(trial));
    const MipAnswer a = SolveAssignmentMip(p, MipOptions{});
    ASSERT_EQ(a.status, MipAnswer::Status::kOptimal);
    const FacilityBranchResult b = SolveFacilityBranch(FacilityCostsOf(p), {}, 0);
    ASSERT_TRUE(b.finished);
    EXPECT_EQ(b.objective, a.objective);
    EXPECT_EQ(b.bound, a.objective);
    for (std::uint32_t k : p.fixed) EXPECT_TRUE(b.open[k]);
  }
}

TEST(FacilityLocationBranch, DeadlineReturnsAnIncumbentAndABound) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937_64 rng(seed);
  const AssignmentProgram p = Geometric(rng, 120, 1500);
  const FacilityCosts c = FacilityCostsOf(p);
  const FacilityBranchResult full = SolveFacilityBranch(c, {}, 0);
  ASSERT_TRUE(full.finished);
  // A deadline already past: the root only.
  const FacilityBranchResult cut = SolveFacilityBranch(c, {}, SteadySeconds() - 1);
  EXPECT_LE(cut.nodes, 1);
  ASSERT_FALSE(cut.open.empty());
  EXPECT_EQ(cut.objective, FacilityObjective(c, cut.open, nullptr));
  EXPECT_LE(cut.bound, full.objective);
  EXPECT_GE(cut.objective, full.objective);
  EXPECT_TRUE(std::isfinite(cut.bound));
  if (cut.finished) EXPECT_EQ(cut.bound, cut.objective);
  else EXPECT_GE(cut.bound, cut.root_bound);
}

}  // namespace
}  // namespace gdist
