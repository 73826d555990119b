// Every sparse shortest-path tree equals the dense engine's row (kFrom) or
// column (kTo): random graphs over every weight class, direction, duplicates,
// self-loops and unreachable parts, then the real graphs that fit both.
#include "lib/sparse/shortest_paths.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "formats/read_graph.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/util/error.hpp"
#include "sparse_test_graphs.hpp"

namespace gdist::test {
namespace {

std::string SeedNote(std::uint64_t seed) { return "seed " + std::to_string(seed) + " (GDIST_SEED replays)"; }

// Compares trees from every vertex (both directions) and the row block
// against the dense matrix.
template <class T>
void ExpectTreesEqualDense(const Graph& g, const std::string& what, const AdjacencyOptions& options = {}) {
  SCOPED_TRACE(what);
  const DistMatrix<T> dense = DenseDistances<T>(g, options);
  const CsrGraph<T> csr = BuildCsrGraph<T>(g, options);
  const std::size_t n = g.n;
  std::vector<std::uint32_t> all(n);
  for (std::size_t v = 0; v < n; ++v) all[v] = static_cast<std::uint32_t>(v);
  for (TreeDirection dir : {TreeDirection::kFrom, TreeDirection::kTo}) {
    ShortestPathTrees<T> trees(csr, dir);
    std::vector<T> dist(n);
    TreeWorkspace ws;
    std::size_t mismatches = 0;
    for (std::size_t s = 0; s < n; ++s) {
      trees.Tree(static_cast<std::uint32_t>(s), dist.data(), ws);
      for (std::size_t v = 0; v < n; ++v) {
        const T want = dir == TreeDirection::kFrom ? dense.at(s, v) : dense.at(v, s);
        if (dist[v] != want && mismatches++ < 5)
          ADD_FAILURE() << TreeMethodName(trees.method()) << (dir == TreeDirection::kFrom ? " from " : " to ") << s
                        << " vertex " << v << ": sparse " << dist[v] << " dense " << want;
      }
    }
    EXPECT_EQ(mismatches, 0u);
    // The row block, with a stride wider than n, on 2 threads.
    const std::size_t stride = n + 3;
    std::vector<T> block(n * stride, T(7));
    trees.Rows(all, block.data(), stride, 2);
    mismatches = 0;
    for (std::size_t s = 0; s < n; ++s)
      for (std::size_t v = 0; v < n; ++v) {
        const T want = dir == TreeDirection::kFrom ? dense.at(s, v) : dense.at(v, s);
        if (block[s * stride + v] != want && mismatches++ < 5)
          ADD_FAILURE() << "Rows " << s << " " << v << ": " << block[s * stride + v] << " vs " << want;
      }
    EXPECT_EQ(mismatches, 0u);
  }
}

template <class T> void RandomRounds(RandomGraphSpec spec, int rounds) {
  for (int r = 0; r < rounds; ++r) {
    const std::uint64_t seed = TestSeed();
    Graph g = MakeRandomGraph(spec, seed);
    ExpectTreesEqualDense<T>(
        g, SeedNote(seed) + " n=" + std::to_string(spec.n) + (spec.directed ? " directed" : " undirected") +
               " max_weight=" + std::to_string(spec.max_weight) + (spec.negative ? " negative" : ""));
  }
}

TEST(SparseTrees, UnweightedEqualsDense) {
  for (bool directed : {true, false}) {
    RandomRounds<std::int32_t>({.n = 90, .edges = 140, .directed = directed}, 3);
    // Dense enough for 300 sources per thread: the 4-word MS-BFS.
    RandomRounds<std::int32_t>({.n = 700, .edges = 1500, .directed = directed, .isolated = 20}, 1);
  }
}

TEST(SparseTrees, IntegerWeightsEqualDense) {
  for (bool directed : {true, false}) {
    RandomRounds<std::int32_t>({.n = 80, .edges = 200, .directed = directed, .max_weight = 1000}, 3);
    RandomRounds<std::int64_t>({.n = 50, .edges = 150, .directed = directed, .max_weight = 5}, 2);
    // Zero weights too (base 0..3).
    RandomRounds<std::int32_t>({.n = 60, .edges = 150, .directed = directed, .max_weight = 3}, 2);
  }
}

TEST(SparseTrees, FloatWeightsEqualDense) {
  // Quarters keep every path sum exact, so both engines' float sums agree bit for bit.
  for (bool directed : {true, false})
    RandomRounds<float>({.n = 70, .edges = 200, .directed = directed, .max_weight = 40, .quarter_fractions = true}, 3);
}

TEST(SparseTrees, NegativeArcsByJohnsonEqualDense) {
  RandomRounds<std::int32_t>({.n = 70, .edges = 220, .max_weight = 50, .negative = true, .self_loops = false}, 4);
  RandomRounds<std::int64_t>({.n = 40, .edges = 120, .max_weight = 9, .negative = true, .self_loops = false}, 2);
  RandomRounds<float>(
      {.n = 50, .edges = 160, .max_weight = 30, .negative = true, .quarter_fractions = true, .self_loops = false}, 3);
}

TEST(SparseTrees, LastDuplicateWinsLikeDense) {
  const std::uint64_t seed = TestSeed();
  for (bool directed : {true, false}) {
    Graph g = MakeRandomGraph({.n = 40, .edges = 200, .directed = directed, .max_weight = 30}, seed);
    ExpectTreesEqualDense<std::int32_t>(g, SeedNote(seed) + " last duplicate", {.duplicates = DuplicatePolicy::kLast});
  }
}

TEST(SparseTrees, NegativeCycleIsAClearError) {
  Graph g;
  g.n = 4;
  g.labels = VertexLabels::Range(4, 1);
  g.edges = {{0, 1, 2}, {1, 2, -3}, {2, 1, 1}, {2, 3, 1}};
  CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
  try {
    ShortestPathTrees<std::int32_t> trees(csr);
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("negative cycle: vertex "), std::string::npos) << what;
    EXPECT_TRUE(what.find("vertex 2 ") != std::string::npos || what.find("vertex 3 ") != std::string::npos) << what;
  }
  // An undirected negative edge is a negative cycle (u -> v -> u).
  g.directed = false;
  g.edges = {{0, 1, 2}, {1, 2, -1}};
  csr = BuildCsrGraph<std::int32_t>(g);
  EXPECT_THROW(ShortestPathTrees<std::int32_t>{csr}, Error);
  // A negative self-loop is refused while building, like BuildAdjacency.
  g.edges = {{0, 0, -1}};
  EXPECT_THROW(BuildCsrGraph<std::int32_t>(g), Error);
}

TEST(SparseTrees, CsrKeepsOneArcPerPairWithMinWeight) {
  Graph g;
  g.n = 3;
  g.directed = false;
  g.labels = VertexLabels::Range(3, 1);
  g.edges = {{0, 1, 5}, {1, 0, 3}, {0, 1, 4}, {2, 2, 7}, {1, 2, 1}};
  CsrGraph<std::int32_t> c = BuildCsrGraph<std::int32_t>(g);
  ASSERT_EQ(c.arc_count(), 4u);  // 0-1 and 1-2, both ways; the self-loop dropped
  EXPECT_EQ(c.Out().Targets(0)[0], 1u);
  EXPECT_EQ(c.Out().Weights(0)[0], 3);
  EXPECT_EQ(c.Out().Weights(1)[0], 3);
  EXPECT_EQ(c.Out().Targets(1)[1], 2u);
  EXPECT_FALSE(c.unit_weights);
  EXPECT_FALSE(c.has_negative);
}

std::string SharedData(const std::string& rel) { return std::string(GDIST_SHARED_DATA) + "/" + rel; }

TEST(SparseTrees, RealGraphsEqualDense) {
  struct Case {
    const char* path;
    bool undirected;
  };
  const Case cases[] = {{"dimacs9/rome99.gr", false},
                        {"suitesparse/1138_bus.mtx", false},
                        {"snap/email-Eu-core.txt.gz", false},
                        {"orlib-pmed/pmed5.txt", false}};
  int ran = 0;
  for (const Case& c : cases) {
    const std::string path = SharedData(c.path);
    if (!std::filesystem::exists(path)) continue;
    Graph g = ReadGraph(path);
    const ElementType type = ChooseElementType(g);
    DispatchElement(type, [&](auto t) {
      using T = decltype(t);
      bool dense_refused = false;
      try {
        DenseDistances<T>(g);
      } catch (const Error&) {
        dense_refused = true;  // e.g. an admittance matrix's negative entries: negative cycles
      }
      if (dense_refused) {
        const CsrGraph<T> csr = BuildCsrGraph<T>(g);
        EXPECT_THROW(ShortestPathTrees<T>{csr}, Error) << c.path;
      } else {
        ExpectTreesEqualDense<T>(g, c.path);
      }
    });
    ++ran;
  }
  if (ran == 0) GTEST_SKIP() << "no shared data";
}

}  // namespace
}  // namespace gdist::test
