// The graph path's tiles (lib/distributed/graph_tiles.hpp + a CPU rank's
// Build) against the adjacency matrix BuildAdjacency makes: for every rank of
// several grids, every element of its tiles, padding included; directed and
// undirected graphs, both duplicate policies, self-loops, negative weights.
#include "lib/distributed/graph_tiles.hpp"

#include <gtest/gtest.h>

#include <random>

#include "lib/distributed/rank_tiles.hpp"
#include "lib/matrix/adjacency.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

Graph RandomMultigraph(std::size_t n, std::size_t m, bool directed, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::uint32_t> vertex(0, std::uint32_t(n - 1));
  std::uniform_int_distribution<int> weight(-50, 1000);
  Graph g;
  g.n = n;
  g.directed = directed;
  for (std::size_t k = 0; k < m; ++k) {
    const std::uint32_t u = vertex(rng), v = k % 17 == 0 ? u : vertex(rng);  // some self-loops
    const int w = u == v ? std::abs(weight(rng)) : weight(rng);
    g.edges.push_back(Edge{u, v, double(w)});
    if (k % 5 == 0) g.edges.push_back(Edge{v, u, double(u == v ? 7 : weight(rng))});  // duplicates, either way
  }
  return g;
}

TEST(GraphTiles, SameAsTheAdjacencyMatrix) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  for (bool directed : {true, false})
    for (DuplicatePolicy policy : {DuplicatePolicy::kMin, DuplicatePolicy::kLast}) {
      SCOPED_TRACE(std::string(directed ? "directed" : "undirected") +
                   (policy == DuplicatePolicy::kMin ? ", min" : ", last"));
      const Graph g = RandomMultigraph(300, 900, directed, seed);
      const DistMatrix<std::int32_t> ref = BuildAdjacency<std::int32_t>(g, AdjacencyOptions{policy});
      const auto arcs = ResolveArcs<std::int32_t>(g, policy);
      const std::size_t tiles = ref.stride() / 128;
      for (ProcessGrid grid : {ProcessGrid{1, 1}, ProcessGrid{3, 1}, ProcessGrid{2, 2}})
        for (int rank = 0; rank < grid.rows * grid.cols; ++rank) {
          SCOPED_TRACE(std::to_string(grid.rows) + " x " + std::to_string(grid.cols) + " rank " + std::to_string(rank));
          LocalTiles t;
          t.grid = grid;
          t.pr = grid.row_of(rank);
          t.pc = grid.col_of(rank);
          t.tiles = tiles;
          auto engine = MakeCpuRankTiles<std::int32_t>(t, 1);
          engine->Build(LocalEntries(arcs, t));
          const std::size_t ld = t.local_cols() * 128;
          std::vector<std::int32_t> local(t.local_rows() * 128 * ld);
          engine->Store(local.data());
          std::size_t wrong = 0;
          for (std::size_t li = 0; li < t.local_rows() * 128; ++li)
            for (std::size_t lj = 0; lj < ld; ++lj) {
              const std::size_t i = t.global_row(li / 128) * 128 + li % 128;
              const std::size_t j = t.global_col(lj / 128) * 128 + lj % 128;
              wrong += local[li * ld + lj] != ref.at(i, j);
            }
          EXPECT_EQ(wrong, 0u);
        }
    }
}

TEST(GraphTiles, NegativeSelfLoopRefused) {
  Graph g;
  g.n = 3;
  g.edges.push_back(Edge{1, 1, -2.0});
  EXPECT_THROW(ResolveArcs<std::int32_t>(g, DuplicatePolicy::kMin), Error);
}

}  // namespace
}  // namespace gdist::test
