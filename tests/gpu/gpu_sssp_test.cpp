// Batched GPU shortest paths on a real device (skipped where ProbeGpu() finds
// none, e.g. in CI): the GPU rows == the CPU twin's rows (which
// tests/sparse/gpu_sssp_twin_test checks against Dijkstra), and the weighted
// trees' metrics rows and histogram from the GPU == the CPU trees' bit for bit
// (ComputeTreeRows, HistogramPass). Fresh random graphs each run (GDIST_SEED
// replays), int32 and float32, directed and undirected, every and some
// sources; and a road graph: GDIST_GPU_SSSP_GRAPH names one (the device run
// carries a weighted NY), else rome99 from ../shared/data, on a sample of sources.
#include "lib/sparse/gpu_sssp.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>
#include <random>

#include "formats/read_graph.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/metrics/gpu_sssp_rows.hpp"
#include "lib/metrics/gpu_tree_rows.hpp"
#include "lib/metrics/sparse_tree_rows.hpp"
#include "lib/pipeline/candidate_rows.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "lib/testing/gpu_sssp_twin.hpp"
#include "tests/sparse/sparse_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

template <class W> SsspGraph<W> ViewOf(const CsrView<W>& v) { return {v.n, v.offsets, v.targets, v.weights}; }

// GPU rows (copied out block by block, SsspRowsToHost) == twin rows, at the
// default near-far step.
template <class W>
void ExpectGpuRowsEqualTwin(const CsrGraph<W>& g, const std::vector<std::uint32_t>& sources, const std::string& where) {
  const std::size_t stride = (g.n + 127) / 128 * 128, k = sources.size();
  std::vector<W> gpu(k * stride), twin(k * stride);
  const SsspGraph<W> view = ViewOf(g.Out());
  const W delta = SsspDelta(view);
  std::vector<std::uint32_t> dest(k);
  std::iota(dest.begin(), dest.end(), 0u);
  const SsspSweepStats s = SsspRowsToHost(view, sources.data(), k, dest.data(), gpu.data(), stride);
  SsspRowsOnCpu(view, sources.data(), k, twin.data(), stride, 0, delta);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < k * stride && wrong < 5; ++i)
    if (gpu[i] != twin[i]) {
      ++wrong;
      ADD_FAILURE() << where << ": row " << i / stride << ", column " << i % stride << ": GPU " << gpu[i] << ", twin "
                    << twin[i];
    }
  EXPECT_GT(s.rounds, 0u) << where;
}

// GPU TreeRows and histogram == CPU.
template <class W> void ExpectGpuTreeRowsEqualCpu(const CsrGraph<W>& g, const std::vector<std::uint32_t>& sources,
                                                  const std::string& where) {
  for (const TreeDirection dir : {TreeDirection::kFrom, TreeDirection::kTo}) {
    const ShortestPathTrees<W> trees(g, dir);
    ASSERT_EQ(GpuTreeKindOf(trees).kind, GpuTreeKind::kWeighted) << where;
    TreeRowsRequest want;
    want.centrality = true;
    const TreeRows gpu = GpuTreeRows(trees, sources, want), cpu = ComputeTreeRows(trees, sources, want, 0);
    ASSERT_EQ(gpu.summary.size(), cpu.summary.size()) << where;
    ASSERT_EQ(gpu.centrality.size(), cpu.centrality.size()) << where;
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < sources.size() && wrong < 5; ++i) {
      const SummaryRow &a = gpu.summary[i], &b = cpu.summary[i];
      const CentralityRow &c = gpu.centrality[i], &d = cpu.centrality[i];
      if (a.total != b.total || a.farthest.value != b.farthest.value || a.farthest.column != b.farthest.column ||
          a.unreachable != b.unreachable || a.first_unreachable != b.first_unreachable || c.harmonic != d.harmonic ||
          c.lo != d.lo || c.hi != d.hi) {
        ++wrong;
        ADD_FAILURE() << where << ", source #" << i << " (" << sources[i] << "): GPU total " << a.total << " far "
                      << a.farthest.value << "@" << a.farthest.column << " unreachable " << a.unreachable
                      << " harmonic " << c.harmonic << "; CPU total " << b.total << " far " << b.farthest.value << "@"
                      << b.farthest.column << " unreachable " << b.unreachable << " harmonic " << d.harmonic;
      }
    }
    double lo, hi;
    RowRange(cpu.centrality, &lo, &hi);
    const HistogramShape shape = ShapeHistogram(lo, hi, std::is_integral_v<W>, 64);
    if (shape.bins == 0) continue;
    EXPECT_EQ(GpuHistogramPass(trees, sources, shape, g.directed), HistogramPass(trees, sources, shape, g.directed, 0))
        << where;
  }
}

template <class W> void RandomCases(int max_weight, bool quarters) {
  const unsigned seed = TestSeed();
  std::mt19937_64 rng(seed);
  for (const bool directed : {false, true})
    for (const std::size_t n : {2, 33, 500, 3000}) {
      RandomGraphSpec spec;
      spec.n = n;
      spec.edges = n * 3 / 2 + 1;
      spec.directed = directed;
      spec.max_weight = max_weight;
      spec.quarter_fractions = quarters;
      spec.isolated = n > 2 ? n / 100 + 1 : 0;
      const CsrGraph<W> g = BuildCsrGraph<W>(MakeRandomGraph(spec, rng()));
      if (g.unit_weights) continue;
      std::vector<std::uint32_t> all(n), some(n / 3 + 7);
      std::iota(all.begin(), all.end(), 0u);
      for (std::uint32_t& s : some) s = static_cast<std::uint32_t>(rng() % n);
      for (const auto* sources : {&all, &some}) {
        const std::string where = "seed " + std::to_string(seed) + ", n " + std::to_string(n) +
                                  (directed ? " directed" : " undirected") +
                                  (sources == &all ? ", every source" : ", some sources");
        ExpectGpuRowsEqualTwin(g, *sources, where);
        ExpectGpuTreeRowsEqualCpu(g, *sources, where);
      }
    }
}

TEST(GpuSssp, EqualsCpuOnRandomInt32Graphs) {
  if (const GpuStatus gpu = ProbeGpu(); !gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  RandomCases<std::int32_t>(1000, false);
}

TEST(GpuSssp, EqualsCpuOnRandomFloatGraphs) {
  if (const GpuStatus gpu = ProbeGpu(); !gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  RandomCases<float>(400, true);
}

TEST(GpuSssp, EqualsCpuOnARoadGraph) {
  if (const GpuStatus gpu = ProbeGpu(); !gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  const char* env = std::getenv("GDIST_GPU_SSSP_GRAPH");
  const std::string path = env ? env : SharedData("dimacs9/rome99.gr");
  if (!Exists(path)) GTEST_SKIP() << "no road graph at " << path;
  ReadOptions ro;
  ro.undirected = env != nullptr;  // the weighted NY lists each edge once; rome99 is directed
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(ReadGraph(path, ro));
  const unsigned seed = TestSeed();
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> sources(std::min<std::size_t>(g.n, 512));
  for (std::uint32_t& s : sources) s = static_cast<std::uint32_t>(rng() % g.n);
  const std::string where = path + ", seed " + std::to_string(seed);
  ExpectGpuRowsEqualTwin(g, sources, where);
  ExpectGpuTreeRowsEqualCpu(g, sources, where);
  // The siting candidates' rows (sorted, deduplicated) from the GPU == from the CPU, both directions.
  std::vector<std::uint32_t> cand(sources.begin(), sources.begin() + std::min<std::size_t>(sources.size(), 500));
  cand = RowVerticesFor(cand, {});
  for (const Direction dir : {Direction::kOut, Direction::kIn}) {
    const CandidateRows<std::int32_t> gpu = ComputeCandidateRows(g, cand, dir, 0, Backend::kGpu);
    const CandidateRows<std::int32_t> cpu = ComputeCandidateRows(g, cand, dir, 0, Backend::kCpu);
    ASSERT_EQ(gpu.view.stride, cpu.view.stride);
    const std::size_t cells = cand.size() * cpu.view.stride;
    EXPECT_TRUE(std::equal(gpu.view.data, gpu.view.data + cells, cpu.view.data)) << where << ", candidate rows";
  }
}

}  // namespace
}  // namespace gdist::test
