// Many-to-many tables and point-to-point routes from a hierarchy against the
// sparse engine's Dijkstra (bit for bit, integer weights), and every route
// checked arc by arc against the graph: each step is an arc, the weights sum
// to the distance.
#include <gtest/gtest.h>

#include "lib/road/ch_route.hpp"
#include "lib/road/ch_table.hpp"
#include "lib/road/contraction_hierarchy.hpp"
#include "lib/util/error.hpp"
#include "road_test_graphs.hpp"
#include "test_util.hpp"

namespace gdist::test {
namespace {

// The weight of arc u -> v in g, or nullopt.
template <class W> std::optional<W> ArcWeight(const CsrGraph<W>& g, std::uint32_t u, std::uint32_t v) {
  const auto targets = g.Out().Targets(u);
  const auto it = std::lower_bound(targets.begin(), targets.end(), v);
  if (it == targets.end() || *it != v) return std::nullopt;
  return g.Out().Weights(u)[static_cast<std::size_t>(it - targets.begin())];
}

template <class W> void ExpectTableAndRoutesEqualDijkstra(const Graph& graph, std::uint64_t seed) {
  const CsrGraph<W> g = BuildCsrGraph<W>(graph);
  const ContractionHierarchy<W> ch = BuildContractionHierarchy(g);
  std::vector<std::uint32_t> sources = SomeSources(g.n, 23, seed);
  std::vector<std::uint32_t> targets = SomeSources(g.n, 31, seed + 1);
  targets.push_back(sources[0]);                           // a pair (s, s)
  targets.push_back(static_cast<std::uint32_t>(g.n - 1));  // an isolated junction on the grids
  const std::vector<W> rows = DijkstraRows(g, sources);
  const std::size_t stride = targets.size() + 3;
  std::vector<W> table(sources.size() * stride, W{5});
  ChTable(ch, std::span<const std::uint32_t>(sources), std::span<const std::uint32_t>(targets), table.data(), stride,
          2);
  ChRouter<W> router(ch);
  std::size_t reachable = 0;
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (std::size_t j = 0; j < targets.size(); ++j) {
      const W want = rows[i * g.n + targets[j]];
      SCOPED_TRACE("from " + std::to_string(sources[i]) + " to " + std::to_string(targets[j]));
      ASSERT_EQ(table[i * stride + j], want);
      const ChRoute<W> route = router.Route(sources[i], targets[j]);
      ASSERT_EQ(route.distance, want);
      ASSERT_EQ(router.Distance(sources[i], targets[j]), want);
      if (want == ElementTraits<W>::kInf) {
        ASSERT_TRUE(route.vertices.empty());
        continue;
      }
      ++reachable;
      ASSERT_FALSE(route.vertices.empty());
      ASSERT_EQ(route.vertices.front(), sources[i]);
      ASSERT_EQ(route.vertices.back(), targets[j]);
      W sum = 0;
      for (std::size_t k = 0; k + 1 < route.vertices.size(); ++k) {
        const auto w = ArcWeight(g, route.vertices[k], route.vertices[k + 1]);
        ASSERT_TRUE(w.has_value()) << "no arc " << route.vertices[k] << " -> " << route.vertices[k + 1];
        sum += *w;
      }
      ASSERT_EQ(sum, want);
    }
  EXPECT_GT(reachable, sources.size());  // the check compared real routes
}

template <class W> class TableAndRoutes : public ::testing::Test {};
using IntegerTypes = ::testing::Types<std::int32_t, std::int64_t>;
TYPED_TEST_SUITE(TableAndRoutes, IntegerTypes);

TYPED_TEST(TableAndRoutes, DirectedGridWithOneWaysAndZeros) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.zero = 0.15;
  ExpectTableAndRoutesEqualDijkstra<TypeParam>(MakeGridRoads(spec, seed), seed);
}

TYPED_TEST(TableAndRoutes, UndirectedGrid) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.directed = false;
  ExpectTableAndRoutesEqualDijkstra<TypeParam>(MakeGridRoads(spec, seed), seed);
}

TYPED_TEST(TableAndRoutes, GeometricGraphs) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GeometricSpec spec;
  ExpectTableAndRoutesEqualDijkstra<TypeParam>(MakeGeometricRoads(spec, seed), seed);
  spec.directed = true;
  spec.one_way = 0.3;
  ExpectTableAndRoutesEqualDijkstra<TypeParam>(MakeGeometricRoads(spec, seed + 7), seed + 8);
}

TEST(TableAndRoutes, QuarterFloatWeightsExact) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.quarters = true;
  ExpectTableAndRoutesEqualDijkstra<float>(MakeGridRoads(spec, seed), seed);
  ExpectTableAndRoutesEqualDijkstra<double>(MakeGridRoads(spec, seed), seed);
}

TEST(TableAndRoutes, BadVerticesRefused) {
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(MakeGridRoads(GridSpec{}, 1));
  const auto ch = BuildContractionHierarchy(g);
  ChRouter<std::int32_t> router(ch);
  EXPECT_THROW(router.Route(0, static_cast<std::uint32_t>(g.n)), Error);
  const std::uint32_t bad = static_cast<std::uint32_t>(g.n);
  std::int32_t cell;
  EXPECT_THROW(
      ChTable(ch, std::span<const std::uint32_t>(&bad, 1), std::span<const std::uint32_t>(&bad, 1), &cell, 1, 1),
      Error);
}

}  // namespace
}  // namespace gdist::test
