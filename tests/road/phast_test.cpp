// PHAST rows from a contraction hierarchy against the sparse engine's
// Dijkstra: bit for bit for integer weights (and for float weights whose sums
// are exact), within the stated relative bound for inexact float sums.
#include "lib/road/phast.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "lib/road/contraction_hierarchy.hpp"
#include "lib/util/error.hpp"
#include "lib/util/interruption.hpp"
#include "road_test_graphs.hpp"
#include "test_util.hpp"

namespace gdist::test {
namespace {

template <class W> void ExpectRowsEqualDijkstra(const Graph& graph, std::uint64_t seed, int threads = 2) {
  const CsrGraph<W> g = BuildCsrGraph<W>(graph);
  ContractionOptions options;
  options.threads = threads;
  const ContractionHierarchy<W> ch = BuildContractionHierarchy(g, options);
  std::vector<std::uint32_t> sources = SomeSources(g.n, 37, seed);  // not a multiple of the lanes
  sources.push_back(static_cast<std::uint32_t>(g.n - 1));           // an isolated or far vertex
  const std::vector<W> want = DijkstraRows(g, sources);
  std::vector<W> got(sources.size() * g.n, W{7});
  PhastTrees<W>(ch).Rows(sources, got.data(), g.n, threads);
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (std::size_t v = 0; v < g.n; ++v)
      ASSERT_EQ(got[i * g.n + v], want[i * g.n + v]) << "source " << sources[i] << " vertex " << v;
  std::vector<W> one(g.n);
  PhastTrees<W>(ch).Tree(sources[0], one.data());
  for (std::size_t v = 0; v < g.n; ++v) ASSERT_EQ(one[v], want[v]) << "Tree, vertex " << v;
  // Columns: d(v, s) from the same hierarchy.
  std::vector<W> want_columns(sources.size() * g.n);
  ShortestPathTrees<W>(g, TreeDirection::kTo).Rows(sources, want_columns.data(), g.n, 1);
  const PhastTrees<W> columns(ch, TreeDirection::kTo);
  columns.Rows(sources, got.data(), g.n, threads);
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (std::size_t v = 0; v < g.n; ++v)
      ASSERT_EQ(got[i * g.n + v], want_columns[i * g.n + v]) << "column of " << sources[i] << ", vertex " << v;
  columns.Tree(sources[0], one.data());
  for (std::size_t v = 0; v < g.n; ++v) ASSERT_EQ(one[v], want_columns[v]) << "Tree kTo, vertex " << v;
}

template <class W> class PhastExact : public ::testing::Test {};
using ElementTypes = ::testing::Types<std::int32_t, std::int64_t, float, double>;
TYPED_TEST_SUITE(PhastExact, ElementTypes);

TYPED_TEST(PhastExact, DirectedGridWithOneWaysZerosAndUnreachableParts) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.quarters = std::is_floating_point_v<TypeParam>;
  ExpectRowsEqualDijkstra<TypeParam>(MakeGridRoads(spec, seed), seed + 1);
}

TYPED_TEST(PhastExact, UndirectedGrid) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.directed = false;
  spec.rows = 30;
  spec.quarters = std::is_floating_point_v<TypeParam>;
  ExpectRowsEqualDijkstra<TypeParam>(MakeGridRoads(spec, seed), seed + 2, 1);
}

TYPED_TEST(PhastExact, GeometricGraphs) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GeometricSpec spec;
  ExpectRowsEqualDijkstra<TypeParam>(MakeGeometricRoads(spec, seed), seed + 3);
  spec.directed = true;
  spec.one_way = 0.25;
  ExpectRowsEqualDijkstra<TypeParam>(MakeGeometricRoads(spec, seed + 4), seed + 5);
}

TEST(Phast, RandomGraphsWithParallelArcsAndSelfLoops) {
  // Not road-like at all (no hierarchy to speak of): still exact. Parallel
  // arcs and self-loops are collapsed by BuildCsrGraph first.
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  for (int k = 0; k < 4; ++k) {
    std::mt19937_64 rng(seed + static_cast<unsigned>(k));
    Graph graph;
    graph.n = 300;
    graph.directed = k % 2 == 0;
    graph.labels = VertexLabels::Range(graph.n, 1);
    for (int e = 0; e < 900; ++e) {
      const auto u = static_cast<std::uint32_t>(rng() % 280), v = static_cast<std::uint32_t>(rng() % 280);
      graph.edges.push_back({u, v, static_cast<double>(rng() % 50)});
      if (rng() % 5 == 0) graph.edges.push_back({u, v, static_cast<double>(rng() % 50)});  // a parallel arc
    }
    ExpectRowsEqualDijkstra<std::int32_t>(graph, seed + 10);
  }
}

TEST(Phast, Int64WeightsPastInt32) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.max_weight = 1'000'000'000;  // sums of a few pass 2^31; exact in int64 (and as doubles)
  ExpectRowsEqualDijkstra<std::int64_t>(MakeGridRoads(spec, seed), seed);
}

TEST(Phast, AllZeroWeightsAndTinyGraphs) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.zero = 1.0;
  ExpectRowsEqualDijkstra<std::int32_t>(MakeGridRoads(spec, seed), seed);
  Graph single;
  single.n = 1;
  single.labels = VertexLabels::Range(1, 0);
  ExpectRowsEqualDijkstra<std::int32_t>(single, seed);
}

// Fractional weights whose sums round: PHAST adds along up and down arcs
// (shortcut sums first), Dijkstra along the path, so the last bits may
// differ. The rule: relative difference <= 1e-5 (float32), 1e-13 (float64).
template <class W> void ExpectRowsNearDijkstra(const Graph& graph, std::uint64_t seed, double relative) {
  const CsrGraph<W> g = BuildCsrGraph<W>(graph);
  const ContractionHierarchy<W> ch = BuildContractionHierarchy(g);
  const std::vector<std::uint32_t> sources = SomeSources(g.n, 20, seed);
  const std::vector<W> want = DijkstraRows(g, sources);
  std::vector<W> got(want.size());
  PhastTrees<W>(ch).Rows(sources, got.data(), g.n, 2);
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (std::isinf(want[i])) {
      ASSERT_TRUE(std::isinf(got[i])) << i;
      continue;
    }
    ASSERT_LE(std::abs(static_cast<double>(got[i]) - static_cast<double>(want[i])),
              relative * static_cast<double>(want[i]))
        << i;
  }
}

TEST(Phast, InexactFloatSumsWithinTheRule) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.rows = 30;
  spec.fraction = 0.37;
  ExpectRowsNearDijkstra<float>(MakeGridRoads(spec, seed), seed, 1e-5);
  ExpectRowsNearDijkstra<double>(MakeGridRoads(spec, seed), seed, 1e-13);
}

// Interruption (lib/util/interruption.hpp): requested before or during the
// batches, PHAST's and Dijkstra's parallel loops skip what is left and throw
// once their threads have joined; cleared, both give the rows again.
TEST(Phast, InterruptedTreesThrowAndTheNextRunIsExact) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(MakeGridRoads(GridSpec{}, seed));
  ContractionOptions options;
  options.threads = 2;
  const ContractionHierarchy<std::int32_t> ch = BuildContractionHierarchy(g, options);
  const std::vector<std::uint32_t> sources = SomeSources(g.n, 200, seed);
  const PhastTrees<std::int32_t> phast(ch);
  const ShortestPathTrees<std::int32_t> dijkstra(g, TreeDirection::kFrom);
  std::size_t batches = 0;
  EXPECT_THROW(phast.ForEachBatch(sources, 2,
                                  [&](std::size_t, std::size_t, const std::int32_t*) {
                                    if (++batches == 2) RequestInterruption();
                                  }),
               Interrupted);
  EXPECT_LT(batches, (sources.size() + phast.kLanes - 1) / phast.kLanes) << "the batches after the request ran";
  std::size_t trees = 0;
  EXPECT_THROW(dijkstra.ForEachTree(sources, 2, [&](int, std::size_t, std::uint32_t, const std::int32_t*) { ++trees; }),
               Interrupted);
  EXPECT_EQ(trees, 0u) << "requested before the loop: no tree runs";
  ClearInterruption();
  const std::vector<std::int32_t> want = DijkstraRows(g, sources);
  std::vector<std::int32_t> got(sources.size() * g.n);
  phast.Rows(sources, got.data(), g.n, 2);
  EXPECT_EQ(got, want);
}

TEST(ContractionHierarchy, SameHierarchyWhateverTheThreadCount) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.rows = 40;
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(MakeGridRoads(spec, seed));
  ContractionOptions one, three;
  one.threads = 1;
  three.threads = 3;
  const auto a = BuildContractionHierarchy(g, one);
  const auto b = BuildContractionHierarchy(g, three);
  EXPECT_EQ(a.vertex_at, b.vertex_at);
  EXPECT_EQ(a.up.offsets, b.up.offsets);
  EXPECT_EQ(a.up.ends, b.up.ends);
  EXPECT_EQ(a.up.weights, b.up.weights);
  EXPECT_EQ(a.up.middles, b.up.middles);
  EXPECT_EQ(a.down.ends, b.down.ends);
  EXPECT_EQ(a.down.middles, b.down.middles);
  EXPECT_EQ(a.levels, b.levels);
}

TEST(ContractionHierarchy, ArcsGoUpAndShortcutsBypassLowerVertices) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(MakeGridRoads(GridSpec{}, seed));
  const auto ch = BuildContractionHierarchy(g);
  for (const auto* arcs : {&ch.up, &ch.down})
    for (std::size_t v = 0; v < ch.n; ++v)
      for (std::uint64_t a = arcs->offsets[v]; a < arcs->offsets[v + 1]; ++a) {
        ASSERT_GT(arcs->ends[a], v);
        if (arcs->middles[a] != kNoMiddle) {
          ASSERT_LT(arcs->middles[a], v);
        }
      }
  for (std::size_t v = 0; v < ch.n; ++v) ASSERT_EQ(ch.vertex_at[ch.position_of[v]], v);
}

TEST(ContractionHierarchy, PathSumPastInfRefusedFromTheParallelLoops) {
  // 600 paths a - b - c whose two arcs sum past the int32 INF: contracting b
  // needs the shortcut a - c, refused with gdist::Error (enough vertices for
  // the loops to run on several threads).
  Graph graph;
  graph.n = 1800;
  graph.directed = false;
  graph.labels = VertexLabels::Range(graph.n, 0);
  const double heavy = 6e8;  // < INF = 2^30 - 1, two of them are not
  for (std::uint32_t p = 0; p < 600; ++p) {
    graph.edges.push_back({3 * p, 3 * p + 1, heavy});
    graph.edges.push_back({3 * p + 1, 3 * p + 2, heavy});
  }
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(graph);
  ContractionOptions options;
  options.threads = 2;
  try {
    BuildContractionHierarchy(g, options);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("wider element type"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(BuildContractionHierarchy(BuildCsrGraph<std::int64_t>(graph), options));
}

TEST(ContractionHierarchy, NegativeArcRefused) {
  Graph graph;
  graph.n = 2;
  graph.labels = VertexLabels::Range(2, 0);
  graph.edges.push_back({0, 1, -1.0});
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(graph);
  EXPECT_THROW(BuildContractionHierarchy(g), Error);
}

}  // namespace
}  // namespace gdist::test

namespace gdist::test {
namespace {

// The plan's trial contraction (TryBuildContractionHierarchy): within generous
// limits the same hierarchy as without; past a limit (time, shortcuts per
// arc), none.
TEST(ContractionHierarchy, TrialGivesUpPastItsLimits) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.rows = 40;
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(MakeGridRoads(spec, seed));
  ContractionOptions generous;
  generous.seconds_budget = 3600;
  generous.max_shortcuts_per_arc = 100;
  const auto tried = TryBuildContractionHierarchy(g, generous);
  ASSERT_TRUE(tried.has_value());
  const auto built = BuildContractionHierarchy(g);
  EXPECT_EQ(tried->vertex_at, built.vertex_at);
  EXPECT_EQ(tried->up.ends, built.up.ends);
  EXPECT_EQ(tried->down.ends, built.down.ends);
  ContractionOptions hurried;
  hurried.seconds_budget = 1e-9;  // checked after the first round, which takes longer
  EXPECT_FALSE(TryBuildContractionHierarchy(g, hurried).has_value());
  // The shortcut cap (a memory guard): above the grid's own count per arc it passes, below it gives up.
  const double per_arc =
      static_cast<double>(built.shortcut_count()) / static_cast<double>(std::max<std::size_t>(1, g.arc_count()));
  ASSERT_GT(per_arc, 0.1);
  ContractionOptions capped;
  capped.max_shortcuts_per_arc = 1.5 * per_arc;
  EXPECT_TRUE(TryBuildContractionHierarchy(g, capped).has_value());
  capped.max_shortcuts_per_arc = 0.5 * per_arc;
  EXPECT_FALSE(TryBuildContractionHierarchy(g, capped).has_value());
}

}  // namespace
}  // namespace gdist::test
