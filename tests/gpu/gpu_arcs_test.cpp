// The GPU run from a graph's arcs (GpuFloydWarshallOfArcs: the adjacency built
// on the device, the result streamed back in pinned chunks) == its CPU twin
// (CpuFloydWarshallOfArcs), byte for byte, in both widths (and an int32 run
// narrowed where its values fit), on fresh random
// graphs with unreachable vertices, one payload over two chunks; and gapsp on
// a graph file writes with the GPU the file the CPU writes. Skipped where
// ProbeGpu() finds no GPU (CI); run on the device.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lib/engine/arcs_apsp.hpp"
#include "test_util.hpp"
#include "tests/engine/test_graphs.hpp"

namespace gdist {
namespace {

struct Collected {
  int bits = 0;
  std::vector<char> bytes;
  bool operator==(const Collected& o) const { return bits == o.bits && bytes == o.bytes; }
};

Collected Collect(const std::function<void(const ArcsResultSink&)>& run) {
  Collected c;
  ArcsResultSink sink;
  sink.begin = [&](int bits) { c.bits = bits; };
  sink.write = [&](const void* p, std::size_t size) {
    c.bytes.insert(c.bytes.end(), static_cast<const char*>(p), static_cast<const char*>(p) + size);
  };
  run(sink);
  return c;
}

TEST(GpuArcs, SameBytesAsTheCpuTwin) {
  const GpuStatus gpu = ProbeGpu();
  if (!gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  struct Case {
    std::size_t n;
    double density;
    int max_base;
    GpuMode mode;
    bool narrow;  // an int32 run whose values all fit is stored in 16 bits
    int want_bits;
  };
  // 6000 in 16 bits and 4200 in 32: payloads of 72 and 71 MB, two chunks each;
  // 6000 in int32 narrowed: two chunks through the device's staging buffers.
  for (const Case c :
       {Case{1000, 0.01, 20, GpuMode::kInt16, true, 16}, Case{1000, 0.01, 20, GpuMode::kInt32, false, 32},
        Case{1000, 0.01, 20, GpuMode::kInt32, true, 16}, Case{2100, 0.004, 5000, GpuMode::kInt32, true, 0},
        Case{6000, 0.001, 3, GpuMode::kInt16, true, 16}, Case{6000, 0.001, 3, GpuMode::kInt32, true, 16},
        Case{4200, 0.001, 100000, GpuMode::kInt32, true, 32}}) {
    const std::uint64_t seed = test::FreshSeed();
    SCOPED_TRACE(test::SeedNote(seed) + ", n " + std::to_string(c.n) + ", " + GpuModeName(c.mode) +
                 (c.narrow ? ", narrowed where it fits" : ""));
    const ArcCsr csr = test::ArcCsrOf(test::RandomGraph(c.n, c.density, c.max_base, 0, seed));
    const CsrView<std::int32_t> v = csr.View();
    const std::size_t stride = PaddedSize(c.n);
    const Collected on_gpu = Collect([&](const ArcsResultSink& sink) {
      GpuFloydWarshallOfArcs(ArcArrays{v.n, v.offsets, v.targets, v.weights}, stride, c.mode, c.narrow, sink);
    });
    const Collected on_cpu =
        Collect([&](const ArcsResultSink& sink) { CpuFloydWarshallOfArcs(v, stride, c.mode, c.narrow, sink, 0); });
    if (c.want_bits) {  // 0: whichever the values allow
      EXPECT_EQ(on_gpu.bits, c.want_bits);
    }
    ASSERT_EQ(on_gpu.bytes.size(), stride * stride * (on_gpu.bits / 8));
    EXPECT_TRUE(on_gpu == on_cpu) << "the GPU's payload differs from the CPU twin's";
  }
}

TEST(GpuArcs, GapspWritesTheCpusFileFromTheDevice) {
  const GpuStatus gpu = ProbeGpu();
  if (!gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  test::TempDir dir;
  const std::string graph = std::string(GDIST_SOURCE_DIR) + "/data/grid-50x40.gr";
  for (const std::string bits : {"", " --element-bits 32"}) {
    SCOPED_TRACE(bits);
    const auto g = test::RunCommand(test::App("gapsp") + " --json --algorithm fw --backend gpu" + bits + " '" + graph +
                                    "' '" + dir.file("g.gdm") + "'");
    ASSERT_EQ(g.exit_code, 0) << g.output;
    EXPECT_NE(g.output.find("adjacency built on the device"), std::string::npos) << g.output;
    const auto c = test::RunCommand(test::App("gapsp") + " -q --algorithm fw --backend cpu" + bits + " '" + graph +
                                    "' '" + dir.file("c.gdm") + "'");
    ASSERT_EQ(c.exit_code, 0) << c.output;
    EXPECT_TRUE(test::ReadText(dir.file("g.gdm")) == test::ReadText(dir.file("c.gdm")));
  }
}

}  // namespace
}  // namespace gdist
