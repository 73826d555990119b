// The host's gathered demand-major costs against reading the matrix in place:
// every layout (directed out, in, symmetric, candidate subsets) gives the same
// cost for every pair and the same solutions.
#include <gtest/gtest.h>

#include <random>

#include "lib/siting/siting_models.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

DistMatrix<std::int32_t> RandomMatrix(std::size_t n, bool symmetric, std::mt19937_64& rng) {
  DistMatrix<std::int32_t> d(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = symmetric ? i + 1 : 0; j < n; ++j) {
      if (i == j) continue;
      const std::int32_t v =
          rng() % 53 == 0 ? ElementTraits<std::int32_t>::kInf : 1 + static_cast<std::int32_t>(rng() % 900);
      d.at(i, j) = v;
      if (symmetric) d.at(j, i) = v;
    }
  return d;
}

TEST(GatheredCosts, EqualTheMatrixReadInPlaceForEveryLayout) {
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 8; ++trial) {
    const std::size_t n = 50 + rng() % 400;
    const bool symmetric = trial % 4 == 3;
    SCOPED_TRACE("seed " + std::to_string(seed) + " trial " + std::to_string(trial) + " n " + std::to_string(n));
    const DistMatrix<std::int32_t> d = RandomMatrix(n, symmetric, rng);
    SitingInput in;
    in.symmetric = symmetric;
    in.direction = trial % 2 ? Direction::kIn : Direction::kOut;
    in.threads = 2;
    std::vector<double> w(n);
    for (auto& x : w) x = static_cast<double>(rng() % 3);
    w[0] = 1;
    in.weights = w;
    if (trial % 3) {
      std::vector<std::uint32_t> cand;
      for (std::uint32_t v = 0; v < n; ++v)
        if (rng() % 3 == 0) cand.push_back(v);
      if (cand.size() < 20) cand = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
      in.candidates = cand;
    }
    SitingInput direct = in;
    direct.gather = false;
    const SitingProblem<std::int32_t> a(d.view(), in), b(d.view(), direct);
    ASSERT_EQ(a.num_candidates(), b.num_candidates());
    ASSERT_EQ(a.num_demands(), b.num_demands());
    EXPECT_EQ(a.max_finite(), b.max_finite());
    EXPECT_EQ(a.any_unreachable(), b.any_unreachable());
    const std::size_t m = a.num_candidates();
    std::vector<std::int32_t> sa(m), sb(m);
    for (std::size_t u = 0; u < a.num_demands(); ++u) {
      const std::uint32_t v = a.demand_vertex(u);
      const std::int32_t* ra = a.DemandRow(u, 0, m, sa.data());
      const std::int32_t* rb = b.DemandRow(u, 0, m, sb.data());
      for (std::size_t k = 0; k < m; ++k) {
        const std::uint32_t f = a.candidate_vertex(k);
        const std::int32_t want = in.direction == Direction::kOut ? d.at(f, v) : d.at(v, f);
        ASSERT_EQ(ra[k], want) << "demand " << v << " candidate " << f;
        ASSERT_EQ(rb[k], want);
        ASSERT_EQ(a.Cost(u, k), want);
      }
      const std::int32_t* part = a.DemandRow(u, m / 3, m, sa.data());
      ASSERT_EQ(part[0], ra[m / 3]);
    }
    SitingOptions options;
    options.time_limit_s = 0;
    options.max_rounds = 30;
    const SitingResult x = SolvePMedian(a, 7, options), y = SolvePMedian(b, 7, options);
    EXPECT_EQ(x.sites, y.sites);
    EXPECT_EQ(x.objective, y.objective);
  }
}

}  // namespace
}  // namespace gdist
