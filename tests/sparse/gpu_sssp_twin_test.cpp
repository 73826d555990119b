// The CPU twin of the batched GPU shortest paths (lib/sparse/gpu_sssp.hpp):
// its rows against the sparse engine's Dijkstra trees (ShortestPathTrees::Rows,
// a radix or binary heap: a different algorithm) on fresh random graphs each
// run (GDIST_SEED replays): int32 weights with zeros, float32 quarter weights,
// directed and undirected, trees from and to the sources, isolated vertices,
// repeated sources, batch edges (31, 32, 33 sources); a road graph from
// ../shared/data; refusals; which trees the GPU takes and the backend choice.
#include "lib/testing/gpu_sssp_twin.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <type_traits>

#include "formats/read_graph.hpp"
#include "lib/metrics/gpu_tree_rows.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/gpu_sssp.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "tests/sparse/sparse_test_graphs.hpp"

namespace gdist::test {
namespace {

template <class W> SsspGraph<W> ViewOf(const CsrView<W>& v) { return {v.n, v.offsets, v.targets, v.weights}; }

// Twin rows == Dijkstra rows, padding INF.
template <class W> void ExpectTwinEqualsTrees(const CsrGraph<W>& g, TreeDirection direction,
                                              const std::vector<std::uint32_t>& sources, const std::string& where) {
  const ShortestPathTrees<W> trees(g, direction);
  ASSERT_NE(trees.method(), TreeMethod::kBfs) << where;
  const std::size_t stride = g.n + 5, k = sources.size();
  std::vector<W> twin(k * stride), dijkstra(k * stride, ElementTraits<W>::kInf);
  trees.Rows(sources, dijkstra.data(), stride, 2);
  const SsspGraph<W> view = ViewOf(direction == TreeDirection::kFrom ? g.Out() : g.In());
  // Plain Bellman-Ford, the default near-far step, and the smallest step (many far phases).
  for (const W delta : {W(0), SsspDelta(view), std::is_integral_v<W> ? W(1) : W(0.25)}) {
    const SsspSweepStats stats = SsspRowsOnCpu(view, sources.data(), k, twin.data(), stride, 2, delta);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < k * stride && wrong < 5; ++i)
      if (twin[i] != dijkstra[i]) {
        ++wrong;
        ADD_FAILURE() << where << ", delta " << delta << ": row " << i / stride << " (source " << sources[i / stride]
                      << "), column " << i % stride << ": twin " << twin[i] << ", Dijkstra " << dijkstra[i];
      }
    if (k > 0) {
      EXPECT_GT(stats.rounds, 0u) << where;  // every batch settles its sources in a first round
    }
  }
}

template <class W> void RandomCases(int max_weight, bool quarters) {
  const unsigned seed = TestSeed();
  std::mt19937_64 rng(seed);
  for (const bool directed : {false, true})
    for (const std::size_t n : {1, 2, 31, 33, 200, 700}) {
      RandomGraphSpec spec;
      spec.n = n;
      spec.edges = n * 2 + 1;
      spec.directed = directed;
      spec.max_weight = max_weight;
      spec.quarter_fractions = quarters;
      spec.isolated = n > 2 ? n / 50 + 1 : 0;
      const CsrGraph<W> g = BuildCsrGraph<W>(MakeRandomGraph(spec, rng()));
      if (g.unit_weights) continue;  // BFS trees: not this engine's
      std::vector<std::uint32_t> all(n), some;
      std::iota(all.begin(), all.end(), 0u);
      for (const std::size_t c : {std::size_t{31}, std::size_t{32}, std::size_t{33}, n / 2 + 3})
        for (std::size_t i = 0; i < c; ++i) some.push_back(static_cast<std::uint32_t>(rng() % n));  // repeats too
      for (const TreeDirection dir : {TreeDirection::kFrom, TreeDirection::kTo})
        for (const auto* sources : {&all, &some})
          ExpectTwinEqualsTrees(g, dir, *sources,
                                "seed " + std::to_string(seed) + ", n " + std::to_string(n) +
                                    (directed ? " directed" : " undirected") +
                                    (dir == TreeDirection::kTo ? ", trees to" : ", trees from") +
                                    (sources == &all ? ", every source" : ", some sources"));
    }
}

TEST(GpuSsspTwin, EqualsDijkstraInt32WithZeroWeights) { RandomCases<std::int32_t>(9, false); }
TEST(GpuSsspTwin, EqualsDijkstraFloatQuarters) { RandomCases<float>(40, true); }

TEST(GpuSsspTwin, EqualsDijkstraOnARoadGraph) {
  const std::string path = SharedData("dimacs9/rome99.gr");
  if (!Exists(path)) GTEST_SKIP() << "no " << path;
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(ReadGraph(path, ReadOptions{}));
  const unsigned seed = TestSeed();
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> sources(96);
  for (std::uint32_t& s : sources) s = static_cast<std::uint32_t>(rng() % g.n);
  ExpectTwinEqualsTrees(g, TreeDirection::kFrom, sources, "rome99, seed " + std::to_string(seed));
  ExpectTwinEqualsTrees(g, TreeDirection::kTo, sources, "rome99 (trees to), seed " + std::to_string(seed));
}

TEST(GpuSsspTwin, RefusesNegativeWeightsAndStrangers) {
  const std::uint64_t offsets[] = {0, 1, 1};
  const std::uint32_t targets[] = {1};
  const std::int32_t weights[] = {-1};
  const SsspGraph<std::int32_t> g{2, offsets, targets, weights};
  std::vector<std::int32_t> out(2);
  const std::uint32_t zero = 0, two = 2;
  EXPECT_THROW(SsspRowsOnCpu(g, &zero, 1, out.data(), 2, 1, 0), Error);
  const std::int32_t fine[] = {3};
  const SsspGraph<std::int32_t> h{2, offsets, targets, fine};
  EXPECT_THROW(SsspRowsOnCpu(h, &two, 1, out.data(), 2, 1, 0), Error);
  SsspRowsOnCpu(h, &zero, 1, out.data(), 2, 1, 1);
  EXPECT_EQ(out, (std::vector<std::int32_t>{0, 3}));
  EXPECT_EQ(SsspDelta(h, 8), 24);  // 8 x the mean weight
  EXPECT_EQ(SsspDelta(h, 0), 0);
}

TEST(GpuSsspTwin, WhichTreesTheGpuTakes) {
  std::mt19937_64 rng(TestSeed());
  RandomGraphSpec spec;
  spec.max_weight = 1;
  EXPECT_EQ(GpuTreeKindOf(ShortestPathTrees(BuildCsrGraph<std::int32_t>(MakeRandomGraph(spec, rng())))).kind,
            GpuTreeKind::kBfs);
  spec.max_weight = 50;
  const CsrGraph<std::int32_t> weighted = BuildCsrGraph<std::int32_t>(MakeRandomGraph(spec, rng()));
  EXPECT_EQ(GpuTreeKindOf(ShortestPathTrees(weighted)).kind, GpuTreeKind::kWeighted);
  const CsrGraph<std::int64_t> wide = BuildCsrGraph<std::int64_t>(MakeRandomGraph(spec, rng()));
  EXPECT_EQ(GpuTreeKindOf(ShortestPathTrees(wide)).kind, GpuTreeKind::kNone);
  spec.negative = true;
  const CsrGraph<std::int32_t> negative = BuildCsrGraph<std::int32_t>(MakeRandomGraph(spec, rng()));
  if (negative.has_negative) {
    const GpuTreeKind k = GpuTreeKindOf(ShortestPathTrees(negative));
    EXPECT_EQ(k.kind, GpuTreeKind::kNone);
    EXPECT_NE(k.why_not.find("negative"), std::string::npos) << k.why_not;
  }
}

#ifndef GDIST_HAVE_CUDA
TEST(GpuSsspTwin, NoCudaBuildSaysSo) {
  const std::uint64_t offsets[] = {0, 0};
  const SsspGraph<float> g{1, offsets, nullptr, nullptr};
  const std::uint32_t s = 0;
  try {
    SweepRowsOnGpu<float>(
        g, &s, 1, 1, [](const DeviceRowBlock<float>&) {}, 0.0f);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "this build has no CUDA backend");
  }
}
#endif

}  // namespace
}  // namespace gdist::test
