// The GPU out-of-core schedule (blocks streamed from the pinned host matrix,
// forced by a small device budget) == the CPU in-core engine, bit for bit,
// after SolveApsp: fresh random graphs with negative weights and unreachable
// pairs, int32 and float32, block splits even and uneven. Skipped where
// ProbeGpu() finds no GPU (CI); run on the device. And its checkpoints: a
// run stopped after a random saved round resumes to the same bytes.
#include <gtest/gtest.h>

#include <cstring>

#include "lib/engine/apsp.hpp"
#include "lib/engine/backend_choice.hpp"
#include "lib/engine/cpu_out_of_core.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "tests/engine/checkpoint_trials.hpp"
#include "tests/engine/test_graphs.hpp"

namespace gdist {
namespace {

template <class T> void CheckGpuOutOfCore(const test::TestGraph& g, std::uint64_t seed) {
  SCOPED_TRACE(test::SeedNote(seed) + ", n " + std::to_string(g.n) + ", " + ElementTraits<T>::kName);
  DistMatrix<T> cpu = test::ToMatrix<T>(g);
  ApspOptions c;
  c.backend = Backend::kCpu;
  c.memory_limit = std::size_t(1) << 40;
  SolveApsp(cpu, c);
  // Budgets: 64 MiB head-room plus six blocks of 128, 256 and 384.
  for (std::size_t side : {128, 256, 384}) {
    if (side * 2 > cpu.stride()) continue;
    SCOPED_TRACE("block side " + std::to_string(side));
    DistMatrix<T> m = test::ToMatrix<T>(g);
    ApspOptions o;
    o.backend = Backend::kGpu;
    o.device_memory = ((std::size_t(64) << 20) + 6 * side * side * sizeof(T)) * 16 / 15 + 4096;
    o.allow_int16 = false;  // the matrix's type (16 bits: SixteenBitsSameBytesAsCpu)
    std::size_t reports = 0;
    o.progress = [&](const ApspProgress& p) { reports = p.rounds_done; };
    const ApspReport r = SolveApsp(m, o);
    EXPECT_EQ(r.used, Backend::kGpu);
    EXPECT_NE(r.note.find("out of core"), std::string::npos) << r.note;
    EXPECT_EQ(reports, (m.stride() + side - 1) / side);
    ASSERT_EQ(std::memcmp(m.data(), cpu.data(), cpu.payload_bytes()), 0) << test::FirstDifference(m, test::Rows(cpu));
  }
}

TEST(GpuOutOfCore, SameBytesAsCpu) {
  const GpuStatus gpu = ProbeGpu();
  if (!gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  // Large enough that the in-core engine does not fit the small budgets
  // (its need is the matrix plus 64 MiB of head-room).
  for (std::size_t n : {1500, 2100}) {
    const std::uint64_t seed = test::FreshSeed();
    CheckGpuOutOfCore<std::int32_t>(test::RandomGraph(n, 0.02, 1000, 0, seed), seed);
    CheckGpuOutOfCore<std::int32_t>(test::RandomGraph(n, 0.05, 100, 60, seed + 1), seed + 1);
    CheckGpuOutOfCore<float>(test::RandomGraph(n, 0.03, 1000, 300, seed + 2), seed + 2);
  }
}

// The GPU out-of-core schedule in 16 bits (issue #27): the int32 host matrix
// narrowed in place, its first half registered and streamed in blocks of
// 2-byte elements (twice the area of the 32-bit blocks in the same budget),
// widened back: the CPU's bytes (in core, 32 bits), element_bits 16 and the
// CPU out-of-core run's precision reason. Graphs whose proof holds by the n
// rule (weights to 5) and by the graph's bound (weights to 100).
TEST(GpuOutOfCore, SixteenBitsSameBytesAsCpu) {
  const GpuStatus gpu = ProbeGpu();
  if (!gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  for (std::size_t n : {1500, 2100}) {
    for (int max_w : {5, 100}) {
      const std::uint64_t seed = test::FreshSeed() + std::uint64_t(max_w);
      const test::TestGraph g = test::RandomGraph(n, 0.01, max_w, 0, seed);
      SCOPED_TRACE(test::SeedNote(seed) + ", n " + std::to_string(n) + ", weights to " + std::to_string(max_w));
      DistMatrix<std::int32_t> cpu = test::ToMatrix<std::int32_t>(g), cpu_ooc = test::ToMatrix<std::int32_t>(g);
      ApspOptions c;
      c.backend = Backend::kCpu;
      c.memory_limit = std::size_t(1) << 40;
      c.allow_int16 = false;
      SolveApsp(cpu, c);
      c.allow_int16 = true;
      c.memory_limit = kCpuOutOfCoreSlots * 512 * 512 * 2;  // the bound's arcs fit in it
      const ApspReport rc = SolveApsp(cpu_ooc, c);
      ASSERT_EQ(rc.element_bits, 16) << rc.precision_reason;
      ASSERT_EQ(std::memcmp(cpu_ooc.data(), cpu.data(), cpu.payload_bytes()), 0);
      for (std::size_t side : {256, 384, 512}) {
        SCOPED_TRACE("16-bit blocks of " + std::to_string(side));
        DistMatrix<std::int32_t> m = test::ToMatrix<std::int32_t>(g);
        ApspOptions o;
        o.backend = Backend::kGpu;
        o.device_memory = ((std::size_t(64) << 20) + 6 * side * side * sizeof(std::int16_t)) * 16 / 15 + 4096;
        std::size_t reports = 0;
        o.progress = [&](const ApspProgress& p) { reports = p.rounds_done; };
        const ApspReport r = SolveApsp(m, o);
        EXPECT_EQ(r.used, Backend::kGpu);
        EXPECT_NE(r.note.find("out of core"), std::string::npos) << r.note;
        EXPECT_NE(r.note.find("in 16 bits: blocks of " + std::to_string(side)), std::string::npos) << r.note;
        EXPECT_EQ(r.element_bits, 16) << r.precision_reason;
        EXPECT_EQ(r.precision_reason, rc.precision_reason);
        EXPECT_EQ(reports, (m.stride() + side - 1) / side);
        ASSERT_EQ(std::memcmp(m.data(), cpu.data(), cpu.payload_bytes()), 0)
            << test::FirstDifference(m, test::Rows(cpu));
      }
    }
  }
}

// The GPU out-of-core schedule's checkpoints (the host matrix after a round,
// every dirty block written back and both streams drained): stopped after a
// random saved round and resumed, the same bytes as an uninterrupted run.
TEST(GpuOutOfCore, ACheckpointedRunResumesToTheSameBytes) {
  const GpuStatus gpu = ProbeGpu();
  if (!gpu.usable) GTEST_SKIP() << "no usable GPU: " << gpu.reason;
  for (int trial = 0; trial < 3; ++trial) {
    const std::uint64_t seed = test::FreshSeed() + std::uint64_t(trial);
    // 2100 vertices (stride 2176) with six blocks of 256: 9 rounds.
    for (std::size_t side : {256, 384}) {
      const std::size_t budget = ((std::size_t(64) << 20) + 6 * side * side * 4) * 16 / 15 + 4096;
      test::StopAndResume<std::int32_t>(Backend::kGpu, 2100, std::size_t(1) << 40, budget, seed);
      test::StopAndResume<float>(Backend::kGpu, 2100, std::size_t(1) << 40, budget, seed);
    }
  }
}

}  // namespace
}  // namespace gdist
