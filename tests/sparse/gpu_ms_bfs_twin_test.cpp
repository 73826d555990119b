// The CPU twin of the GPU multi-source BFS (lib/sparse/gpu_ms_bfs.hpp): its
// per-source results against a plain queue BFS from each source (an
// independent reference written here), its TreeRows against the CPU trees
// of the sparse engine (ComputeTreeRows), the locality order as a
// permutation (the backend choice: gpu_sssp_twin_test). Fresh random graphs each run
// (GDIST_SEED replays), several batches of 256 sources, directed and
// undirected, isolated vertices, repeated sources.
#include "lib/testing/gpu_ms_bfs_twin.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "lib/metrics/gpu_tree_rows.hpp"
#include "lib/metrics/sparse_tree_rows.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/gpu_ms_bfs.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "tests/sparse/sparse_test_graphs.hpp"

namespace gdist::test {
namespace {

BfsGraph View(const CsrGraph<std::int32_t>& g) { return {g.n, g.out.offsets.data(), g.out.targets.data()}; }

// What a plain BFS from s says about it.
BfsSourceStats QueueBfs(const BfsGraph& g, std::uint32_t s) {
  std::vector<std::uint32_t> dist(g.n, kNoVertex), queue{s};
  dist[s] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t u = queue[head];
    for (std::uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (dist[g.targets[a]] == kNoVertex) {
        dist[g.targets[a]] = dist[u] + 1;
        queue.push_back(g.targets[a]);
      }
  }
  BfsSourceStats r;
  std::vector<std::uint64_t> per_level(g.n, 0);
  for (std::size_t v = 0; v < g.n; ++v) {
    if (dist[v] == kNoVertex) {
      if (r.first_unreached == kNoVertex) r.first_unreached = static_cast<std::uint32_t>(v);
      continue;
    }
    ++r.reached;
    r.total += dist[v];
    ++per_level[dist[v]];
    if (dist[v] > r.eccentricity || r.farthest == kNoVertex) {
      r.eccentricity = dist[v];
      r.farthest = static_cast<std::uint32_t>(v);
    }
  }
  for (std::uint32_t l = 1; l <= r.eccentricity; ++l)
    if (per_level[l]) {
      r.harmonic += static_cast<double>(per_level[l]) / l;
      if (r.nearest_level == 0) r.nearest_level = l;
    }
  return r;
}

void ExpectSameStats(const BfsSourceStats& a, const BfsSourceStats& b, const std::string& where) {
  EXPECT_EQ(a.eccentricity, b.eccentricity) << where;
  EXPECT_EQ(a.farthest, b.farthest) << where;
  EXPECT_EQ(a.nearest_level, b.nearest_level) << where;
  EXPECT_EQ(a.first_unreached, b.first_unreached) << where;
  EXPECT_EQ(a.reached, b.reached) << where;
  EXPECT_EQ(a.total, b.total) << where;
  EXPECT_EQ(a.harmonic, b.harmonic) << where;  // the same terms in the same order
}

CsrGraph<std::int32_t> RandomUnitGraph(std::size_t n, std::size_t edges, bool directed, std::uint64_t seed) {
  RandomGraphSpec spec;
  spec.n = n;
  spec.edges = edges;
  spec.directed = directed;
  spec.isolated = n > 2 ? n / 50 + 1 : 0;
  return BuildCsrGraph<std::int32_t>(MakeRandomGraph(spec, seed));
}

TEST(GpuMsBfsTwin, EqualsQueueBfsAndCpuTrees) {
  const unsigned seed = TestSeed();
  std::mt19937_64 rng(seed);
  for (const bool directed : {false, true})
    for (const std::size_t n : {1, 2, 70, 257, 700}) {
      const CsrGraph<std::int32_t> g = RandomUnitGraph(n, n * (directed ? 3 : 2), directed, rng());
      const std::string where =
          "seed " + std::to_string(seed) + ", n " + std::to_string(n) + (directed ? " directed" : " undirected");
      ASSERT_TRUE(g.unit_weights || g.arc_count() == 0) << where;
      // Every vertex, then a random subset with repeats.
      std::vector<std::uint32_t> all(n);
      std::iota(all.begin(), all.end(), 0u);
      std::vector<std::uint32_t> some(n / 3 + 1);
      for (std::uint32_t& s : some) s = static_cast<std::uint32_t>(rng() % n);
      for (const auto* sources : {&all, &some}) {
        const BfsSweep sweep = SweepSourcesOnCpu(View(g), sources->data(), sources->size(), 2);
        ASSERT_EQ(sweep.sources.size(), sources->size()) << where;
        std::uint64_t pairs = 0, lengths = 0;
        for (std::size_t i = 0; i < sources->size(); ++i) {
          const BfsSourceStats expected = QueueBfs(View(g), (*sources)[i]);
          ExpectSameStats(sweep.sources[i], expected, where + ", source " + std::to_string((*sources)[i]));
          pairs += expected.reached - 1;
          lengths += expected.total;
        }
        // Pairs per level: as many as reached, as long as the totals.
        std::uint64_t level_pairs = 0, level_lengths = 0;
        for (std::size_t l = 0; l < sweep.level_pairs.size(); ++l) {
          level_pairs += sweep.level_pairs[l];
          level_lengths += l * sweep.level_pairs[l];
        }
        EXPECT_EQ(level_pairs, pairs) << where;
        EXPECT_EQ(level_lengths, lengths) << where;
        if (sources == &all) {
          // Against the sparse engine's CPU trees: the rows the metrics read.
          const ShortestPathTrees<std::int32_t> trees(g, TreeDirection::kFrom);
          TreeRowsRequest want;
          want.centrality = true;
          want.values = true;
          const TreeRows cpu = ComputeTreeRows(trees, all, want, 2);
          const TreeRows twin = TreeRowsFromSweep(sweep, n, want);
          for (std::size_t i = 0; i < n; ++i) {
            EXPECT_EQ(twin.summary[i].total, cpu.summary[i].total) << where << " row " << i;
            EXPECT_EQ(twin.summary[i].farthest.value, cpu.summary[i].farthest.value) << where << " row " << i;
            EXPECT_EQ(twin.summary[i].farthest.column, cpu.summary[i].farthest.column) << where << " row " << i;
            EXPECT_EQ(twin.summary[i].unreachable, cpu.summary[i].unreachable) << where << " row " << i;
            EXPECT_EQ(twin.summary[i].first_unreachable, cpu.summary[i].first_unreachable) << where << " row " << i;
            EXPECT_EQ(twin.centrality[i].harmonic, cpu.centrality[i].harmonic) << where << " row " << i;
            EXPECT_EQ(twin.centrality[i].lo, cpu.centrality[i].lo) << where << " row " << i;
            EXPECT_EQ(twin.centrality[i].hi, cpu.centrality[i].hi) << where << " row " << i;
          }
          std::vector<std::uint64_t> a = twin.values.counts, b = cpu.values.counts;
          a.resize(std::max(a.size(), b.size()), 0);
          b.resize(a.size(), 0);
          EXPECT_EQ(a, b) << where;
          EXPECT_TRUE(cpu.values.exact);
        }
      }
    }
}

TEST(GpuMsBfsTwin, LocalityOrderIsAPermutation) {
  const unsigned seed = TestSeed();
  std::mt19937_64 rng(seed);
  const CsrGraph<std::int32_t> g = RandomUnitGraph(900, 1800, false, rng());
  for (const std::size_t k : {std::size_t{0}, std::size_t{5}, std::size_t{900}, std::size_t{2000}}) {
    std::vector<std::uint32_t> sources(k);
    for (std::size_t i = 0; i < k; ++i) sources[i] = k == 900 ? static_cast<std::uint32_t>(i) : rng() % 900;
    std::vector<std::uint32_t> order = LocalitySourceOrder(View(g), sources.data(), k);
    std::sort(order.begin(), order.end());
    std::vector<std::uint32_t> expected(k);
    std::iota(expected.begin(), expected.end(), 0u);
    EXPECT_EQ(order, expected) << "seed " << seed << ", k " << k;
  }
}

// On a 64 x 64 grid, batches are compact: a ball of 256 grid vertices spans
// about 2 * sqrt(2 * 256) = 45 steps, where 256 consecutive vertices of a BFS
// order from a corner lie on rings up to ~125 steps long (89 on average over
// the 16 batches). The point of the order: a batch's BFS share their frontiers.
TEST(GpuMsBfsTwin, LocalityOrderMakesCompactBatches) {
  const std::size_t side = 64, n = side * side;
  Graph grid;
  grid.n = n;
  grid.directed = false;
  grid.labels = VertexLabels::Range(n, 1);
  for (std::size_t r = 0; r < side; ++r)
    for (std::size_t c = 0; c < side; ++c) {
      const auto v = static_cast<std::uint32_t>(r * side + c);
      if (c + 1 < side) grid.edges.push_back({v, v + 1, 1});
      if (r + 1 < side) grid.edges.push_back({v, static_cast<std::uint32_t>(v + side), 1});
    }
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(grid);
  std::vector<std::uint32_t> all(n);
  std::iota(all.begin(), all.end(), 0u);
  const std::vector<std::uint32_t> order = LocalitySourceOrder(View(g), all.data(), n);
  auto steps = [&](std::size_t a, std::size_t b) {
    return (a / side > b / side ? a / side - b / side : b / side - a / side) +
           (a % side > b % side ? a % side - b % side : b % side - a % side);
  };
  std::size_t sum = 0;
  for (std::size_t first = 0; first < n; first += kBatchSources) {
    std::size_t widest = 0;
    for (std::size_t i = first; i < first + kBatchSources; ++i)
      for (std::size_t j = first; j < first + kBatchSources; ++j) widest = std::max(widest, steps(order[i], order[j]));
    sum += widest;
  }
  EXPECT_LE(sum / (n / kBatchSources), 56u);
}

#ifndef GDIST_HAVE_CUDA
TEST(GpuMsBfsTwin, NoCudaBuildSaysSo) {
  const CsrGraph<std::int32_t> g = RandomUnitGraph(10, 20, false, 1);
  const std::vector<std::uint32_t> s{0};
  try {
    SweepSourcesOnGpu(View(g), s.data(), s.size());
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "this build has no CUDA backend");
  }
}
#endif

}  // namespace
}  // namespace gdist::test
