// The sparse engine's metrics equal the dense path's (Summarize and
// ComputeCentrality over the dense engine's matrix) on random graphs of every
// kind: bounded (connected), from components (undirected, disconnected) and
// every tree (directed not strongly connected, per-vertex, centralities).
#include "lib/metrics/sparse_metrics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "formats/read_graph.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/sparse_all_eccentricities.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/sparse/components.hpp"
#include "sparse_test_graphs.hpp"

namespace gdist::test {
namespace {

template <class T> void ExpectSameMetrics(const CsrGraph<T>& csr, const std::string& what, bool every_vertex,
                                          bool reachable_only = false) {
  SCOPED_TRACE(what + (every_vertex ? " every vertex" : " bounds"));
  MetricsOptions mo;
  mo.threads = 2;
  mo.reachable_only = reachable_only;
  const DistMatrix<T> m = DenseDistancesOf(csr);
  const DistanceSummary want = Summarize(m.view(), mo);
  SparseMetricsRequest req;
  req.options = mo;
  req.every_vertex = every_vertex;
  req.centrality = every_vertex;
  const SparseMetrics got = ComputeSparseMetrics(csr, req);
  const DistanceSummary& s = got.summary;
  SCOPED_TRACE(got.method);
  EXPECT_EQ(s.n, want.n);
  EXPECT_EQ(s.diameter, want.diameter);
  EXPECT_EQ(s.diameter_from, want.diameter_from);
  EXPECT_EQ(s.diameter_to, want.diameter_to);
  EXPECT_EQ(s.radius, want.radius);
  EXPECT_EQ(s.center, want.center);
  EXPECT_EQ(s.periphery, want.periphery);
  EXPECT_EQ(s.median, want.median);
  if (want.median) {
    EXPECT_EQ(s.median_total, want.median_total);
  }
  EXPECT_EQ(s.unreachable_pairs, want.unreachable_pairs);
  if (!every_vertex) return;
  EXPECT_EQ(s.eccentricity, want.eccentricity);
  EXPECT_EQ(s.total, want.total);
  EXPECT_EQ(s.unreachable_from, want.unreachable_from);
  const Centrality c = ComputeCentrality(m.view(), want, csr.directed, 2);
  ASSERT_TRUE(got.has_centrality);
  const Centrality& g = got.centrality;
  EXPECT_EQ(g.closeness, c.closeness);
  ASSERT_EQ(g.harmonic.size(), c.harmonic.size());
  for (std::size_t v = 0; v < c.harmonic.size(); ++v)  // per level vs per element: rounding only
    EXPECT_NEAR(g.harmonic[v], c.harmonic[v], 1e-12 * std::max(1.0, c.harmonic[v])) << v;
  EXPECT_EQ(g.reachable_pairs, c.reachable_pairs);
  if (std::isnan(c.average_path_length)) {
    EXPECT_TRUE(std::isnan(g.average_path_length));
  } else {
    EXPECT_EQ(g.average_path_length, c.average_path_length);
  }
  EXPECT_EQ(g.wiener_index, c.wiener_index);
  EXPECT_EQ(g.histogram.counts, c.histogram.counts);
  EXPECT_EQ(g.histogram.min, c.histogram.min);
  EXPECT_EQ(g.histogram.bin_width, c.histogram.bin_width);
  EXPECT_EQ(g.histogram.unit_bins, c.histogram.unit_bins);
}

// Every eccentricity by bounding equals the dense summary's per-vertex values.
template <class T> void ExpectSameEccentricities(const CsrGraph<T>& csr, const std::string& what) {
  SCOPED_TRACE(what + " bounded eccentricities");
  if (!EccentricityBoundingApplies(csr)) return;
  MetricsOptions mo;
  mo.threads = 2;
  const DistanceSummary want = DenseSummary(csr, mo);
  for (int threads : {1, 3}) {
    const AllEccentricities got = BoundedEccentricities(csr, threads);
    EXPECT_EQ(got.eccentricity, want.eccentricity) << threads << " threads";
    EXPECT_LE(got.trees, csr.n * (csr.directed ? 2 : 1));
  }
}

template <class T> void Rounds(RandomGraphSpec spec, int rounds) {
  for (int r = 0; r < rounds; ++r) {
    const std::uint64_t seed = TestSeed();
    const std::string what = "seed " + std::to_string(seed) + (spec.directed ? " directed" : " undirected") +
                             " max_weight " + std::to_string(spec.max_weight);
    const CsrGraph<T> full = BuildCsrGraph<T>(MakeRandomGraph(spec, seed));
    ExpectSameMetrics(full, what + " whole", false);
    ExpectSameMetrics(full, what + " whole", true);
    ExpectSameMetrics(full, what + " whole reachable-only", true, true);
    const CsrGraph<T> big = LargestComponent(full, ComponentKind::kStrong);
    ExpectSameMetrics(big, what + " largest component", false);
    ExpectSameMetrics(big, what + " largest component", true);
    ExpectSameEccentricities(big, what + " largest component");
  }
}

TEST(SparseMetrics, EqualDenseOnRandomGraphs) {
  for (bool directed : {false, true}) {
    Rounds<std::int32_t>({.n = 120, .edges = directed ? 400u : 170u, .directed = directed}, 3);
    Rounds<std::int32_t>({.n = 100, .edges = directed ? 350u : 150u, .directed = directed, .max_weight = 50}, 3);
    Rounds<float>(
        {.n = 60, .edges = directed ? 200u : 90u, .directed = directed, .max_weight = 20, .quarter_fractions = true},
        2);
  }
}

// Negative arcs (w = base + p(u) - p(v): no negative cycle), directed only (an
// undirected negative edge is a negative cycle): Johnson's trees, bounded and
// every-tree metrics, against Floyd-Warshall.
TEST(SparseMetrics, EqualDenseWithNegativeArcs) {
  Rounds<std::int32_t>({.n = 100, .edges = 420, .directed = true, .max_weight = 30, .negative = true}, 3);
  Rounds<float>(
      {.n = 60, .edges = 240, .directed = true, .max_weight = 20, .negative = true, .quarter_fractions = true}, 2);
}

TEST(SparseMetrics, EqualDenseOnRealGraphs) {
  int ran = 0;
  for (const char* rel : {"dimacs9/rome99.gr", "suitesparse/1138_bus.mtx"}) {
    const std::string path = std::string(GDIST_SHARED_DATA) + "/" + rel;
    if (!std::filesystem::exists(path)) continue;
    ReadOptions ro;
    ro.undirected = std::string(rel).find("1138") != std::string::npos;  // unit-free topology: weights ignored below
    Graph g = ReadGraph(path, ro);
    if (ro.undirected)
      for (Edge& e : g.edges) e.weight = 1;
    g.integral_weights = true;
    const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
    ExpectSameMetrics(csr, rel, false);
    ExpectSameMetrics(csr, rel, true);
    ExpectSameEccentricities(LargestComponent(csr, ComponentKind::kStrong), rel);
    ++ran;
  }
  if (ran == 0) GTEST_SKIP() << "no shared data";
}

}  // namespace
}  // namespace gdist::test
