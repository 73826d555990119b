// ServiceAreaLines (lib/pipeline/service_area.hpp) on hand-checked roads: a
// two-way road reached from one end is cut where the radius ends, a one-way
// road is covered only in its direction, a place's cut vertex is an entry of
// its own, and the drawn stretch follows the road's polyline.
#include "lib/pipeline/service_area.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "lib/core/great_circle.hpp"

namespace gdist {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A road due east along the equator: 0.001 degree of longitude is 111.2 m.
double Metres(const LonLat& a, const LonLat& b) { return GreatCircleMetres(a.second, a.first, b.second, b.first); }

MapRoads OneRoad(bool two_way, double weight) {
  MapRoad road;
  road.line = {{0.0, 0.0}, {0.001, 0.0}, {0.002, 0.0}};  // a shape with one interior point
  road.arcs.push_back({true, weight, {{0.0, 0u}, {1.0, 1u}}});
  if (two_way) road.arcs.push_back({false, weight, {{0.0, 1u}, {1.0, 0u}}});
  MapRoads map;
  map.roads.push_back(road);
  return map;
}

TEST(ServiceArea, ATwoWayRoadIsCutWhereTheRadiusEnds) {
  const MapRoads map = OneRoad(true, 200);
  // From vertex 0: a quarter of the road (50 of 200), before the interior point.
  auto lines = ServiceAreaLines(map, {0, 200}, 50);
  ASSERT_EQ(lines.size(), 1u);
  ASSERT_EQ(lines[0].size(), 2u);
  EXPECT_EQ(lines[0][0], (LonLat{0.0, 0.0}));
  EXPECT_NEAR(lines[0][1].first, 0.0005, 1e-12);
  // Three quarters: the interior point is on the line.
  lines = ServiceAreaLines(map, {0, 200}, 150);
  ASSERT_EQ(lines.size(), 1u);
  ASSERT_EQ(lines[0].size(), 3u);
  EXPECT_EQ(lines[0][1], (LonLat{0.001, 0.0}));
  EXPECT_NEAR(lines[0][2].first, 0.0015, 1e-12);
  // Reached from both ends: two stretches that meet once the radius closes the gap.
  lines = ServiceAreaLines(map, {0, 20}, 50);
  ASSERT_EQ(lines.size(), 2u);
  lines = ServiceAreaLines(map, {0, 20}, 140);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].front(), (LonLat{0.0, 0.0}));
  EXPECT_EQ(lines[0].back(), (LonLat{0.002, 0.0}));
  // Out of reach: nothing.
  EXPECT_TRUE(ServiceAreaLines(map, {kInf, kInf}, 1000).empty());
  EXPECT_TRUE(ServiceAreaLines(map, {300, 400}, 250).empty());
}

TEST(ServiceArea, AOneWayRoadIsCoveredInItsDirectionOnly) {
  const MapRoads map = OneRoad(false, 200);
  // From its head nothing is reached along it.
  EXPECT_TRUE(ServiceAreaLines(map, {kInf, 0}, 100).empty());
  const auto lines = ServiceAreaLines(map, {0, kInf}, 100);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NEAR(Metres(lines[0].front(), lines[0].back()), 0.5 * Metres({0.0, 0.0}, {0.002, 0.0}), 1e-6);
}

TEST(ServiceArea, APlacesCutIsAnEntry) {
  // A site at vertex 2, cut into a two-way road at 3/4 of its length from vertex 0.
  MapRoads map = OneRoad(true, 400);
  map.undirected = false;
  map.road_of_edge = {{0, 0}, {0, 1}};
  AddPlaceCuts(&map, {{{0.75, 2u}}, {{0.25, 2u}}});
  ASSERT_EQ(map.roads[0].arcs[0].entries.size(), 3u);
  // d(2) = 0, d(0) = 300, d(1) = 100; radius 50: 1/8 of the road on either side of the cut.
  const auto lines = ServiceAreaLines(map, {300, 100, 0}, 50);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NEAR(lines[0].front().first, 0.002 * 0.625, 1e-12);
  EXPECT_NEAR(lines[0].back().first, 0.002 * 0.875, 1e-12);
}

TEST(ServiceArea, AnUndirectedEdgesCutsServeBothDirections) {
  Graph g;
  g.n = 2;
  g.directed = false;
  g.edges.push_back({0, 1, 400});
  MapRoads map = RoadsOfGraph(g, {{0.0, 0.0}, {0.002, 0.0}});
  ASSERT_EQ(map.roads.size(), 1u);
  ASSERT_EQ(map.roads[0].arcs.size(), 2u);
  AddPlaceCuts(&map, {{{0.75, 2u}}});
  const auto lines = ServiceAreaLines(map, {300, 100, 0}, 50);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NEAR(lines[0].front().first, 0.002 * 0.625, 1e-12);
  EXPECT_NEAR(lines[0].back().first, 0.002 * 0.875, 1e-12);
}

}  // namespace
}  // namespace gdist
