// Random Graphs (the readers' type) for the sparse-engine tests, and the dense
// engine as their oracle: BuildAdjacency + SolveApsp on the CPU backend, a
// separate implementation (blocked Floyd-Warshall over a matrix).
#pragma once
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "lib/core/graph.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/matrix/adjacency.hpp"
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

}  // namespace gdist::test
