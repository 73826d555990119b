// The shared BFS's sampled work (lib/sparse/bfs_work_sample.hpp) against a
// count from plain BFS trees: a batch scans a vertex's arcs once per distinct
// distance at which its sources reach it, so the arcs scanned per source are
// sum over v of deg(v) x |{d(s, v) : s in the batch, reachable}| / batch size.
#include "lib/sparse/bfs_work_sample.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <set>
#include <vector>

#include "sparse_test_graphs.hpp"

namespace gdist {
namespace {

double CountedFromTrees(const CsrGraph<std::int32_t>& g, const std::vector<std::uint32_t>& batch) {
  const CsrView<std::int32_t> view = g.Out();
  std::vector<std::set<std::int64_t>> levels(g.n);
  for (std::uint32_t s : batch) {
    std::vector<std::int64_t> d(g.n, -1);
    std::vector<std::uint32_t> queue{s};
    d[s] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (std::uint64_t a = view.offsets[queue[i]]; a < view.offsets[queue[i] + 1]; ++a)
        if (d[view.targets[a]] < 0) d[view.targets[a]] = d[queue[i]] + 1, queue.push_back(view.targets[a]);
    for (std::size_t v = 0; v < g.n; ++v)
      if (d[v] >= 0) levels[v].insert(d[v]);
  }
  double scanned = 0;
  for (std::size_t v = 0; v < g.n; ++v)
    scanned += static_cast<double>(levels[v].size()) * static_cast<double>(view.offsets[v + 1] - view.offsets[v]);
  return scanned / static_cast<double>(batch.size());
}

TEST(BfsWorkSample, AHandCheckedPath) {
  // Path 0 - 1 - 2 - 3 (edges both ways), sources {0, 3}: vertices 0 and 3 at
  // distances {0, 3} (1 arc each), 1 and 2 at {1, 2} (2 arcs each): 2+2+4+4 = 12 arcs, 6 a source.
  Graph g;
  g.n = 4;
  g.directed = false;
  g.labels = VertexLabels::Range(4, 1);
  for (std::uint32_t v = 0; v + 1 < 4; ++v) g.edges.push_back({v, v + 1, 1.0});
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
  const std::vector<std::uint32_t> sources{0, 3};
  EXPECT_DOUBLE_EQ(SharedBfsArcsPerSource(csr, std::span<const std::uint32_t>(sources)), 6.0);
  EXPECT_DOUBLE_EQ(SharedBfsArcsPerSource(csr, std::span<const std::uint32_t>()), 0.0);
}

TEST(BfsWorkSample, EqualsTheCountFromPlainTreesOnRandomGraphs) {
  const unsigned seed = test::TestSeed();
  for (int round = 0; round < 6; ++round) {
    test::RandomGraphSpec spec;
    spec.n = 300 + 100 * round;
    spec.edges = spec.n * (1 + round % 3);
    spec.directed = round % 2 == 0;
    const Graph g = test::MakeRandomGraph(spec, seed + round);
    const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
    std::vector<std::uint32_t> sources(csr.n);
    std::iota(sources.begin(), sources.end(), 0u);
    // The sample is the first 256 sources.
    const std::vector<std::uint32_t> first(sources.begin(), sources.begin() + 256);
    EXPECT_NEAR(SharedBfsArcsPerSource(csr, std::span<const std::uint32_t>(sources)), CountedFromTrees(csr, first),
                1e-9)
        << "seed " << seed + round;
  }
}

}  // namespace
}  // namespace gdist
