// The CPU out-of-core schedule (super-tiles through a four-block working set)
// against the in-core engine: identical bytes after SolveApsp, for several
// block sides (even and uneven splits), negative weights and unreachable
// pairs, int32 / int64 / float32; and the schedule's step list on its own.
#include <gtest/gtest.h>

#include <cstring>

#include "lib/engine/apsp.hpp"
#include "lib/engine/cpu_out_of_core.hpp"
#include "lib/engine/super_tile_schedule.hpp"
#include "lib/util/error.hpp"
#include "tests/engine/test_graphs.hpp"

namespace gdist {
namespace {

TEST(SuperTileSchedule, EveryBlockUpdatedOncePerRoundAfterItsOperands) {
  for (std::size_t blocks : {1, 2, 3, 5}) {
    for (std::size_t round = 0; round < blocks; ++round) {
      const std::vector<SuperStep> steps = SuperRoundSteps(blocks, round);
      ASSERT_EQ(steps.size(), blocks * blocks);
      std::vector<int> done(blocks * blocks, 0);
      for (const SuperStep& s : steps) {
        // Operands other than c are final for this round before they are read.
        for (BlockId op : {s.a, s.b}) {
          if (!(op == s.c)) {
            EXPECT_EQ(done[op.i * blocks + op.j], 1) << "block " << op.i << "," << op.j;
          }
        }
        const bool on_row = s.c.i == round, on_col = s.c.j == round;
        const SuperOp want = on_row && on_col ? SuperOp::kClose
                             : on_row         ? SuperOp::kRowPanel
                             : on_col         ? SuperOp::kColumnPanel
                                              : SuperOp::kRest;
        EXPECT_EQ(int(s.op), int(want));
        EXPECT_EQ(s.a.i, s.c.i);
        EXPECT_EQ(s.a.j, round);
        EXPECT_EQ(s.b.i, round);
        EXPECT_EQ(s.b.j, s.c.j);
        ++done[s.c.i * blocks + s.c.j];
      }
      for (int d : done) EXPECT_EQ(d, 1);
    }
  }
}

TEST(SuperTileSchedule, SideFitsTheBudget) {
  EXPECT_EQ(SuperTileSideFor(1024, 4, 4 * 256 * 256 * 4, 4), 256u);
  EXPECT_EQ(SuperTileSideFor(1024, 4, 4 * 300 * 300 * 4, 4), 256u);  // rounded down to 128
  EXPECT_EQ(SuperTileSideFor(1024, 4, 1, 4), 128u);                  // never below one tile
  EXPECT_EQ(SuperTileSideFor(1024, 4, std::size_t(1) << 40, 4), 1024u);
  const SuperTileGrid g(1024, 384);
  EXPECT_EQ(g.blocks(), 3u);
  EXPECT_EQ(g.extent(2), 256u);
  EXPECT_THROW(SuperTileGrid(1000, 128), Error);
}

template <class T> void CheckSameAsInCore(const test::TestGraph& g, std::uint64_t seed) {
  SCOPED_TRACE(test::SeedNote(seed) + ", n " + std::to_string(g.n) + ", " + ElementTraits<T>::kName);
  DistMatrix<T> in_core = test::ToMatrix<T>(g);
  ApspOptions base;
  base.backend = Backend::kCpu;
  base.threads = 2;
  base.memory_limit = std::size_t(1) << 40;
  SolveApsp(in_core, base);
  const std::vector<std::vector<T>> boost = test::BoostDistances<T>(g);
  ASSERT_EQ(test::FirstDifference(in_core, boost), "") << "in-core engine vs Boost";
  const std::size_t bytes = in_core.payload_bytes();
  for (std::size_t side : {128, 256, 384}) {
    if (kCpuOutOfCoreSlots * side * side >= in_core.stride() * in_core.stride()) continue;  // would fit in core
    SCOPED_TRACE("block side " + std::to_string(side));
    DistMatrix<T> m = test::ToMatrix<T>(g);
    ApspOptions o = base;
    o.memory_limit = kCpuOutOfCoreSlots * side * side * sizeof(T);  // forces blocks of `side`
    o.allow_int16 = false;  // the matrix's type (16 bits: out_of_core_int16_test.cpp)
    std::size_t reports = 0;
    o.progress = [&](const ApspProgress& p) {
      ++reports;
      EXPECT_EQ(p.rounds_done, reports);
      EXPECT_EQ(p.schedule, "out-of-core");
    };
    const ApspReport r = SolveApsp(m, o);
    EXPECT_NE(r.note.find("out of core"), std::string::npos) << r.note;
    EXPECT_EQ(reports, (m.stride() + side - 1) / side);
    ASSERT_EQ(std::memcmp(m.data(), in_core.data(), bytes), 0) << test::FirstDifference(m, boost);
  }
}

TEST(CpuOutOfCore, SameBytesAsInCore) {
  for (std::size_t n : {600}) {
    const std::uint64_t seed = test::FreshSeed();
    CheckSameAsInCore<std::int32_t>(test::RandomGraph(n, 0.02, 1000, 0, seed), seed);
    CheckSameAsInCore<std::int32_t>(test::RandomGraph(n, 0.05, 100, 60, seed + 1), seed + 1);  // negative weights
  }
  const std::uint64_t seed = test::FreshSeed();
  CheckSameAsInCore<std::int64_t>(test::RandomGraph(400, 0.03, 1000, 500, seed), seed);
  CheckSameAsInCore<float>(test::RandomGraph(400, 0.03, 1000, 0, seed + 2), seed + 2);
}

}  // namespace
}  // namespace gdist

namespace gdist {
namespace {

TEST(ApspProgressReports, InCoreCpuReportsEveryRound) {
  const std::uint64_t seed = test::FreshSeed();
  DistMatrix<std::int32_t> m =
      test::ToMatrix<std::int32_t>(test::RandomGraph(500, 0.02, 1000000, 0, seed));  // too wide for 16 bits
  ApspOptions o;
  o.backend = Backend::kCpu;
  o.threads = 2;
  o.memory_limit = std::size_t(1) << 40;
  std::vector<ApspProgress> seen;
  o.progress = [&](const ApspProgress& p) { seen.push_back(p); };
  SolveApsp(m, o);
  const std::size_t rounds = m.stride() / 128;
  ASSERT_EQ(seen.size(), rounds);
  for (std::size_t r = 0; r < rounds; ++r) EXPECT_EQ(seen[r].rounds_done, r + 1);
  EXPECT_EQ(seen.back().schedule, "in-core");
  EXPECT_DOUBLE_EQ(seen.back().relaxations, double(m.stride()) * m.stride() * m.stride());
  EXPECT_GT(seen.back().relax_per_second, 0);
}

}  // namespace
}  // namespace gdist
