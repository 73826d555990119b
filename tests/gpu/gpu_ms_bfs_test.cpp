// GPU multi-source BFS == its CPU twin (which tests/sparse/gpu_ms_bfs_twin_test
// checks against a plain BFS and the CPU trees), field for field and bit for
// bit, on a real device (skipped where ProbeGpu() finds none, e.g. in CI).
// Fresh random graphs each run (GDIST_SEED replays): sizes around the
// 256-source batches, directed and undirected, isolated vertices, repeated
// sources; and a real road graph: GDIST_GPU_BFS_GRAPH names one (the device
// run carries NY), else rome99 from ../shared/data, on a sample of sources.
#include "lib/sparse/gpu_ms_bfs.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>
#include <random>

#include "formats/read_graph.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/testing/gpu_ms_bfs_twin.hpp"
#include "tests/sparse/sparse_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

BfsGraph View(const CsrGraph<std::int32_t>& g) { return {g.n, g.out.offsets.data(), g.out.targets.data()}; }

void ExpectSameSweep(const BfsSweep& gpu, const BfsSweep& cpu, const std::string& where) {
  ASSERT_EQ(gpu.sources.size(), cpu.sources.size()) << where;
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < gpu.sources.size() && wrong < 10; ++i) {
    const BfsSourceStats &a = gpu.sources[i], &b = cpu.sources[i];
    const bool same = a.eccentricity == b.eccentricity && a.farthest == b.farthest &&
                      a.nearest_level == b.nearest_level && a.first_unreached == b.first_unreached &&
                      a.reached == b.reached && a.total == b.total && a.harmonic == b.harmonic;
    if (!same) {
      ++wrong;
      ADD_FAILURE() << where << ", source #" << i << ": GPU ecc " << a.eccentricity << " far " << a.farthest
                    << " reached " << a.reached << " total " << a.total << " first missed " << a.first_unreached
                    << "; CPU ecc " << b.eccentricity << " far " << b.farthest << " reached " << b.reached << " total "
                    << b.total << " first missed " << b.first_unreached;
    }
  }
  EXPECT_EQ(gpu.level_pairs, cpu.level_pairs) << where;
}

TEST(GpuMsBfs, EqualsCpuTwinOnRandomGraphs) {
  if (const GpuStatus gpu = ProbeGpu(); !gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  const unsigned seed = TestSeed();
  std::mt19937_64 rng(seed);
  for (const bool directed : {false, true})
    for (const std::size_t n : {1, 2, 255, 256, 257, 1000, 3000}) {
      RandomGraphSpec spec;
      spec.n = n;
      spec.edges = n * (directed ? 3 : 2) / 2 + 1;
      spec.directed = directed;
      spec.isolated = n > 2 ? n / 100 + 1 : 0;
      const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(MakeRandomGraph(spec, rng()));
      std::vector<std::uint32_t> all(n);
      std::iota(all.begin(), all.end(), 0u);
      std::vector<std::uint32_t> some(n / 2 + 3);
      for (std::uint32_t& s : some) s = static_cast<std::uint32_t>(rng() % n);
      for (const auto* sources : {&all, &some}) {
        const std::string where = "seed " + std::to_string(seed) + ", n " + std::to_string(n) +
                                  (directed ? " directed" : " undirected") +
                                  (sources == &all ? ", every source" : ", some sources");
        ExpectSameSweep(SweepSourcesOnGpu(View(g), sources->data(), sources->size()),
                        SweepSourcesOnCpu(View(g), sources->data(), sources->size(), 0), where);
      }
    }
}

TEST(GpuMsBfs, EqualsCpuTwinOnARoadGraph) {
  if (const GpuStatus gpu = ProbeGpu(); !gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  const char* env = std::getenv("GDIST_GPU_BFS_GRAPH");
  const std::string path = env ? env : SharedData("dimacs9/rome99.gr");
  if (!Exists(path)) GTEST_SKIP() << "no road graph at " << path;
  ReadOptions ro;
  ro.undirected = true;
  Graph graph = ReadGraph(path, ro);
  for (Edge& e : graph.edges) e.weight = 1;
  graph.integral_weights = true;
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(graph);
  const unsigned seed = TestSeed();
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> sources(std::min<std::size_t>(g.n, 4096));
  for (std::uint32_t& s : sources) s = static_cast<std::uint32_t>(rng() % g.n);
  ExpectSameSweep(SweepSourcesOnGpu(View(g), sources.data(), sources.size()),
                  SweepSourcesOnCpu(View(g), sources.data(), sources.size(), 0),
                  path + ", seed " + std::to_string(seed));
}

}  // namespace
}  // namespace gdist::test
