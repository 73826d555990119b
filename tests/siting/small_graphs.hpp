// Random small graphs for the siting and metrics tests, with an independent
// reference: a textbook triple-loop Floyd-Warshall on plain vectors (not the
// engine's blocked one), so a test compares two separate computations.
#pragma once
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "lib/engine/apsp.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist::testing {

constexpr std::int64_t kNoPath = std::numeric_limits<std::int64_t>::max() / 4;

struct SmallGraph {
  std::size_t n = 0;
  bool directed = false;
  std::vector<std::vector<std::int64_t>> dist;  // reference distances, kNoPath when unreachable
  struct Arc {
    std::size_t from, to;
    int weight;
  };
  std::vector<Arc> arcs;            // as generated (one per undirected edge)
  DistMatrix<std::int32_t> matrix;  // the same graph through SolveApsp
};

// n vertices, each ordered pair an arc with probability `density`, weights
// 1..max_w; `cycle` adds arcs i -> i+1 (mod n) so every vertex reaches every other.
inline SmallGraph RandomGraph(std::size_t n, bool directed, double density, int max_w, std::uint64_t seed,
                              bool cycle = true) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> coin(0, 1);
  std::uniform_int_distribution<int> weight(1, max_w);
  SmallGraph g;
  g.n = n;
  g.directed = directed;
  g.dist.assign(n, std::vector<std::int64_t>(n, kNoPath));
  DistMatrix<std::int32_t> m(n);
  for (std::size_t i = 0; i < n; ++i) g.dist[i][i] = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = directed ? 0 : i + 1; j < n; ++j) {
      const bool on_cycle = cycle && (j == (i + 1) % n || (!directed && i == (j + 1) % n));
      if (i == j || (!on_cycle && coin(rng) >= density)) continue;
      const int w = weight(rng);
      g.arcs.push_back({i, j, w});
      g.dist[i][j] = std::min<std::int64_t>(g.dist[i][j], w);
      m.at(i, j) = std::min(m.at(i, j), w);
      if (!directed) {
        g.dist[j][i] = g.dist[i][j];
        m.at(j, i) = m.at(i, j);
      }
    }
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        if (g.dist[i][k] < kNoPath && g.dist[k][j] < kNoPath)
          g.dist[i][j] = std::min(g.dist[i][j], g.dist[i][k] + g.dist[k][j]);
  m.meta().directed = directed;
  m.meta().labels = VertexLabels::Range(n, 1);
  ApspOptions opts;
  opts.backend = Backend::kCpu;
  SolveApsp(m, opts);
  g.matrix = std::move(m);
  return g;
}

}  // namespace gdist::testing
