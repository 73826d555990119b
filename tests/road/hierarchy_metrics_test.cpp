// The metrics of a graph from its road hierarchy (HierarchyMetrics: the
// bounding searches on PHAST trees, or every PHAST row) against a brute force
// over every Dijkstra row: diameter and its pair, radius, center, periphery,
// the 1-median and its total, every eccentricity; connected, strongly
// connected, disconnected and directed graphs with one-ways and zero weights.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "lib/core/element_traits.hpp"
#include "lib/pipeline/road_metrics.hpp"
#include "lib/road/contraction_hierarchy.hpp"
#include "lib/sparse/components.hpp"
#include "road_test_graphs.hpp"
#include "test_util.hpp"

namespace gdist::test {
namespace {

// The answers from every row (least index on ties, as the dense summary).
struct BruteForce {
  std::vector<MetricNumber> ecc, total;
  MetricNumber diameter, radius = DistanceSummary::kInfinite;
  std::vector<std::size_t> center, periphery;
  std::size_t median = 0;
  MetricNumber median_total = DistanceSummary::kInfinite;
};

template <class W> BruteForce Oracle(const CsrGraph<W>& g) {
  std::vector<std::uint32_t> all(g.n);
  std::iota(all.begin(), all.end(), 0u);
  const std::vector<W> rows = DijkstraRows(g, all);
  BruteForce b;
  b.ecc.assign(g.n, MetricNumber::Of(W{0}));
  b.total.assign(g.n, MetricNumber::Of(W{0}));
  for (std::size_t s = 0; s < g.n; ++s)
    for (std::size_t v = 0; v < g.n; ++v) {
      const W d = rows[s * g.n + v];
      if (d >= ElementTraits<W>::kInf) {
        b.ecc[s] = DistanceSummary::kInfinite;
      } else {
        b.ecc[s] = std::max(b.ecc[s], MetricNumber::Of(d));
        if constexpr (std::is_integral_v<W>) b.total[s] = MetricNumber::Integer(b.total[s].integer() + d);
        else b.total[s] = MetricNumber::Real(b.total[s].ToDouble() + static_cast<double>(d));
      }
    }
  b.diameter = *std::max_element(b.ecc.begin(), b.ecc.end());
  b.radius = *std::min_element(b.ecc.begin(), b.ecc.end());
  for (std::size_t v = 0; v < g.n; ++v) {
    if (b.ecc[v] == b.radius) b.center.push_back(v);
    if (b.ecc[v] == b.diameter) b.periphery.push_back(v);
    if (b.total[v] < b.median_total) b.median_total = b.total[v], b.median = v;
  }
  return b;
}

template <class W> SparseMetrics FromHierarchy(const CsrGraph<W>& g, bool eccentricities, bool every_vertex = false) {
  ContractionOptions options;
  options.threads = 2;
  const ContractionHierarchy<W> ch = BuildContractionHierarchy(g, options);
  SparseMetricsRequest request;
  request.options.threads = 2;
  request.eccentricities = eccentricities;
  request.every_vertex = every_vertex;
  return HierarchyMetrics(ch, request, Backend::kCpu);
}

// Connected (strongly, when directed): the bounding searches must match every row.
template <class W> void ExpectBoundsEqualBruteForce(const Graph& graph, const std::string& what) {
  SCOPED_TRACE(what);
  const CsrGraph<W> g = BuildCsrGraph<W>(graph);
  ASSERT_EQ((g.directed ? StrongComponents(g) : WeakComponents(g)).count, 1u) << "the case must be connected";
  const BruteForce want = Oracle(g);
  const SparseMetrics got = FromHierarchy(g, std::is_integral_v<W>);
  EXPECT_EQ(got.method, "bounds (PHAST trees)");
  const DistanceSummary& s = got.summary;
  EXPECT_EQ(s.diameter, want.diameter);
  EXPECT_EQ(want.ecc[s.diameter_from], want.diameter);
  EXPECT_EQ(s.radius, want.radius);
  EXPECT_EQ(s.center, want.center);
  EXPECT_EQ(s.periphery, want.periphery);
  ASSERT_TRUE(s.median.has_value());
  EXPECT_EQ(*s.median, want.median);
  EXPECT_EQ(s.median_total, want.median_total);
  EXPECT_EQ(s.unreachable_pairs, 0u);
  if (std::is_integral_v<W>) {
    EXPECT_EQ(s.eccentricity, want.ecc);
  }
}

// The largest strong component of a directed grid with one-ways: relabelled 0..k-1.
Graph LargestStrongPart(const Graph& graph) {
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(graph);
  const Components c = StrongComponents(g);
  std::vector<std::uint32_t> id(g.n, 0xFFFFFFFFu);
  Graph part;
  part.directed = graph.directed;
  part.integral_weights = graph.integral_weights;
  for (std::size_t v = 0; v < g.n; ++v)
    if (c.id[v] == c.largest) id[v] = static_cast<std::uint32_t>(part.n++);
  part.labels = VertexLabels::Range(part.n, 0);
  for (const auto& e : graph.edges)
    if (id[e.from] != 0xFFFFFFFFu && id[e.to] != 0xFFFFFFFFu) part.edges.push_back({id[e.from], id[e.to], e.weight});
  return part;
}

TEST(HierarchyMetrics, UndirectedRoadsEqualEveryRow) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec grid;
  grid.directed = false;
  grid.missing = 0;
  grid.isolated = 0;
  ExpectBoundsEqualBruteForce<std::int32_t>(MakeGridRoads(grid, seed), "undirected grid with zero weights, int32");
  ExpectBoundsEqualBruteForce<std::int64_t>(MakeGridRoads(grid, seed + 1), "undirected grid, int64");
  grid.quarters = true;
  ExpectBoundsEqualBruteForce<float>(MakeGridRoads(grid, seed + 2), "undirected grid, float quarters");
  ExpectBoundsEqualBruteForce<double>(MakeGridRoads(grid, seed + 3), "undirected grid, double quarters");
}

TEST(HierarchyMetrics, DirectedOneWaysEqualEveryRow) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec grid;
  grid.one_way = 0.3;
  grid.isolated = 0;
  ExpectBoundsEqualBruteForce<std::int32_t>(LargestStrongPart(MakeGridRoads(grid, seed)),
                                            "largest strong part of a one-way grid, int32");
  ExpectBoundsEqualBruteForce<std::int64_t>(LargestStrongPart(MakeGridRoads(grid, seed + 1)),
                                            "largest strong part of a one-way grid, int64");
}

TEST(HierarchyMetrics, DisconnectedAndEveryVertex) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec grid;  // directed, one-ways, isolated junctions: not strongly connected
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(MakeGridRoads(grid, seed));
  const BruteForce want = Oracle(g);
  const SparseMetrics got = FromHierarchy(g, true);
  EXPECT_EQ(got.method, "every tree (PHAST)");
  EXPECT_EQ(got.summary.eccentricity, want.ecc);
  const CsrGraph<std::int32_t> reference = BuildCsrGraph<std::int32_t>(MakeGridRoads(grid, seed));
  const ComponentCounts c = CountComponents(reference);
  EXPECT_EQ(got.components.weak, c.weak);
  EXPECT_EQ(got.components.strong, c.strong);
  EXPECT_EQ(got.components.largest_strong, c.largest_strong);
  // Undirected with isolated junctions: every eccentricity infinite, from the components.
  grid.directed = false;
  const CsrGraph<std::int32_t> apart = BuildCsrGraph<std::int32_t>(MakeGridRoads(grid, seed + 1));
  const SparseMetrics parts = FromHierarchy(apart, false);
  EXPECT_EQ(parts.method, "components");
  EXPECT_EQ(parts.summary.diameter, DistanceSummary::kInfinite);
  EXPECT_EQ(parts.components.weak, CountComponents(apart).weak);
  // Every vertex's values asked for: every row, equal to the brute force.
  grid.missing = 0;
  grid.isolated = 0;
  const CsrGraph<std::int32_t> whole = BuildCsrGraph<std::int32_t>(MakeGridRoads(grid, seed + 2));
  const SparseMetrics rows = FromHierarchy(whole, false, true);
  EXPECT_EQ(rows.method, "every tree (PHAST)");
  EXPECT_EQ(rows.summary.total, Oracle(whole).total);
}

}  // namespace
}  // namespace gdist::test
