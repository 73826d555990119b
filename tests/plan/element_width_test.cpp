// The element width from the graph's own distance bound (lib/plan/
// element_width.hpp): an int64 choice narrowed to int32 where the bound
// proves every distance small, kept where it does not (long paths, negative
// arcs, "last duplicate wins", weights past 2^53); and the narrowed graph's
// distances equal the int64 ones on both engines (Floyd-Warshall, trees).
#include "lib/plan/element_width.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "lib/engine/apsp.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/tree_apsp.hpp"
#include "lib/util/error.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

constexpr double kHeavy = 3'000'000;  // (n - 1) x kHeavy passes the int32 INF (2^30 - 1) for n >= 359

// An undirected cycle of n vertices with weights 1..9, plus one heavy chord:
// (n-1) x max|w| is past INF, every shortest distance is at most 9n/2.
Graph CycleWithHeavyChord(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  Graph g;
  g.n = n;
  g.directed = false;
  g.labels = VertexLabels::Range(n, 1);
  for (std::uint32_t v = 0; v < n; ++v)
    g.edges.push_back({v, static_cast<std::uint32_t>((v + 1) % n), static_cast<double>(1 + rng() % 9)});
  g.edges.push_back({0, static_cast<std::uint32_t>(n / 2), kHeavy});
  return g;
}

TEST(ElementWidth, SmallDistancesNarrowToInt32) {
  const Graph g = CycleWithHeavyChord(1000, test::TestSeed());
  ASSERT_EQ(ChooseElementType(g), ElementType::kInt64);  // the (n-1) x max|w| proof fails
  EXPECT_EQ(ChooseDistanceType(g, DuplicatePolicy::kMin), ElementType::kInt32);
}

TEST(ElementWidth, TheBoundDecidesNotTheSize) {
  // A path of 1000 arcs of kHeavy: its distances do pass 2^24.
  Graph path;
  path.n = 1001;
  path.directed = false;
  path.labels = VertexLabels::Range(path.n, 1);
  for (std::uint32_t v = 0; v + 1 < path.n; ++v) path.edges.push_back({v, v + 1, kHeavy});
  EXPECT_EQ(ChooseDistanceType(path, DuplicatePolicy::kMin), ElementType::kInt64);
  // A negative arc, or "last duplicate wins", keeps int64 too.
  Graph g = CycleWithHeavyChord(1000, test::TestSeed());
  EXPECT_EQ(ChooseDistanceType(g, DuplicatePolicy::kLast), ElementType::kInt64);
  g.directed = true;
  g.edges.push_back({3, 2, -1});
  EXPECT_EQ(ChooseDistanceType(g, DuplicatePolicy::kMin), ElementType::kInt64);
}

TEST(ElementWidth, NarrowedDistancesEqualTheInt64Ones) {
  const Graph g = CycleWithHeavyChord(700, test::TestSeed() + 1);
  ASSERT_EQ(ChooseDistanceType(g, DuplicatePolicy::kMin), ElementType::kInt32);
  DistMatrix<std::int64_t> wide = BuildAdjacency<std::int64_t>(g, {});
  DistMatrix<std::int32_t> narrow = BuildAdjacency<std::int32_t>(g, {});
  ApspOptions cpu;
  cpu.backend = Backend::kCpu;
  SolveApsp(wide, cpu);
  SolveApsp(narrow, cpu);  // the range proof takes the graph's bound
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
  DistMatrix<std::int32_t> trees(g.n);
  SolveApspByTrees(csr, trees, 2);
  for (std::size_t i = 0; i < g.n; ++i)
    for (std::size_t j = 0; j < g.n; ++j) {
      ASSERT_EQ(static_cast<std::int64_t>(narrow.at(i, j)), wide.at(i, j)) << i << " " << j;
      ASSERT_EQ(trees.at(i, j), narrow.at(i, j)) << i << " " << j;
    }
}

TEST(ElementWidth, WithoutTheBoundTheRangeProofStillRefuses) {
  // The same arcs on a path whose distances pass 2^24: int32 is refused by both engines, not wrapped.
  Graph path;
  path.n = 400;
  path.directed = false;
  path.labels = VertexLabels::Range(path.n, 1);
  for (std::uint32_t v = 0; v + 1 < path.n; ++v) path.edges.push_back({v, v + 1, kHeavy});
  DistMatrix<std::int32_t> m = BuildAdjacency<std::int32_t>(path, {});
  ApspOptions cpu;
  cpu.backend = Backend::kCpu;
  EXPECT_THROW(SolveApsp(m, cpu), Error);
  EXPECT_THROW(CheckPathSums(BuildCsrGraph<std::int32_t>(path)), Error);
}

}  // namespace
}  // namespace gdist
