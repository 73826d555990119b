// The in-core GPU engine's per-round progress (ApspProgress through
// ApspOptions::progress, what gapsp --progress prints and the progress bar
// draws): one report per round in order, the last one the whole run, and a
// rate that is a fraction of the ceiling. Skipped where ProbeGpu() finds no
// GPU (CI); run on the device.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "lib/engine/apsp.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "tests/engine/test_graphs.hpp"

namespace gdist {
namespace {

TEST(GpuInCoreProgress, OneReportPerRound) {
  if (!ProbeGpu().usable) GTEST_SKIP() << "no usable GPU";
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  const test::TestGraph g = test::RandomGraph(1500, 0.01, 1000, 0, seed);
  DistMatrix<std::int32_t> m = test::ToMatrix<std::int32_t>(g);
  std::vector<ApspProgress> seen;
  ApspOptions o;
  o.backend = Backend::kGpu;
  o.allow_int16 = false;
  o.progress = [&seen](const ApspProgress& p) { seen.push_back(p); };
  SolveApsp(m, o);
  const std::size_t rounds = m.stride() / 128;
  ASSERT_EQ(seen.size(), rounds);
  for (std::size_t r = 0; r < rounds; ++r) {
    EXPECT_EQ(seen[r].rounds_done, r + 1);
    EXPECT_EQ(seen[r].rounds_total, rounds);
    EXPECT_EQ(seen[r].schedule, "in-core");
  }
  const ApspProgress& last = seen.back();
  EXPECT_DOUBLE_EQ(last.relaxations, double(m.stride()) * double(m.stride()) * double(m.stride()));
  EXPECT_GT(last.relax_per_second, 0);
  EXPECT_EQ(last.ceiling_relax_per_second, kH100CeilingInt32);
  EXPECT_GT(last.ceiling_fraction(), 0);
  EXPECT_LT(last.ceiling_fraction(), 1.2);

  // The result is the CPU's.
  DistMatrix<std::int32_t> cpu = test::ToMatrix<std::int32_t>(g);
  ApspOptions c;
  c.backend = Backend::kCpu;
  SolveApsp(cpu, c);
  EXPECT_EQ(0, std::memcmp(cpu.data(), m.data(), m.payload_bytes()));
}

}  // namespace
}  // namespace gdist
