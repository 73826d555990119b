// GPU PHAST on a real device (skipped where ProbeGpu() finds none): the GPU's
// rows equal its CPU twin's (lib/road/gpu_phast.hpp) bit for bit on fresh
// random road graphs (several batches, int32 and float quarters) and on
// rome99.
#include "lib/road/gpu_phast.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/graph_writers.hpp"
#include "formats/read_graph.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/road/contraction_hierarchy.hpp"
#include "lib/testing/gpu_phast_twin.hpp"
#include "tests/road/road_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

template <class W> void ExpectGpuEqualsTwin(const CsrGraph<W>& csr, std::size_t k, const std::string& where) {
  const ContractionHierarchy<W> ch = BuildContractionHierarchy(csr);
  std::vector<std::uint32_t> sources(k);
  for (std::size_t i = 0; i < k; ++i) sources[i] = static_cast<std::uint32_t>((i * 104729 + 17) % csr.n);
  const std::size_t stride = (csr.n + 127) / 128 * 128;
  std::vector<W> gpu(k * stride, W{0}), twin(k * stride, W{0});
  const PhastSweepStats s = GpuPhastRows(ch, sources, gpu.data(), stride, 0);
  PhastRowsTwin(ch, sources, twin.data(), stride, 0);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < k && wrong < 5; ++i)
    for (std::size_t v = 0; v < csr.n && wrong < 5; ++v)
      if (gpu[i * stride + v] != twin[i * stride + v]) {
        ++wrong;
        ADD_FAILURE() << where << ": row " << i << ", vertex " << v << ": GPU " << gpu[i * stride + v] << ", twin "
                      << twin[i * stride + v];
      }
  EXPECT_EQ(s.batches, (k + kPhastGpuLanes - 1) / kPhastGpuLanes) << where;
}

TEST(GpuPhast, RowsEqualTheTwin) {
  if (const GpuStatus gpu = ProbeGpu(); !gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.rows = 40;
  spec.cols = 50;
  ExpectGpuEqualsTwin(BuildCsrGraph<std::int32_t>(MakeGridRoads(spec, seed)), 3 * kPhastGpuLanes + 11,
                      "directed grid, int32");
  spec.directed = false;
  spec.quarters = true;
  ExpectGpuEqualsTwin(BuildCsrGraph<float>(MakeGridRoads(spec, seed + 1)), 300, "undirected grid, float quarters");
  GeometricSpec geo;
  geo.n = 5000;
  ExpectGpuEqualsTwin(BuildCsrGraph<std::int32_t>(MakeGeometricRoads(geo, seed + 2)), 600, "geometric, int32");
}

// The GPU table (every row swept, gathered at the targets on the device) equals its twin.
TEST(GpuPhast, TableEqualsTheTwin) {
  if (const GpuStatus gpu = ProbeGpu(); !gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GeometricSpec geo;
  geo.n = 4000;
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(MakeGeometricRoads(geo, seed));
  const ContractionHierarchy<std::int32_t> ch = BuildContractionHierarchy(csr);
  const std::vector<std::uint32_t> sources = SomeSources(csr.n, 2 * kPhastGpuLanes + 19, seed + 1);
  const std::vector<std::uint32_t> targets = SomeSources(csr.n, 333, seed + 2);
  std::vector<std::int32_t> gpu(sources.size() * targets.size(), -1), twin(gpu.size(), -2);
  GpuPhastTable(ch, sources, targets, gpu.data(), 0);
  PhastTableTwin(ch, sources, targets, twin.data(), 0);
  EXPECT_EQ(gpu, twin);
}

TEST(GpuPhast, Rome99RowsEqualTheTwin) {
  if (const GpuStatus gpu = ProbeGpu(); !gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  const std::string path = std::string(GDIST_SHARED_DATA) + "/dimacs9/rome99.gr";
  if (!Exists(path)) GTEST_SKIP() << "no " << path;
  ExpectGpuEqualsTwin(BuildCsrGraph<std::int32_t>(ReadGraph(path)), 700, "rome99");
}

// gapsp on a .gch with --backend gpu writes the CPU's bytes (every row, and --sources rows).
TEST(GpuPhast, GapspOnTheGpuWritesTheCpuBytes) {
  if (const GpuStatus gpu = ProbeGpu(); !gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  TempDir dir;
  GridSpec spec;
  spec.rows = 30;
  spec.cols = 40;
  Graph g = MakeGridRoads(spec, TestSeed() + 5);
  g.labels = VertexLabels::Range(g.n, 1);
  WriteGraph(dir.file("g.gr"), g, GraphFormatOut::kDimacs);
  std::string list;
  for (std::size_t v = 1; v <= g.n; v += 3) list += std::to_string(v) + "\n";
  WriteText(dir.file("S.txt"), list);
  ASSERT_EQ(RunCommand(App("gconvert") + " " + dir.file("g.gr") + " " + dir.file("g.gch") + " -q").exit_code, 0);
  for (const std::string& extra : {std::string(), " --sources " + dir.file("S.txt")}) {
    const CommandResult gpu =
        RunCommand(App("gapsp") + " " + dir.file("g.gch") + " " + dir.file("gpu.gdm") + " -q --backend gpu" + extra);
    const CommandResult cpu =
        RunCommand(App("gapsp") + " " + dir.file("g.gch") + " " + dir.file("cpu.gdm") + " -q --backend cpu" + extra);
    ASSERT_EQ(gpu.exit_code, 0) << gpu.output;
    ASSERT_EQ(cpu.exit_code, 0) << cpu.output;
    EXPECT_EQ(ReadText(dir.file("gpu.gdm")), ReadText(dir.file("cpu.gdm"))) << extra;
  }
}

// gcenter GRAPH --engine ch --per-vertex on the GPU (GPU PHAST through the GPU row passes) writes the CPU's rows.
TEST(GpuPhast, EveryVertexMetricsOnTheGpuEqualTheCpu) {
  if (const GpuStatus gpu = ProbeGpu(); !gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  TempDir dir;
  GridSpec spec;
  spec.rows = 30;
  spec.cols = 40;
  Graph g = MakeGridRoads(spec, TestSeed() + 6);
  g.labels = VertexLabels::Range(g.n, 1);
  WriteGraph(dir.file("g.gr"), g, GraphFormatOut::kDimacs);
  const std::string flags = " --engine ch -q --json --per-vertex ";
  const CommandResult gpu =
      RunCommand(App("gcenter") + " " + dir.file("g.gr") + flags + dir.file("gpu.csv") + " --backend gpu");
  const CommandResult cpu =
      RunCommand(App("gcenter") + " " + dir.file("g.gr") + flags + dir.file("cpu.csv") + " --backend cpu");
  ASSERT_EQ(gpu.exit_code, 0) << gpu.output;
  ASSERT_EQ(cpu.exit_code, 0) << cpu.output;
  EXPECT_EQ(ReadText(dir.file("gpu.csv")), ReadText(dir.file("cpu.csv")));
  EXPECT_NE(gpu.output.find("\"backend\":\"gpu\""), std::string::npos) << gpu.output;
}

}  // namespace
}  // namespace gdist::test
