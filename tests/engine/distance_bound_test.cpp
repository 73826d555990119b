// The graph-derived bound on the largest finite distance (distance_bound.hpp):
// never below the exact largest finite distance of the textbook triple loop,
// on random graphs with many strong components, unreachable parts, zero
// weights, directed and undirected; exact about its limit; hand-checked cases;
// strong components against Boost.Graph.
#include "lib/engine/distance_bound.hpp"

#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "lib/graph/strong_components.hpp"
#include "lib/testing/reference_fw.hpp"
#include "lib/util/error.hpp"
#include "tests/engine/test_graphs.hpp"

namespace gdist {
namespace {

using Matrix = DistMatrix<std::int32_t>;
constexpr std::int32_t kInf = Matrix::kInf;

// Blocks of random density (sparse ones break into many strong components),
// arcs between blocks only from a lower block to a higher one (so the
// condensation has long chains), some vertices without in-arcs.
Matrix RandomBlockGraph(std::size_t n, bool undirected, int max_weight, std::mt19937_64& rng) {
  Matrix m(n);
  std::uniform_real_distribution<double> coin(0, 1);
  std::uniform_int_distribution<int> weight(0, max_weight);
  const std::size_t blocks = 1 + rng() % 5;
  std::vector<std::size_t> block(n);
  for (std::size_t v = 0; v < n; ++v) block[v] = v * blocks / n;
  std::vector<double> density(blocks);
  for (double& d : density) d = coin(rng) < 0.5 ? 1.5 / double(n) : 6.0 / double(n) * blocks;
  const double cross = 0.5 / double(n);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v) {
      if (u == v) continue;
      const double p = block[u] == block[v] ? density[block[u]] : block[u] < block[v] ? cross : 0;
      if (coin(rng) >= p) continue;
      const std::int32_t w = weight(rng);
      m.at(u, v) = std::min(m.at(u, v), w);
      if (undirected) m.at(v, u) = std::min(m.at(v, u), w);
    }
  return m;
}

ArcCsr Arcs(const MatrixView<std::int32_t>& m) {
  ArcCsr g;
  EXPECT_TRUE(CsrOfAdjacency(m, SIZE_MAX, &g));
  return g;
}

std::int64_t ExactLargestDistance(const Matrix& adjacency) {
  Matrix d(adjacency.n());
  std::copy(adjacency.data(), adjacency.data() + adjacency.stride() * adjacency.stride(), d.data());
  ReferenceFloydWarshall(d.data(), d.n(), d.stride());
  std::int64_t largest = 0;
  for (std::size_t i = 0; i < d.n(); ++i)
    for (std::size_t j = 0; j < d.n(); ++j)
      if (d.at(i, j) < kInf) largest = std::max<std::int64_t>(largest, d.at(i, j));
  return largest;
}

TEST(DistanceBound, NeverBelowTheExactLargestDistanceAndExactAboutItsLimit) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  std::mt19937_64 rng(seed);
  int strongly_connected_seen = 0, many_components_seen = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t n = 1 + rng() % 220;
    const bool undirected = trial % 2 == 1;
    const int max_weight = trial % 3 == 0 ? 1 : trial % 3 == 1 ? 9 : 1000;
    SCOPED_TRACE("trial " + std::to_string(trial) + ", n " + std::to_string(n) + (undirected ? ", undirected" : ""));
    const Matrix m = RandomBlockGraph(n, undirected, max_weight, rng);
    const std::int64_t exact = ExactLargestDistance(m);
    const ArcCsr arcs = Arcs(m.view());
    const DistanceBound b = BoundLargestDistance(arcs, kMaxDistanceBoundLimit);
    ASSERT_TRUE(b.within_limit);
    EXPECT_GE(b.bound, exact);
    strongly_connected_seen += b.strong_components == 1 && n > 1;
    many_components_seen += b.strong_components > 10;
    // Exact about the limit: the same bound at limit = bound, refused below.
    const DistanceBound at = BoundLargestDistance(arcs, b.bound);
    EXPECT_TRUE(at.within_limit);
    EXPECT_EQ(at.bound, b.bound);
    if (b.bound > 0) {
      EXPECT_FALSE(BoundLargestDistance(arcs, b.bound - 1).within_limit);
    }
    if (exact > 0) {
      EXPECT_FALSE(BoundLargestDistance(arcs, exact - 1).within_limit);
    }
  }
  EXPECT_GT(many_components_seen, 0);
  (void)strongly_connected_seen;
}

TEST(DistanceBound, HandCheckedCases) {
  // A directed chain 0 -> 1 -> 2 (5, 7) plus 0 -> 2 (20): components are single
  // vertices, the heaviest chain 0 -> 2 weighs 20 (the arc, not on any
  // shortest path, still counts: the bound is 20 while the truth is 12).
  Matrix chain(3);
  chain.at(0, 1) = 5;
  chain.at(1, 2) = 7;
  chain.at(0, 2) = 20;
  DistanceBound b = BoundLargestDistance(Arcs(chain.view()), 1000);
  EXPECT_EQ(b.strong_components, 3u);
  ASSERT_TRUE(b.within_limit);
  EXPECT_EQ(b.bound, 20);

  // An undirected path 0 - 1 - 2 - 3 of unit arcs: the root is vertex 1 (the
  // first with two arcs), ecc 2 each way: bound 4 >= diameter 3.
  Matrix path(4);
  for (int v = 0; v < 3; ++v) path.at(v, v + 1) = path.at(v + 1, v) = 1;
  b = BoundLargestDistance(Arcs(path.view()), 1000);
  EXPECT_EQ(b.strong_components, 1u);
  EXPECT_EQ(b.bound, 4);

  // A directed 4-cycle of weight-3 arcs feeding vertex 4 by an arc of 10:
  // B(cycle) = ecc_out + ecc_in = 9 + 9, then + 10 into the sink.
  Matrix cycle(5);
  for (int v = 0; v < 4; ++v) cycle.at(v, (v + 1) % 4) = 3;
  cycle.at(2, 4) = 10;
  b = BoundLargestDistance(Arcs(cycle.view()), 1000);
  EXPECT_EQ(b.strong_components, 2u);
  EXPECT_EQ(b.bound, 28);
  EXPECT_FALSE(BoundLargestDistance(Arcs(cycle.view()), 27).within_limit);

  // Zero-weight arcs and isolated vertices; no arcs at all.
  Matrix zeros(6);
  zeros.at(0, 1) = zeros.at(1, 0) = 0;
  zeros.at(1, 2) = zeros.at(2, 1) = 0;
  b = BoundLargestDistance(Arcs(zeros.view()), 0);
  ASSERT_TRUE(b.within_limit);
  EXPECT_EQ(b.bound, 0);
  EXPECT_EQ(b.strong_components, 4u);
  EXPECT_EQ(BoundLargestDistance(Arcs(Matrix(0).view()), 10).bound, 0);
}

TEST(DistanceBound, RefusesNegativeWeightsAndBadLimits) {
  Matrix m(3);
  m.at(0, 1) = 2;
  m.at(1, 2) = -1;
  ArcCsr g;
  EXPECT_THROW(CsrOfAdjacency(m.view(), SIZE_MAX, &g), Error);
  // More arcs than the budget: refused, with the count in the offsets.
  m.at(1, 2) = 1;
  EXPECT_FALSE(CsrOfAdjacency(m.view(), 1, &g));
  EXPECT_EQ(g.offsets.back(), 2u);
  EXPECT_TRUE(CsrOfAdjacency(m.view(), 2, &g));
  EXPECT_EQ(g.heads, (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(g.weights, (std::vector<std::int32_t>{2, 1}));
  Matrix ok(2);
  EXPECT_THROW(BoundLargestDistance(Arcs(ok.view()), -1), Error);
  EXPECT_THROW(BoundLargestDistance(Arcs(ok.view()), kMaxDistanceBoundLimit + 1), Error);
}

TEST(DistanceBound, StrongComponentsMatchBoostAndAreReverseTopological) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t n = 1 + rng() % 400;
    const Matrix m = RandomBlockGraph(n, false, 5, rng);
    const ArcCsr arcs = Arcs(m.view());
    std::size_t count = 0;
    const std::vector<std::uint32_t> comp = StrongComponentIds(arcs.View(), &count);

    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> bg(n);
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t e = arcs.offsets[u]; e < arcs.offsets[u + 1]; ++e) boost::add_edge(u, arcs.heads[e], bg);
    std::vector<int> boost_comp(n);
    const int boost_count = boost::strong_components(bg, boost_comp.data());
    ASSERT_EQ(count, static_cast<std::size_t>(boost_count));
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t v = u + 1; v < std::min(n, u + 40); ++v)
        ASSERT_EQ(comp[u] == comp[v], boost_comp[u] == boost_comp[v]) << u << " " << v;
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t e = arcs.offsets[u]; e < arcs.offsets[u + 1]; ++e)
        ASSERT_GE(comp[u], comp[arcs.heads[e]]) << "arc " << u << " -> " << arcs.heads[e];
  }
}

}  // namespace
}  // namespace gdist
