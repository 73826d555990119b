// Random test graphs and independent oracles for the engine tests.
//  - Negative weights without negative cycles: w(u,v) = base + p(u) - p(v) with
//    base >= 0 and a random potential p, so every cycle sums to its bases (>= 0)
//    (the reweighting argument of Johnson, JACM 1977, run backwards).
//  - Unreachable pairs: a random set of vertices gets no incoming arcs.
//  - Oracles: Boost.Graph floyd_warshall_all_pairs_shortest_paths (a separate
//    implementation) and the textbook triple loop (lib/engine/reference_fw.hpp).
// Seeds are fresh per run (std::random_device) unless GDIST_TEST_SEED is set;
// every test prints its seed on failure through SCOPED_TRACE.
#pragma once
#include <gtest/gtest.h>

// GCC 12 sees "maybe uninitialized" iterators inside Boost.Graph at -O3: a
// false positive in the library's code, not ours.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/floyd_warshall_shortest.hpp>
#pragma GCC diagnostic pop
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "lib/core/range_check.hpp"
#include "lib/graph/csr.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist::test {

inline std::uint64_t FreshSeed() {
  if (const char* s = std::getenv("GDIST_TEST_SEED")) return std::strtoull(s, nullptr, 10);
  std::random_device rd;
  return (std::uint64_t(rd()) << 32) ^ rd();
}

inline std::string SeedNote(std::uint64_t seed) {
  return "seed " + std::to_string(seed) + " (rerun with GDIST_TEST_SEED=" + std::to_string(seed) + ")";
}

struct TestArc {
  std::size_t tail, head;
  long long weight;
};

struct TestGraph {
  std::size_t n = 0;
  std::vector<TestArc> arcs;  // no self-loops, no duplicate (tail, head)
  long long max_abs = 0;
  bool negative = false;
};

// n vertices, each ordered pair an arc with probability `density` (except arcs
// into "sources", about 1 vertex in 8, which get none), base weights 0..max_base
// and, when `potential` > 0, potentials 0..potential.
inline TestGraph RandomGraph(std::size_t n, double density, int max_base, int potential, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> coin(0, 1);
  std::uniform_int_distribution<int> base(0, max_base), pot(0, std::max(potential, 0));
  std::vector<long long> p(n), no_in(n);
  for (std::size_t v = 0; v < n; ++v) {
    p[v] = potential > 0 ? pot(rng) : 0;
    no_in[v] = coin(rng) < 0.125;
  }
  TestGraph g;
  g.n = n;
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v) {
      if (u == v || no_in[v] || coin(rng) >= density) continue;
      const long long w = base(rng) + p[u] - p[v];
      g.arcs.push_back({u, v, w});
      g.max_abs = std::max(g.max_abs, w < 0 ? -w : w);
      g.negative |= w < 0;
    }
  return g;
}

// The same arcs as the dense engine's 16-bit bound and the run from the arcs
// read them: out-arcs by tail, in the graph's order (int32 weights).
inline ArcCsr ArcCsrOf(const TestGraph& g) {
  ArcCsr c;
  c.n = g.n;
  c.offsets.assign(g.n + 1, 0);
  for (const TestArc& a : g.arcs) ++c.offsets[a.tail + 1];
  for (std::size_t v = 0; v < g.n; ++v) c.offsets[v + 1] += c.offsets[v];
  c.heads.resize(g.arcs.size());
  c.weights.resize(g.arcs.size());
  std::vector<std::uint64_t> next(c.offsets.begin(), c.offsets.end() - 1);
  for (const TestArc& a : g.arcs) {
    c.heads[next[a.tail]] = static_cast<std::uint32_t>(a.head);
    c.weights[next[a.tail]++] = static_cast<std::int32_t>(a.weight);
  }
  return c;
}

template <class T> DistMatrix<T> ToMatrix(const TestGraph& g) {
  DistMatrix<T> m(g.n);
  for (const TestArc& a : g.arcs) m.at(a.tail, a.head) = static_cast<T>(a.weight);
  return m;
}

// Integer results drift below INF where "INF + negative" was formed; like
// SolveApsp, map everything past the largest possible finite distance to INF.
template <class T> void NormaliseUnreachable(DistMatrix<T>& m, const TestGraph& g) {
  if constexpr (std::is_integral_v<T>) {
    const double bound = PathSumBound(g.n, double(g.max_abs));
    for (std::size_t i = 0; i < m.n(); ++i)
      for (std::size_t j = 0; j < m.n(); ++j)
        if (double(m.at(i, j)) > bound) m.at(i, j) = DistMatrix<T>::kInf;
  }
}

// Boost.Graph's Floyd-Warshall on the same arcs; unreachable = kInf.
template <class T> std::vector<std::vector<T>> BoostDistances(const TestGraph& g) {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                      boost::property<boost::edge_weight_t, T>>;
  Graph bg(g.n);
  for (const TestArc& a : g.arcs) boost::add_edge(a.tail, a.head, static_cast<T>(a.weight), bg);
  std::vector<std::vector<T>> d(g.n, std::vector<T>(g.n));
  const bool ok = boost::floyd_warshall_all_pairs_shortest_paths(
      bg, d, boost::distance_inf(DistMatrix<T>::kInf).distance_zero(T(0)));
  EXPECT_TRUE(ok) << "Boost found a negative cycle in a graph built without one";
  return d;
}

// First differing cell of the n x n parts, or "" when they agree.
template <class T> std::string FirstDifference(const DistMatrix<T>& got, const std::vector<std::vector<T>>& want) {
  for (std::size_t i = 0; i < got.n(); ++i)
    for (std::size_t j = 0; j < got.n(); ++j)
      if (got.at(i, j) != want[i][j])
        return "d(" + std::to_string(i) + "," + std::to_string(j) + ") = " + std::to_string(got.at(i, j)) +
               ", expected " + std::to_string(want[i][j]);
  return "";
}

template <class T> std::vector<std::vector<T>> Rows(const DistMatrix<T>& m) {
  std::vector<std::vector<T>> rows(m.n(), std::vector<T>(m.n()));
  for (std::size_t i = 0; i < m.n(); ++i)
    for (std::size_t j = 0; j < m.n(); ++j) rows[i][j] = m.at(i, j);
  return rows;
}

}  // namespace gdist::test
