// The p-median's bound on the CPU at every size (issue 26): past the sorted
// rows' limit (kMaxSortedCostEntries, 2^25 pairs) the CPU answered with no
// bound at all; it now streams the matrix through the dense pass
// (DenseMedianLagrangian, the GPU pass's twin) with the same subgradient.
// SitingOptions::sorted_rows_limit moves the limit so that both passes run
// on the same instances: one slice of demands (<= 1024) and one thread give
// the sorted rows' order of sums, so the same bound to the bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/siting/lagrangian_bound.hpp"
#include "lib/siting/lagrangian_terms.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/int128.hpp"
#include "tests/siting/dense_instances.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

using testing::DenseLayout;
using testing::LayoutName;

constexpr DenseLayout kLayouts[] = {DenseLayout::kSymmetric, DenseLayout::kDirectedColumns,
                                    DenseLayout::kCandidateSubset, DenseLayout::kCandidateRows};

TEST(StreamedBound, PastTheSortedRowsLimitTheBoundIsTheSortedRowsOne) {
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  int compared = 0;
  for (int trial = 0; trial < 8; ++trial) {
    const DenseLayout layout = kLayouts[trial % 4];
    const std::size_t n = 150 + rng() % 300, m = 40 + rng() % 40, p = 2 + rng() % 6;
    ASSERT_LE(n, kLagrangianSliceRows);
    auto c =
        testing::MakeDenseInstance<std::int32_t>(layout, n, m, trial % 2 == 1, trial % 3 == 0, Backend::kCpu, rng());
    SCOPED_TRACE("seed " + std::to_string(seed) + " trial " + std::to_string(trial) + ", " + LayoutName(layout));
    SitingInput one_thread = c.input;
    one_thread.threads = 1;
    const SitingProblem<std::int32_t> prob =
        layout == DenseLayout::kCandidateRows
            ? SitingProblem<std::int32_t>(MatrixView<std::int32_t>{c.cells.data(), n, n}, c.row_vertex, one_thread)
            : SitingProblem<std::int32_t>(MatrixView<std::int32_t>{c.cells.data(), n, n}, one_thread);
    if (prob.fixed().size() + p > prob.num_candidates()) continue;
    SitingOptions sorted, streamed;
    sorted.max_rounds = streamed.max_rounds = 50;
    sorted.time_limit_s = streamed.time_limit_s = 30;  // the subgradient ends by its own rule, not the clock
    streamed.sorted_rows_limit = 1;                    // every instance is past it
    const SitingResult a = SolvePMedian(prob, p, sorted), b = SolvePMedian(prob, p, streamed);
    ASSERT_TRUE(a.has_bound());
    ASSERT_TRUE(b.has_bound()) << "no bound past the sorted rows' limit";
    EXPECT_NE(b.bound_method.find("CPU passes over the whole matrix"), std::string::npos) << b.bound_method;
    EXPECT_EQ(a.bound_method.find("whole matrix"), std::string::npos) << a.bound_method;
    EXPECT_EQ(a.bound, b.bound);
    EXPECT_EQ(a.objective, b.objective);
    EXPECT_EQ(a.sites, b.sites);
    EXPECT_EQ(a.optimal, b.optimal);
    EXPECT_LE(b.bound, b.objective);
    ++compared;
  }
  EXPECT_GT(compared, 5);
}

// At the real limit: 7000 x 7000 int32 costs, a quarter of the demands weighing
// 0 (about 36.8 million demand x candidate pairs, past 2^25)
// get a bound on the CPU, below the answer, from truncated rows (each
// demand's 6391 cheapest costs). When every step read the whole matrix, the
// bound after 1 s on 2 cores was a loose one (gap about 30%; 17% after 6 s).
TEST(StreamedBound, PMedianPastTwoTo25PairsHasABoundOnTheCpu) {
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  SCOPED_TRACE("seed " + std::to_string(seed));
  auto c =
      testing::MakeDenseInstance<std::int32_t>(DenseLayout::kSymmetric, 7000, 0, false, false, Backend::kCpu, rng());
  const SitingProblem<std::int32_t>& prob = *c.prob;
  ASSERT_GT(prob.num_demands() * prob.num_candidates(), kMaxSortedCostEntries);
  SitingOptions options;
  options.time_limit_s = 1;
  options.max_rounds = 5;
  const SitingResult r = SolvePMedian(prob, 8, options);
  ASSERT_TRUE(r.has_bound()) << "no bound past 2^25 pairs";
  EXPECT_NE(r.bound_method.find("cheapest costs"), std::string::npos) << r.bound_method;
  EXPECT_LE(r.bound, r.objective);
  EXPECT_LT(r.gap(), 0.5) << "bound " << r.bound << ", objective " << r.objective;
}

// Truncated rows (issue 26): past the memory limit each demand keeps its
// cheapest costs, and a multiplier above a row's tail counts as the tail.
// An instance whose exact answer enumeration finds: m candidate rows over nd
// demand columns (the candidates are demands 0..m-1), integer weights 1-3,
// costs `base` + a Manhattan distance scaled to few distinct values (ties),
// about 1 pair in 17 unreachable (never a candidate's own column).
template <class T> struct RowsInstance {
  std::size_t nd = 0, m = 0;
  std::vector<T> cells;  // m x nd
  std::vector<std::uint32_t> row_vertex;
  std::vector<double> w;
  std::unique_ptr<SitingProblem<T>> prob;
};

template <class T> RowsInstance<T> MakeRowsInstance(std::size_t nd, std::size_t m, T base, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  RowsInstance<T> c;
  c.nd = nd;
  c.m = m;
  std::vector<int> x(nd), y(nd);
  for (std::size_t i = 0; i < nd; ++i) x[i] = static_cast<int>(rng() % 100), y[i] = static_cast<int>(rng() % 100);
  c.cells.resize(m * nd);
  for (std::size_t r = 0; r < m; ++r) {
    c.row_vertex.push_back(static_cast<std::uint32_t>(r));
    for (std::size_t u = 0; u < nd; ++u) {
      const int d = (std::abs(x[r] - x[u]) + std::abs(y[r] - y[u])) / 12;  // 0..16: many ties
      c.cells[r * nd + u] = r != u && rng() % 17 == 0 ? ElementTraits<T>::kInf : static_cast<T>(base + d);
    }
  }
  c.w.resize(nd);
  for (double& v : c.w) v = static_cast<double>(1 + rng() % 3);
  SitingInput in;
  in.threads = 2;
  in.weights = c.w;
  c.prob = std::make_unique<SitingProblem<T>>(MatrixView<T>{c.cells.data(), nd, nd}, c.row_vertex, in);
  return c;
}

// The optimum over every p-set that serves each demand, exactly (128-bit
// sums of the input costs), and one set attaining it.
template <class T> Int128 EnumeratedOptimum(const RowsInstance<T>& c, std::size_t p) {
  Int128 best = -1;
  std::vector<std::uint32_t> s;
  std::function<void(std::uint32_t)> each = [&](std::uint32_t from) {
    if (s.size() == p) {
      Int128 total = 0;
      for (std::size_t u = 0; u < c.nd; ++u) {
        T least = ElementTraits<T>::kInf;
        for (std::uint32_t k : s) least = std::min(least, c.cells[k * c.nd + u]);
        if (least == ElementTraits<T>::kInf) return;  // leaves a demand unserved
        total += static_cast<Int128>(c.w[u]) * least;
      }
      if (best < 0 || total < best) best = total;
      return;
    }
    for (std::uint32_t k = from; k < c.m; ++k) {
      s.push_back(k);
      each(k + 1);
      s.pop_back();
    }
  };
  each(0);
  return best;
}

template <class T> Int128 ExactCost(const RowsInstance<T>& c, const std::vector<std::uint32_t>& sites) {
  Int128 total = 0;
  for (std::size_t u = 0; u < c.nd; ++u) {
    T least = ElementTraits<T>::kInf;
    for (std::uint32_t k : sites) least = std::min(least, c.cells[k * c.nd + u]);
    total += static_cast<Int128>(c.w[u]) * least;
  }
  return total;
}

// Evaluated on truncated rows the relaxation is the whole rows' one at the
// multipliers capped by the tails, to the bit, and below the enumerated
// optimum at any multipliers, also far above the tails (where a pass that
// trusted the truncated rows would skip the left-out terms: too high a bound).
TEST(TruncatedRows, RelaxationEqualsTheWholeRowsOneAndStaysBelowTheOptimum) {
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  int above_tails = 0;
  for (int trial = 0; trial < 6; ++trial) {
    const std::size_t nd = 50 + rng() % 30, m = 14 + rng() % 6, p = 2 + rng() % 3;
    const RowsInstance<std::int32_t> c = MakeRowsInstance<std::int32_t>(nd, m, 0, rng());
    SCOPED_TRACE("seed " + std::to_string(seed) + " trial " + std::to_string(trial));
    const double penalty = UnreachablePenalty(c.prob->max_finite());
    const SortedCosts whole = *BuildSortedCosts(*c.prob, penalty);
    const std::size_t limit = nd * 6;  // 8 entries a row
    const SortedCosts cut = *BuildSortedCosts(*c.prob, penalty, limit, false, true);
    ASSERT_TRUE(cut.truncated());
    ASSERT_EQ(cut.width, 8u);
    const MedianLagrangian a(whole, p, 1), b(cut, p, 1);
    const std::vector<FacilityState> free(m, FacilityState::kFree);
    const Int128 optimum = EnumeratedOptimum(c, p);
    ASSERT_GE(optimum, 0);
    for (int draw = 0; draw < 20; ++draw) {
      std::vector<double> lambda(nd), capped(nd);
      for (std::size_t u = 0; u < nd; ++u) {
        const double top = whole.row_cost(u)[m - 1];
        lambda[u] = std::floor(static_cast<double>(rng() % 1000) / 1000.0 * 1.3 * top);
        capped[u] = std::min(lambda[u], cut.tail[u]);
        above_tails += lambda[u] > cut.tail[u];
      }
      LagrangianPoint pa, pb;
      ASSERT_TRUE(a.Evaluate(free, capped, &pa));
      ASSERT_TRUE(b.Evaluate(free, lambda, &pb));
      EXPECT_EQ(pa.bound, pb.bound);
      EXPECT_EQ(pa.rho, pb.rho);
      EXPECT_LE(pb.bound, static_cast<double>(optimum));
      std::vector<double> ga, gb;
      a.Subgradient(capped, pa, &ga);
      b.Subgradient(lambda, pb, &gb);
      EXPECT_EQ(ga, gb);
    }
    // Pricing a set reads the left-out costs from the problem.
    const std::vector<std::uint32_t> sites = {static_cast<std::uint32_t>(m - 1), static_cast<std::uint32_t>(m - 2)};
    EXPECT_EQ(a.NearestCosts(sites), b.NearestCosts(sites));
  }
  EXPECT_GT(above_tails, 100) << "no multiplier past a tail: the fallback went untested";
}

// --exact on truncated rows (SitingOptions::sorted_rows_limit forces them):
// proven, and the enumeration's optimum, with ties, unreachable pairs, and
// int64 costs past 2^53 (the problem shifts them; the proof takes each row's
// least cost out).
template <class T> void ExpectTruncatedProofIsTheOptimum(T base) {
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  int proven = 0;
  for (int trial = 0; trial < 6; ++trial) {
    const std::size_t nd = 40 + rng() % 30, m = 14 + rng() % 5, p = 2 + rng() % 3;
    const RowsInstance<T> c = MakeRowsInstance<T>(nd, m, base, rng());
    SCOPED_TRACE("seed " + std::to_string(seed) + " trial " + std::to_string(trial));
    const Int128 optimum = EnumeratedOptimum(c, p);
    ASSERT_GE(optimum, 0);
    SitingOptions o;
    o.exact = true;
    o.max_rounds = 3;              // a weak heuristic: the proof has to find and prove the optimum
    o.sorted_rows_limit = nd * 6;  // 8 entries a row
    const SitingResult r = SolvePMedian(*c.prob, p, o);
    ASSERT_TRUE(r.has_bound());
    EXPECT_TRUE(r.optimal) << "bound " << r.bound << " by " << r.bound_method;
    EXPECT_TRUE(ExactCost(c, r.sites) == optimum)
        << "answer " << static_cast<double>(ExactCost(c, r.sites)) << ", optimum " << static_cast<double>(optimum);
    EXPECT_LE(r.bound, static_cast<double>(optimum));
    proven += r.optimal;
  }
  EXPECT_EQ(proven, 6);
}

TEST(TruncatedRows, ExactProofIsTheEnumerationsOptimum) { ExpectTruncatedProofIsTheOptimum<std::int32_t>(0); }

TEST(TruncatedRows, ExactProofIsTheEnumerationsOptimumPastTwoTo53) {
  ExpectTruncatedProofIsTheOptimum<std::int64_t>(std::int64_t{1} << 53);
}

}  // namespace
}  // namespace gdist
