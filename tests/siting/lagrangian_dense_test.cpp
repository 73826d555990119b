// The dense Lagrangian pass's CPU twin (lib/siting/lagrangian_dense.hpp), the
// arithmetic the GPU pass repeats: its bound never above the optimum of the
// enumeration of every p-subset; the same bits as the sorted rows' pass
// (MedianLagrangian) when the demands fit one slice, the same choices and
// bounds to rounding when they span several; the same bits on any number of
// threads. Fresh seeds each run (GDIST_SEED replays one).
#include "lib/siting/lagrangian_dense.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "lib/siting/lagrangian_bound.hpp"
#include "lib/siting/lagrangian_terms.hpp"
#include "lib/siting/median_branch_and_bound.hpp"
#include "tests/siting/dense_instances.hpp"
#include "tests/siting/site_sets.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

using testing::DenseLayout;

constexpr DenseLayout kLayouts[] = {DenseLayout::kSymmetric, DenseLayout::kDirectedColumns,
                                    DenseLayout::kCandidateSubset, DenseLayout::kCandidateRows};

// The least objective (unreachable pairs at the penalty) over every p-subset
// of the free candidates plus the fixed ones.
template <class T> double EnumeratedOptimum(const SitingProblem<T>& prob, double penalty, std::size_t p) {
  std::vector<std::uint32_t> all(prob.num_candidates());
  for (std::size_t k = 0; k < all.size(); ++k) all[k] = static_cast<std::uint32_t>(k);
  double best = std::numeric_limits<double>::infinity();
  testing::ForEachSiteSet(all, prob.fixed(), p, [&](const std::vector<std::uint32_t>& s) {
    double total = 0;
    for (std::size_t u = 0; u < prob.num_demands(); ++u) {
      double nearest = std::numeric_limits<double>::infinity();
      for (std::uint32_t k : s) nearest = std::min(nearest, prob.weight(u) * MedianCost<T>{penalty}(prob.Cost(u, k)));
      total += nearest;
    }
    best = std::min(best, total);
  });
  return best;
}

std::vector<FacilityState> StateOf(std::size_t m, const std::vector<std::uint32_t>& fixed) {
  std::vector<FacilityState> state(m, FacilityState::kFree);
  for (std::uint32_t k : fixed) state[k] = FacilityState::kOpen;
  return state;
}

template <class T> void BoundNeverAboveTheOptimum() {
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  int checked = 0, proven = 0;
  for (int trial = 0; trial < 24; ++trial) {
    const DenseLayout layout = kLayouts[trial % 4];
    const std::size_t n = 14 + rng() % 10, m = 9 + rng() % 4, p = 1 + rng() % 3;
    auto c = testing::MakeDenseInstance<T>(layout, n, m, trial % 3 == 2, trial % 5 == 1, Backend::kCpu, rng());
    const SitingProblem<T>& prob = *c.prob;
    const std::size_t p_total = prob.fixed().size() + p;
    if (p_total > prob.num_candidates()) continue;
    SCOPED_TRACE("seed " + std::to_string(seed) + " trial " + std::to_string(trial) + ", " + LayoutName(layout));
    const double opt = EnumeratedOptimum(prob, c.penalty, p);
    const DenseMedianLagrangian<T> twin(prob, c.penalty, p_total, DenseCaps(prob, c.penalty, p_total));
    // The worst start: the fixed sites and the first free candidates.
    std::vector<std::uint32_t> start = prob.fixed();
    for (std::uint32_t k = 0; start.size() < p_total; ++k)
      if (std::find(start.begin(), start.end(), k) == start.end()) start.push_back(k);
    MedianProofOptions o;
    o.root_iterations = 400;
    const MedianProof proof = BoundMedianRoot(twin, IntegralWeightedCosts(prob, c.penalty), prob.fixed(), start, o);
    EXPECT_LE(proof.lower_bound, opt + 1e-9 * (opt + 1));
    EXPECT_GE(proof.upper, opt - 1e-9 * (opt + 1));
    EXPECT_LE(proof.root_bound, opt + 1e-9 * (opt + 1));
    ASSERT_EQ(proof.sites.size(), p_total);
    EXPECT_NEAR(twin.Objective(proof.sites), proof.upper, 1e-9 * (opt + 1));
    // Every evaluation is a bound, whatever the multipliers.
    std::vector<double> lambda(prob.num_demands());
    for (double& l : lambda) l = static_cast<double>(rng() % 3000) * 0.5;
    LagrangianPoint pt;
    ASSERT_TRUE(twin.Evaluate(StateOf(prob.num_candidates(), prob.fixed()), lambda, &pt));
    EXPECT_LE(pt.bound, opt + 1e-9 * (opt + 1));
    ++checked;
    proven += proof.lower_bound >= opt - 1e-6 * (opt + 1);  // rounding slack of a fractional bound
  }
  // The bound is a real one: small p-medians mostly have no duality gap.
  EXPECT_GT(checked, 15);
  EXPECT_GT(proven, checked / 2) << proven << " of " << checked << " proven";
}

TEST(DenseLagrangian, BoundNeverAboveTheOptimumInt32) { BoundNeverAboveTheOptimum<std::int32_t>(); }
TEST(DenseLagrangian, BoundNeverAboveTheOptimumFloat) { BoundNeverAboveTheOptimum<float>(); }

// The twin and the sorted rows' pass (one thread: demand order) on the same
// instance from the same multipliers.
template <class T> struct BothPasses {
  testing::DenseInstance<T> c;
  SortedCosts sorted;
  std::unique_ptr<MedianLagrangian> lag;
  std::unique_ptr<DenseMedianLagrangian<T>> twin;
  BothPasses(DenseLayout layout, std::size_t n, std::size_t m, std::size_t p, bool fractional, std::uint64_t seed) {
    c = testing::MakeDenseInstance<T>(layout, n, m, fractional, false, Backend::kCpu, seed);
    sorted = *BuildSortedCosts(*c.prob, c.penalty);
    lag = std::make_unique<MedianLagrangian>(sorted, p, 1);
    twin = std::make_unique<DenseMedianLagrangian<T>>(*c.prob, c.penalty, p, DenseCaps(*c.prob, c.penalty, p));
  }
};

TEST(DenseLagrangian, OneSliceGivesTheSortedRowsBitsOverAWholeRun) {
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  int compared = 0;
  for (int trial = 0; trial < 8; ++trial) {
    const DenseLayout layout = kLayouts[trial % 4];
    const std::size_t n = 200 + rng() % 400, m = 60 + rng() % 60, p = 3 + rng() % 8;
    ASSERT_LE(n, kLagrangianSliceRows);
    BothPasses<std::int32_t> b(layout, n, m, p, trial % 2 == 1, rng());
    SCOPED_TRACE("seed " + std::to_string(seed) + " trial " + std::to_string(trial) + ", " + LayoutName(layout));
    const std::size_t nd = b.c.prob->num_demands(), mm = b.c.prob->num_candidates();
    for (std::size_t u = 0; u < nd; ++u) ASSERT_EQ(b.twin->Caps(StateOf(mm, {}))[u], b.lag->Cap(u)) << "demand " << u;
    std::vector<std::uint32_t> start;
    for (std::uint32_t k = 0; k < p; ++k) start.push_back(k * 3 % static_cast<std::uint32_t>(mm));
    std::sort(start.begin(), start.end());
    start.erase(std::unique(start.begin(), start.end()), start.end());
    if (start.size() != p) continue;
    SubgradientOptions so;
    so.max_iterations = 300;
    const std::vector<FacilityState> state = StateOf(mm, {});
    std::vector<double> lambda_a = StartMultipliers(*b.lag, start), lambda_b = StartMultipliers(*b.twin, start);
    ASSERT_EQ(lambda_a, lambda_b);
    double upper_a = b.lag->Objective(start), upper_b = b.twin->Objective(start);
    ASSERT_EQ(upper_a, upper_b);
    std::vector<std::uint32_t> inc_a, inc_b;
    const LagrangianPoint pa = RunSubgradient(*b.lag, state, &lambda_a, &upper_a, &inc_a, 1e300, so);
    const LagrangianPoint pb = RunSubgradient(*b.twin, state, &lambda_b, &upper_b, &inc_b, 1e300, so);
    EXPECT_EQ(pa.bound, pb.bound);  // bit for bit: the same sums in the same order
    EXPECT_EQ(pa.rho, pb.rho);
    EXPECT_EQ(pa.chosen, pb.chosen);
    EXPECT_EQ(lambda_a, lambda_b);
    EXPECT_EQ(upper_a, upper_b);
    EXPECT_EQ(inc_a, inc_b);
    // A lower bound never passes a solution's cost. (Its distance from it is
    // the instance's: random symmetric instances left gaps past 50% on some
    // seeds, so no quality threshold here.)
    EXPECT_LE(pa.bound, upper_a);
    ++compared;
  }
  EXPECT_GT(compared, 5);
}

// Several slices add rho in another order than the sorted pass: equal to
// rounding (relative 1e-12 of the terms' magnitude), the same subgradient
// wherever the choices agree.
TEST(DenseLagrangian, SeveralSlicesEqualTheSortedRowsToRounding) {
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 4; ++trial) {  // the layouts with few candidates: m x n sorted entries stay small
    const DenseLayout layout = trial % 2 ? DenseLayout::kCandidateSubset : DenseLayout::kCandidateRows;
    const std::size_t n = 2 * kLagrangianSliceRows + 1 + rng() % 700, m = 30 + rng() % 20, p = 4;
    BothPasses<float> b(layout, n, m, p, true, rng());
    SCOPED_TRACE("seed " + std::to_string(seed) + " trial " + std::to_string(trial) + ", " + LayoutName(layout));
    const std::size_t nd = b.c.prob->num_demands(), mm = b.c.prob->num_candidates();
    const std::vector<FacilityState> state = StateOf(mm, {});
    const std::vector<double> caps = b.twin->Caps(state);
    for (int round = 0; round < 5; ++round) {
      std::vector<double> lambda(nd);
      for (std::size_t u = 0; u < nd; ++u) lambda[u] = caps[u] * static_cast<double>(rng() % 1000) / 999.0;
      LagrangianPoint pa, pb;
      ASSERT_TRUE(b.lag->Evaluate(state, lambda, &pa));
      ASSERT_TRUE(b.twin->Evaluate(state, lambda, &pb));
      double magnitude = 0;
      for (double l : lambda) magnitude += l;
      for (std::size_t k = 0; k < mm; ++k) EXPECT_NEAR(pa.rho[k], pb.rho[k], 1e-12 * magnitude) << "candidate " << k;
      EXPECT_NEAR(pa.bound, pb.bound, 1e-12 * magnitude);
      std::vector<double> ga, gb;
      b.lag->Subgradient(lambda, pa, &ga);
      b.twin->Subgradient(lambda, pa, &gb);  // the same chosen set: the same integers
      EXPECT_EQ(ga, gb);
    }
  }
}

TEST(DenseLagrangian, SameBitsOnAnyNumberOfThreads) {
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  const std::uint64_t instance_seed = rng();
  auto one = testing::MakeDenseInstance<float>(DenseLayout::kDirectedColumns, 3 * kLagrangianSliceRows + 77, 0, true,
                                               true, Backend::kCpu, instance_seed);
  auto two = testing::MakeDenseInstance<float>(DenseLayout::kDirectedColumns, 3 * kLagrangianSliceRows + 77, 0, true,
                                               true, Backend::kCpu, instance_seed);
  SitingInput in1 = one.input;
  in1.threads = 1;
  const SitingProblem<float> prob1(MatrixView<float>{one.cells.data(), one.n, one.n}, in1);
  SCOPED_TRACE("seed " + std::to_string(seed));
  const std::size_t p = 1 + prob1.fixed().size() + rng() % 6;
  const DenseMedianLagrangian<float> a(prob1, one.penalty, p, DenseCaps(prob1, one.penalty, p));
  const DenseMedianLagrangian<float> b(*two.prob, two.penalty, p, DenseCaps(*two.prob, two.penalty, p));
  const std::vector<FacilityState> state = StateOf(prob1.num_candidates(), prob1.fixed());
  std::vector<double> lambda(prob1.num_demands());
  for (double& l : lambda) l = static_cast<double>(rng() % 20000) * 0.37;
  LagrangianPoint pa, pb;
  ASSERT_TRUE(a.Evaluate(state, lambda, &pa));
  ASSERT_TRUE(b.Evaluate(state, lambda, &pb));
  EXPECT_EQ(pa.rho, pb.rho);
  EXPECT_EQ(pa.bound, pb.bound);
  EXPECT_EQ(pa.chosen, pb.chosen);
}

}  // namespace
}  // namespace gdist
