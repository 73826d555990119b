// float64 costs stay float64 in p-center's cover lists (issue 26). Costs such
// as 0.3 and 0.7 are not floats: 0.3 rounds up in float and 0.7 down, so
// lists that held them as float dropped the pair of cost 0.3 from the lists of
// radius 0.3 (a cover missed: a worse site "proven optimal") and kept the pair
// of cost 0.7 within radius 0.6999999. Random tables of such costs, against
// an exhaustive search over every site set written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>

#include "lib/siting/cover_lists.hpp"
#include "lib/siting/siting_models.hpp"
#include "tests/siting/site_sets.hpp"

namespace gdist {
namespace {

// Tenths, none of them a float except by accident of rounding; never the same
// value as a neighbour in float either way.
constexpr double kTenths[] = {0.1, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 0.9, 1.1, 1.3};

struct TenthsCase {
  std::size_t nd = 0, m = 0;
  std::vector<double> rows;         // m x nd: rows[k * nd + u]
  std::vector<std::uint32_t> cand;  // vertex ids nd .. nd + m - 1
  VertexLabels labels;
};

TenthsCase MakeCase(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  TenthsCase c;
  c.nd = 3 + rng() % 5;
  c.m = 3 + rng() % 4;
  c.rows.resize(c.m * c.nd);
  for (double& x : c.rows) x = kTenths[rng() % std::size(kTenths)];
  for (std::size_t k = 0; k < c.m; ++k) c.cand.push_back(static_cast<std::uint32_t>(c.nd + k));
  c.labels = VertexLabels::Range(c.nd + c.m, 1);
  return c;
}

double BruteCenter(const TenthsCase& c, std::size_t p) {
  double best = -1;
  testing::ForEachSiteSet(c.cand, {}, p, [&](const std::vector<std::uint32_t>& s) {
    double radius = 0;
    for (std::size_t u = 0; u < c.nd; ++u) {
      double near = 1e300;
      for (std::uint32_t v : s) near = std::min(near, c.rows[(v - c.nd) * c.nd + u]);
      radius = std::max(radius, near);
    }
    if (best < 0 || radius < best) best = radius;
  });
  return best;
}

SitingProblem<double> Problem(const TenthsCase& c) {
  SitingInput in;
  in.threads = 1;
  in.labels = &c.labels;
  return SitingProblem<double>(MatrixView<double>{c.rows.data(), c.nd, c.nd}, c.cand, in);
}

// The lists of radius r filtered from those of a larger radius are the lists
// built at r: the same pairs, the same costs.
TEST(FloatCosts, CoverListsFilteredToARadiusAreThatRadiusLists) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const TenthsCase c = MakeCase(seed);
    const SitingProblem<double> prob = Problem(c);
    const std::optional<CoverLists> top = BuildCoverLists(prob, 1.3, kMaxCoverPairs);
    ASSERT_TRUE(top);
    for (double r : kTenths) {
      SCOPED_TRACE("radius " + std::to_string(r));
      const CoverLists filtered = RestrictCoverLists(*top, r);
      const std::optional<CoverLists> built = BuildCoverLists(prob, r, kMaxCoverPairs);
      ASSERT_TRUE(built);
      EXPECT_EQ(filtered.by_demand_start, built->by_demand_start);
      EXPECT_EQ(filtered.by_demand, built->by_demand);
      EXPECT_EQ(filtered.by_cand, built->by_cand);
      for (std::uint64_t i = 0; i < filtered.pairs(); ++i) EXPECT_EQ(filtered.cost(i), built->cost(i));
    }
  }
}

// p-center with its bound and with --exact: the optimum of the enumeration,
// and never a bound past it.
TEST(FloatCosts, PCenterOnTenthsIsTheEnumerationsOptimum) {
  std::size_t proven = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const TenthsCase c = MakeCase(seed);
    const SitingProblem<double> prob = Problem(c);
    for (std::size_t p = 1; p < c.m && p <= 3; ++p) {
      const double optimum = BruteCenter(c, p);
      for (bool exact : {false, true}) {
        SCOPED_TRACE("seed " + std::to_string(seed) + " p=" + std::to_string(p) + (exact ? " exact" : ""));
        SitingOptions o;
        o.exact = exact;
        o.time_limit_s = 0.5;
        const SitingResult r = SolvePCenter(prob, p, o);
        EXPECT_GE(r.objective, optimum);
        ASSERT_TRUE(r.has_bound());
        EXPECT_LE(r.bound, optimum);
        if (r.optimal || exact) {
          EXPECT_EQ(r.objective, optimum);
        }
        proven += r.optimal;
      }
    }
  }
  EXPECT_GT(proven, 300u);
}

}  // namespace
}  // namespace gdist
