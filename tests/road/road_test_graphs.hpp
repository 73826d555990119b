// Road-like random graphs for the hierarchy tests: grids with one-way streets,
// missing blocks and isolated junctions, and random geometric graphs with
// Euclidean-ish weights (each point joined to its nearest neighbours). Seeds
// come from the per-run TestSeed (GDIST_SEED replays).
#pragma once
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "lib/core/graph.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist::test {

struct GridSpec {
  std::size_t rows = 20, cols = 25;
  bool directed = true;
  double one_way = 0.3;   // a street open in one direction only
  double missing = 0.05;  // a street that is not there
  double zero = 0.05;     // a street of length 0
  int max_weight = 100;
  bool quarters = false;  // weights k/4: fractional, exact in float sums
  double fraction = 0.0;  // > 0: weights w * (1 + fraction * u), u in [0, 1): inexact float sums
  std::size_t isolated = 3;
};

inline double RandomWeight(std::mt19937_64& rng, int max_weight, double zero, bool quarters, double fraction) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  if (unit(rng) < zero) return 0.0;
  double w = static_cast<double>(1 + rng() % static_cast<std::uint64_t>(max_weight));
  if (quarters) w /= 4.0;
  if (fraction > 0) w *= 1.0 + fraction * unit(rng);
  return w;
}

inline Graph MakeGridRoads(const GridSpec& s, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Graph g;
  g.n = s.rows * s.cols + s.isolated;
  g.directed = s.directed;
  g.labels = VertexLabels::Range(g.n, 1);
  g.integral_weights = !s.quarters && s.fraction == 0;
  auto street = [&](std::size_t a, std::size_t b) {
    if (unit(rng) < s.missing) return;
    const double w = RandomWeight(rng, s.max_weight, s.zero, s.quarters, s.fraction);
    const auto u = static_cast<std::uint32_t>(a), v = static_cast<std::uint32_t>(b);
    if (!s.directed || unit(rng) >= s.one_way) {
      g.edges.push_back({u, v, w});
      if (s.directed) g.edges.push_back({v, u, w});
    } else if (rng() % 2) {
      g.edges.push_back({u, v, w});
    } else {
      g.edges.push_back({v, u, w});
    }
  };
  for (std::size_t r = 0; r < s.rows; ++r)
    for (std::size_t c = 0; c < s.cols; ++c) {
      const std::size_t v = r * s.cols + c;
      if (c + 1 < s.cols) street(v, v + 1);
      if (r + 1 < s.rows) street(v, v + s.cols);
    }
  return g;
}

struct GeometricSpec {
  std::size_t n = 600;
  std::size_t neighbours = 3;  // each point joined to its nearest ones
  bool directed = false;
  double one_way = 0.0;
  double scale = 1000.0;  // coordinates in [0, scale)^2; weight = rounded distance (+0..2)
};

inline Graph MakeGeometricRoads(const GeometricSpec& s, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> coord(0.0, s.scale), unit(0.0, 1.0);
  std::vector<double> x(s.n), y(s.n);
  for (std::size_t i = 0; i < s.n; ++i) x[i] = coord(rng), y[i] = coord(rng);
  Graph g;
  g.n = s.n;
  g.directed = s.directed;
  g.labels = VertexLabels::Range(g.n, 0);
  std::vector<std::pair<double, std::uint32_t>> near(s.n);
  for (std::size_t i = 0; i < s.n; ++i) {
    for (std::size_t j = 0; j < s.n; ++j)
      near[j] = {std::hypot(x[i] - x[j], y[i] - y[j]), static_cast<std::uint32_t>(j)};
    std::partial_sort(near.begin(), near.begin() + static_cast<std::ptrdiff_t>(std::min(s.n, s.neighbours + 1)),
                      near.end());
    for (std::size_t k = 1; k <= s.neighbours && k < s.n; ++k) {
      const double w = std::round(near[k].first) + static_cast<double>(rng() % 3);
      const auto u = static_cast<std::uint32_t>(i), v = near[k].second;
      g.edges.push_back({u, v, w});
      if (s.directed && unit(rng) >= s.one_way) g.edges.push_back({v, u, w});
    }
  }
  return g;
}

// Every source's row by the sparse engine's Dijkstra: the oracle.
template <class W> std::vector<W> DijkstraRows(const CsrGraph<W>& g, const std::vector<std::uint32_t>& sources) {
  std::vector<W> rows(sources.size() * g.n);
  ShortestPathTrees<W>(g).Rows(sources, rows.data(), g.n, 1);
  return rows;
}

inline std::vector<std::uint32_t> SomeSources(std::size_t n, std::size_t k, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> s(k);
  for (auto& v : s) v = static_cast<std::uint32_t>(rng() % n);
  return s;
}

}  // namespace gdist::test
