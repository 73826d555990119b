// Components against the dense engine's reachability (an independent oracle):
// strong = mutually reachable, weak = connected when arcs are taken both ways.
#include "lib/sparse/components.hpp"

#include <gtest/gtest.h>

#include "lib/sparse/shortest_paths.hpp"
#include "sparse_test_graphs.hpp"

namespace gdist::test {
namespace {

// Component ids are arbitrary: compare "same component" relations.
void ExpectSamePartition(const Components& c, const std::vector<std::vector<bool>>& together) {
  const std::size_t n = together.size();
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v) ASSERT_EQ(c.id[u] == c.id[v], together[u][v]) << u << " " << v;
}

TEST(SparseComponents, StrongAndWeakMatchReachability) {
  for (int round = 0; round < 6; ++round) {
    const std::uint64_t seed = TestSeed();
    SCOPED_TRACE("seed " + std::to_string(seed));
    const bool directed = round % 2 == 0;
    Graph g = MakeRandomGraph({.n = 70, .edges = 75, .directed = directed, .max_weight = 9}, seed);
    const DistMatrix<std::int32_t> d = DenseDistances<std::int32_t>(g);
    Graph sym = g;
    sym.directed = false;
    const DistMatrix<std::int32_t> ds = DenseDistances<std::int32_t>(sym);
    const auto inf = ElementTraits<std::int32_t>::kInf;
    std::vector<std::vector<bool>> strong(g.n, std::vector<bool>(g.n)), weak = strong;
    for (std::size_t u = 0; u < g.n; ++u)
      for (std::size_t v = 0; v < g.n; ++v) {
        strong[u][v] = d.at(u, v) < inf && d.at(v, u) < inf;
        weak[u][v] = ds.at(u, v) < inf;
      }
    const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
    const Components sc = StrongComponents(csr), wc = WeakComponents(csr);
    ExpectSamePartition(sc, strong);
    ExpectSamePartition(wc, weak);

    // The largest component's subgraph: its distances are the dense ones
    // restricted to it (a strong component is closed under shortest paths),
    // and labels follow their vertices.
    const CsrGraph<std::int32_t> big = LargestComponent(csr, ComponentKind::kStrong);
    ASSERT_EQ(big.n, sc.sizes[sc.largest]);
    std::vector<std::size_t> old;
    for (std::size_t v = 0; v < g.n; ++v)
      if (sc.id[v] == sc.largest) old.push_back(v);
    ShortestPathTrees<std::int32_t> trees(big);
    std::vector<std::int32_t> dist(big.n);
    TreeWorkspace ws;
    for (std::size_t s = 0; s < big.n; ++s) {
      EXPECT_EQ(big.labels.label(s), g.labels.label(old[s]));
      trees.Tree(static_cast<std::uint32_t>(s), dist.data(), ws);
      for (std::size_t t = 0; t < big.n; ++t) ASSERT_EQ(dist[t], d.at(old[s], old[t]));
    }
  }
}

TEST(SparseComponents, LongPathNeedsNoRecursion) {
  // 300k vertices in one directed cycle: a recursive Tarjan would overflow the stack.
  Graph g;
  g.n = 300000;
  g.labels = VertexLabels::Range(g.n, 0);
  for (std::uint32_t v = 0; v < g.n; ++v) g.edges.push_back({v, static_cast<std::uint32_t>((v + 1) % g.n), 1});
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
  EXPECT_EQ(StrongComponents(csr).count, 1u);
  g.edges.pop_back();  // now a path: every vertex its own strong component
  const CsrGraph<std::int32_t> path = BuildCsrGraph<std::int32_t>(g);
  EXPECT_EQ(StrongComponents(path).count, g.n);
  EXPECT_EQ(WeakComponents(path).count, 1u);
}

}  // namespace
}  // namespace gdist::test
