// Metrics on hand-checked graphs (distances worked out on paper in comments).
#include "lib/metrics/summary.hpp"

#include <gtest/gtest.h>

#include "lib/engine/apsp.hpp"
#include "lib/matrix/adjacency.hpp"

namespace gdist {
namespace {

DistMatrix<std::int32_t> Solve(std::size_t n, std::vector<Edge> edges, bool directed) {
  Graph g;
  g.n = n;
  g.directed = directed;
  g.edges = std::move(edges);
  g.labels = VertexLabels::Range(n, 1);
  auto m = BuildAdjacency<std::int32_t>(g, {});
  ApspOptions options;
  options.backend = Backend::kCpu;
  options.threads = 1;
  SolveApsp(m, options);
  return m;
}

// Small exact values: their doubles, for comparing with a literal list.
std::vector<double> Doubles(const std::vector<MetricNumber>& v) {
  std::vector<double> d;
  for (const MetricNumber& x : v) d.push_back(x.ToDouble());
  return d;
}

TEST(Summary, UndirectedPathOfFour) {
  // 1 -2- 2 -3- 3 -4- 4 : ecc = 9, 7, 5, 9; totals 2+5+9=16, 2+3+7=12, 5+3+4=12, 9+7+4=20.
  auto d = Solve(4, {{0, 1, 2}, {1, 2, 3}, {2, 3, 4}}, false);
  DistanceSummary s = Summarize(d.view(), {});
  EXPECT_EQ(Doubles(s.eccentricity), (std::vector<double>{9, 7, 5, 9}));
  EXPECT_EQ(s.diameter, 9);
  EXPECT_EQ(s.radius, 5);
  EXPECT_EQ(s.center, (std::vector<std::size_t>{2}));
  EXPECT_EQ(s.periphery, (std::vector<std::size_t>{0, 3}));
  ASSERT_TRUE(s.median.has_value());
  EXPECT_EQ(*s.median, 1u);  // ties (12, 12) go to the lowest index
  EXPECT_EQ(s.median_total, 12);
  EXPECT_EQ(s.unreachable_pairs, 0u);
  EXPECT_TRUE((s.diameter_from == 0 && s.diameter_to == 3) || (s.diameter_from == 3 && s.diameter_to == 0));
}

TEST(Summary, DirectedWithUnreachablePairs) {
  // 1 -> 2 (1), 2 -> 3 (1), 3 -> 1 (5); 4 isolated.
  // From 1: 2 at 1, 3 at 2, 4 unreachable. From 2: 3 at 1, 1 at 6. From 3: 1 at 5, 2 at 6.
  auto d = Solve(4, {{0, 1, 1}, {1, 2, 1}, {2, 0, 5}}, true);
  DistanceSummary strict = Summarize(d.view(), {});
  for (const MetricNumber& e : strict.eccentricity) EXPECT_EQ(e, DistanceSummary::kInfinite);
  EXPECT_EQ(strict.diameter, DistanceSummary::kInfinite);
  EXPECT_EQ(strict.radius, DistanceSummary::kInfinite);
  EXPECT_FALSE(strict.median.has_value());
  EXPECT_EQ(strict.unreachable_pairs, 3u + 3u);  // each of 1,2,3 misses 4; 4 misses 1,2,3

  DistanceSummary loose = Summarize(d.view(), {.reachable_only = true});
  EXPECT_EQ(Doubles(loose.eccentricity), (std::vector<double>{2, 6, 6, 0}));
  EXPECT_EQ(loose.diameter, 6);
  EXPECT_EQ(loose.radius, 0);  // vertex 4 reaches nobody: igraph's convention gives 0
  EXPECT_EQ(loose.periphery, (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(Doubles(loose.total), (std::vector<double>{3, 7, 11, 0}));
  // 1, 2, 3 each reach 2 others; 4 reaches none. Least total among 1-3: vertex 1 (3).
  ASSERT_TRUE(loose.median.has_value());
  EXPECT_EQ(*loose.median, 0u);
  EXPECT_EQ(loose.median_total, 3);
}

TEST(Summary, EmptyAndSingleVertex) {
  auto one = Solve(1, {}, true);
  DistanceSummary s = Summarize(one.view(), {});
  EXPECT_EQ(s.diameter, 0);
  EXPECT_EQ(s.radius, 0);
  EXPECT_EQ(s.center, (std::vector<std::size_t>{0}));
  auto none = Solve(0, {}, true);
  EXPECT_EQ(Summarize(none.view(), {}).n, 0u);
}

}  // namespace
}  // namespace gdist

namespace gdist {
namespace {

TEST(SolveApsp, PaddingStaysInfWithNegativeWeights) {
  // 3 -> 1 (-4), 1 -> 2 (2): d(3,2) = -2; every padding cell must still be INF (0 on its diagonal).
  auto d = Solve(3, {{2, 0, -4}, {0, 1, 2}}, true);
  EXPECT_EQ(d.at(2, 1), -2);
  EXPECT_EQ(d.at(1, 0), DistMatrix<std::int32_t>::kInf);
  for (std::size_t i = 0; i < d.stride(); ++i)
    for (std::size_t j = 0; j < d.stride(); ++j)
      if (i >= 3 || j >= 3) {
        ASSERT_EQ(d.at(i, j), i == j ? 0 : DistMatrix<std::int32_t>::kInf) << i << "," << j;
      }
}

}  // namespace
}  // namespace gdist
