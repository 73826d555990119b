// Random Graphs (the readers' type) for the sparse-engine tests, and the dense
// engine as their oracle: BuildAdjacency + SolveApsp on the CPU backend, a
// separate implementation (blocked Floyd-Warshall over a matrix).
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "lib/core/graph.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "test_util.hpp"

namespace gdist::test {

struct RandomGraphSpec {
  std::size_t n = 60;
  std::size_t edges = 150;
  bool directed = true;
  int max_weight = 1;              // 1: unweighted
  bool negative = false;           // arcs w = base + p(u) - p(v): negative arcs, no negative cycle
  bool quarter_fractions = false;  // weights k/4: fractional but exact in float sums
  bool duplicates = true;          // repeat some pairs with other weights
  bool self_loops = true;
  std::size_t isolated = 3;  // vertices with no arcs at all (unreachable parts)
};

inline Graph MakeRandomGraph(const RandomGraphSpec& spec, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Graph g;
  g.n = spec.n;
  g.directed = spec.directed;
  g.labels = VertexLabels::Range(spec.n, 1);
  g.format_name = "random";
  g.integral_weights = !spec.quarter_fractions;
  const std::size_t live = spec.n - spec.isolated;
  std::uniform_int_distribution<std::size_t> vertex(0, live - 1);
  std::uniform_int_distribution<int> base(spec.max_weight == 1 ? 1 : 0, spec.max_weight), pot(0, 20);
  std::vector<int> p(spec.n);
  for (int& x : p) x = spec.negative ? pot(rng) : 0;
  auto weight = [&](std::size_t u, std::size_t v) {
    double w = base(rng) + p[u] - p[v];
    if (spec.quarter_fractions) w = w / 4.0;
    return w;
  };
  for (std::size_t i = 0; i < spec.edges; ++i) {
    std::size_t u = vertex(rng), v = vertex(rng);
    if (u == v && !spec.self_loops) continue;
    double w = u == v ? std::abs(weight(u, v)) : weight(u, v);
    g.edges.push_back({static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v), w});
    if (spec.duplicates && rng() % 8 == 0)
      g.edges.push_back({static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v), weight(u, v)});
  }
  return g;
}

// The dense engine's distances (CPU backend, one thread).
template <class T> DistMatrix<T> DenseDistances(const Graph& g, const AdjacencyOptions& options = {}) {
  DistMatrix<T> m = BuildAdjacency<T>(g, options);
  ApspOptions o;
  o.backend = Backend::kCpu;
  o.threads = 1;
  SolveApsp(m, o);
  return m;
}

// The dense engine's distances of a CSR graph (its adjacency through
// Floyd-Warshall on the CPU backend), and their summary.
template <class T> DistMatrix<T> DenseDistancesOf(const CsrGraph<T>& csr) {
  DistMatrix<T> m = CsrToAdjacency(csr);
  ApspOptions o;
  o.backend = Backend::kCpu;
  o.threads = 1;
  SolveApsp(m, o);
  return m;
}
template <class T> DistanceSummary DenseSummary(const CsrGraph<T>& csr, const MetricsOptions& options) {
  return Summarize(DenseDistancesOf(csr).view(), options);
}

// The bounded metrics (ComputeSparseMetrics with every eccentricity) of a
// connected graph against a reference's per-vertex eccentricities and totals
// (an independent all-pairs run): diameter, radius, center, periphery, the
// 1-median (least total, then least index) and its total, every eccentricity.
template <class T> void ExpectBoundedAnswers(const CsrGraph<T>& g, const std::vector<double>& eccentricity,
                                             const std::vector<double>& total, const std::string& method) {
  ASSERT_EQ(eccentricity.size(), g.n);
  ASSERT_EQ(total.size(), g.n);
  const double diameter = *std::max_element(eccentricity.begin(), eccentricity.end());
  const double radius = *std::min_element(eccentricity.begin(), eccentricity.end());
  std::vector<std::size_t> center, periphery;
  std::size_t median = 0;
  for (std::size_t v = 0; v < g.n; ++v) {
    if (eccentricity[v] == radius) center.push_back(v);
    if (eccentricity[v] == diameter) periphery.push_back(v);
    if (total[v] < total[median]) median = v;
  }
  SparseMetricsRequest req;
  req.options.threads = 2;
  req.eccentricities = true;
  const SparseMetrics m = ComputeSparseMetrics(g, req);
  EXPECT_EQ(m.method, method);
  EXPECT_EQ(m.summary.diameter, diameter);
  EXPECT_EQ(m.summary.radius, radius);
  EXPECT_EQ(m.summary.center, center);
  EXPECT_EQ(m.summary.periphery, periphery);
  ASSERT_TRUE(m.summary.median.has_value());
  EXPECT_EQ(*m.summary.median, median);
  EXPECT_EQ(m.summary.median_total, total[median]);
  // The diameter's pair starts in the periphery.
  EXPECT_TRUE(std::binary_search(periphery.begin(), periphery.end(), m.summary.diameter_from));
  ASSERT_EQ(m.summary.eccentricity.size(), g.n);
  std::size_t wrong = 0;
  for (std::size_t v = 0; v < g.n; ++v) wrong += m.summary.eccentricity[v] != eccentricity[v];
  EXPECT_EQ(wrong, 0u) << "vertices whose eccentricity differs from the reference";
}

}  // namespace gdist::test
