// The CPU out-of-core schedule in 16 bits (issue #27): an int32 matrix whose
// distances the proof keeps below INF16 is narrowed in place into the front
// half of its own buffer, solved by the super-tile schedule in blocks of
// 2-byte elements, and widened back in place. Checked: the in-place round
// trip on its own (odd sizes, padding, INF, clamped heavy arcs, rounds large
// enough for a thread team); out of core in 16 bits == in core (16 and 32
// bits) == Boost byte for byte, with the in-core run's element_bits and
// precision reason; graphs the proof refuses (large weights, negative
// weights, too many arcs for the memory limit) stay 32 bits; a checkpointed
// run keeps 32 bits and resumes; a run stopped half-way leaves int32 values.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <random>
#include <set>
#include <utility>

#include "lib/core/element_traits.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/engine/checkpoint.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/engine/cpu_out_of_core.hpp"
#include "lib/engine/precision_choice.hpp"
#include "lib/engine/super_tile_schedule.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "tests/engine/test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

using Matrix = DistMatrix<std::int32_t>;
constexpr std::int32_t kInf32 = Matrix::kInf;

TEST(Int16InPlace, RoundTripKeepsEveryValueTheProofAdmits) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::int32_t> small(0, kInt16Inf - 1), heavy(kInt16Inf, 1000000);
  // Counts from none to rounds of a thread team (>= 2^16 values), powers of two and not.
  for (std::size_t count : {0u, 1u, 2u, 3u, 5u, 8u, 127u, 16384u, 65537u, 300001u, 524288u}) {
    for (int threads : {1, 2}) {
      SCOPED_TRACE("count " + std::to_string(count) + ", threads " + std::to_string(threads));
      PageBuffer buf(std::max<std::size_t>(count, 1) * sizeof(std::int32_t));
      auto* d = static_cast<std::int32_t*>(buf.data());
      std::vector<std::int32_t> in(count);
      for (std::size_t i = 0; i < count; ++i) {
        const int kind = int(rng() % 8);
        in[i] = kind == 0 ? kInf32 : kind == 1 ? heavy(rng) : kind == 2 ? kInt16Inf - 1 : small(rng);
        d[i] = in[i];
      }
      std::int16_t* narrow = NarrowToInt16InPlace(d, count, threads);
      ASSERT_EQ(static_cast<void*>(narrow), static_cast<void*>(d));  // the buffer's start: page aligned
      for (std::size_t i = 0; i < count; ++i)
        ASSERT_EQ(narrow[i], static_cast<std::int16_t>(std::min(in[i], kInt16Inf))) << "value " << i;
      std::int32_t* wide = WidenFromInt16InPlace(narrow, count, threads);
      ASSERT_EQ(wide, d);
      for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(wide[i], in[i] >= kInt16Inf ? kInf32 : in[i]) << "value " << i;
    }
  }
}

TEST(Int16InPlace, PaddedMatrixOfOddSide) {
  // n = 131: stride 256, so most of the buffer is padding (INF, 0 on the diagonal).
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  std::mt19937_64 rng(seed);
  Matrix m(131);
  for (std::size_t i = 0; i < m.n(); ++i)
    for (std::size_t j = 0; j < m.n(); ++j)
      if (i != j && rng() % 3 == 0) m.at(i, j) = std::int32_t(rng() % kInt16Inf);
  Matrix copy(131);
  std::memcpy(copy.data(), m.data(), m.payload_bytes());
  const std::size_t count = m.stride() * m.stride();
  std::int16_t* narrow = NarrowToInt16InPlace(m.data(), count, 2);
  // The int16 view is the stride x stride matrix in the first half: row i at i x stride.
  for (std::size_t i = 0; i < m.stride(); ++i)
    for (std::size_t j = 0; j < m.stride(); ++j) {
      const std::int32_t want = copy.data()[i * m.stride() + j];
      ASSERT_EQ(narrow[i * m.stride() + j], want == kInf32 ? kInt16Inf : want) << i << "," << j;
    }
  WidenFromInt16InPlace(narrow, count, 2);
  EXPECT_EQ(std::memcmp(m.data(), copy.data(), m.payload_bytes()), 0);
}

// RandomGraph with, for every 7th vertex u, a cycle of unit arcs u -> u+1 ->
// u+2 -> u and an arc u -> u+2 heavier than INF16 that no shortest path takes
// (the narrowing clamps it; inside a strong component, the bound passes it by).
test::TestGraph WithHeavyShortcuts(test::TestGraph g) {
  std::set<std::pair<std::size_t, std::size_t>> replaced;
  for (std::size_t u = 0; u + 2 < g.n; u += 7) replaced.insert({{u, u + 1}, {u + 1, u + 2}, {u + 2, u}, {u, u + 2}});
  std::vector<test::TestArc> arcs;
  for (const test::TestArc& a : g.arcs)
    if (!replaced.count({a.tail, a.head})) arcs.push_back(a);
  for (std::size_t u = 0; u + 2 < g.n; u += 7) {
    arcs.push_back({u, u + 1, 1});
    arcs.push_back({u + 1, u + 2, 1});
    arcs.push_back({u + 2, u, 1});
    arcs.push_back({u, u + 2, 20000 + long(u)});
  }
  g.arcs = std::move(arcs);
  g.max_abs = std::max<long long>(g.max_abs, 20000 + long(g.n));
  return g;
}

ApspOptions CpuOptions(std::size_t memory_limit, bool allow_int16) {
  ApspOptions o;
  o.backend = Backend::kCpu;
  o.threads = 2;
  o.memory_limit = memory_limit;
  o.allow_int16 = allow_int16;
  return o;
}

// Solves g in core (16 bits allowed, and 32 only), out of core in blocks of
// each side (16 bits allowed, and 32 only), compares every result's bytes and
// Boost's distances; expects `bits` out of core and in core, with the in-core
// run's reason. Returns the out-of-core reason.
std::string CheckOutOfCore(const test::TestGraph& g, int bits, std::uint64_t seed) {
  SCOPED_TRACE(test::SeedNote(seed) + ", n " + std::to_string(g.n) + ", " + std::to_string(g.arcs.size()) + " arcs");
  const std::size_t huge = std::size_t(1) << 40;
  Matrix in16 = test::ToMatrix<std::int32_t>(g), in32 = test::ToMatrix<std::int32_t>(g);
  const ApspReport r16 = SolveApsp(in16, CpuOptions(huge, true));
  const ApspReport r32 = SolveApsp(in32, CpuOptions(huge, false));
  EXPECT_EQ(r16.element_bits, bits) << r16.precision_reason;
  EXPECT_EQ(r32.element_bits, 32);
  EXPECT_EQ(test::FirstDifference(in32, test::BoostDistances<std::int32_t>(g)), "") << "in core vs Boost";
  EXPECT_EQ(std::memcmp(in16.data(), in32.data(), in32.payload_bytes()), 0);
  std::string reason;
  for (std::size_t side : {128, 256}) {
    SCOPED_TRACE("16-bit blocks of " + std::to_string(side));
    // Four blocks of 2-byte elements of this side: the 32-bit run's blocks are smaller.
    const std::size_t limit = kCpuOutOfCoreSlots * side * side * sizeof(std::int16_t);
    EXPECT_GT(in32.payload_bytes(), limit);
    for (bool allow : {true, false}) {
      Matrix m = test::ToMatrix<std::int32_t>(g);
      ApspOptions o = CpuOptions(limit, allow);
      std::size_t rounds = 0;
      o.progress = [&](const ApspProgress& p) {
        EXPECT_EQ(p.schedule, "out-of-core");
        rounds = p.rounds_total;
      };
      const ApspReport r = SolveApsp(m, o);
      EXPECT_NE(r.note.find("out of core"), std::string::npos) << r.note;
      const int want_bits = allow ? bits : 32;
      EXPECT_EQ(r.element_bits, want_bits) << r.precision_reason;
      const std::size_t want_side = SuperTileSideFor(m.stride(), std::size_t(want_bits / 8), limit, kCpuOutOfCoreSlots);
      if (want_bits == 16) {
        EXPECT_EQ(want_side, side);
        EXPECT_NE(r.note.find("blocks of " + std::to_string(side) + " in 16 bits"), std::string::npos) << r.note;
      }
      EXPECT_EQ(rounds, (m.stride() + want_side - 1) / want_side);
      if (allow) {
        reason = r.precision_reason;
        if (bits == 16) {
          EXPECT_EQ(r.precision_reason, r16.precision_reason);
          EXPECT_EQ(r.distance_bound, r16.distance_bound);
        }
      }
      EXPECT_EQ(std::memcmp(m.data(), in32.data(), in32.payload_bytes()), 0)
          << test::FirstDifference(m, test::Rows(in32));
    }
  }
  return reason;
}

TEST(CpuOutOfCoreInt16, SameBytesAsInCoreWhereTheProofHolds) {
  const std::uint64_t seed = test::FreshSeed();
  // The n rule: 699 x 20 <= 16382.
  CheckOutOfCore(test::RandomGraph(700, 0.012, 20, 0, seed), 16, seed);
  // The graph's own bound: weights to 100 (599 x 100 fails the n rule), heavy arcs clamped.
  const std::string why =
      CheckOutOfCore(WithHeavyShortcuts(test::RandomGraph(600, 0.015, 100, 0, seed + 1)), 16, seed + 1);
  EXPECT_NE(why.find("strong components"), std::string::npos) << why;
}

TEST(CpuOutOfCoreInt16, ThirtyTwoBitsWhereTheProofFails) {
  const std::uint64_t seed = test::FreshSeed();
  // Distances past INF16.
  std::string why = CheckOutOfCore(test::RandomGraph(600, 0.015, 200000, 0, seed), 32, seed);
  EXPECT_NE(why.find("not proven"), std::string::npos) << why;
  // Negative weights (potentials).
  why = CheckOutOfCore(test::RandomGraph(600, 0.015, 100, 50, seed + 1), 32, seed + 1);
  EXPECT_NE(why.find("negative"), std::string::npos) << why;
}

TEST(CpuOutOfCoreInt16, TheBoundsArcsStayWithinTheMemoryLimit) {
  // 600 vertices, ~ 0.09 x 600^2 arcs: the in-core bound takes them (n^2/8),
  // the out-of-core one, 16 bytes an arc within 128 KiB (8192), does not.
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  const test::TestGraph g = test::RandomGraph(600, 0.1, 100, 0, seed);
  Matrix in_core = test::ToMatrix<std::int32_t>(g), m = test::ToMatrix<std::int32_t>(g);
  const ApspReport ri = SolveApsp(in_core, CpuOptions(std::size_t(1) << 40, true));
  EXPECT_EQ(ri.element_bits, 16) << ri.precision_reason;
  const ApspReport r = SolveApsp(m, CpuOptions(kCpuOutOfCoreSlots * 128 * 128 * 2, true));
  EXPECT_EQ(r.element_bits, 32) << r.precision_reason;
  EXPECT_NE(r.precision_reason.find("memory limit"), std::string::npos) << r.precision_reason;
  EXPECT_EQ(std::memcmp(m.data(), in_core.data(), m.payload_bytes()), 0);
}

struct Stopped {};

TEST(CpuOutOfCoreInt16, AStoppedRunLeavesInt32Values) {
  // The schedule throws after round 2 (the progress callback): the matrix is
  // widened back, every value a distance of the 16-bit range or INF32.
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  Matrix m = test::ToMatrix<std::int32_t>(test::RandomGraph(700, 0.012, 20, 0, seed));
  ApspOptions o = CpuOptions(kCpuOutOfCoreSlots * 128 * 128 * 2, true);
  o.progress = [](const ApspProgress& p) {
    if (p.rounds_done == 2) throw Stopped{};
  };
  EXPECT_THROW(SolveApsp(m, o), Stopped);
  for (std::size_t i = 0; i < m.stride() * m.stride(); ++i) {
    const std::int32_t v = m.data()[i];
    ASSERT_TRUE(v == kInf32 || (v >= 0 && v < kInt16Inf)) << "value " << i << " = " << v;
  }
  for (std::size_t i = 0; i < m.stride(); ++i) ASSERT_EQ(m.at(i, i), 0);
}

TEST(CpuOutOfCoreInt16, ACheckpointedRunKeepsThirtyTwoBitsAndResumes) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  const test::TestGraph g = test::RandomGraph(700, 0.012, 20, 0, seed);  // the n rule holds
  const std::size_t limit = kCpuOutOfCoreSlots * 128 * 128 * 4;          // 32-bit blocks of 128: 6 rounds
  Matrix ref = test::ToMatrix<std::int32_t>(g);
  const ApspReport r16 = SolveApsp(ref, CpuOptions(limit, true));
  ASSERT_EQ(r16.element_bits, 16) << r16.precision_reason;
  test::TempDir tmp;
  const std::string dir = tmp.file("ck");
  std::filesystem::create_directory(dir);
  ApspOptions o = CpuOptions(limit, true);
  o.checkpoint = {dir, false, 0};
  o.progress = [](const ApspProgress& p) {
    if (p.rounds_done == 3) throw Stopped{};
  };
  Matrix stopped = test::ToMatrix<std::int32_t>(g);
  EXPECT_THROW(SolveApsp(stopped, o), Stopped);
  o.checkpoint.resume = true;
  std::size_t rounds = 0;
  o.progress = [&](const ApspProgress& p) { rounds = p.rounds_total; };
  Matrix resumed = test::ToMatrix<std::int32_t>(g);
  const ApspReport r = SolveApsp(resumed, o);
  EXPECT_EQ(r.element_bits, 32);
  EXPECT_NE(r.precision_reason.find(kCheckpointKeepsWidth), std::string::npos) << r.precision_reason;
  EXPECT_NE(r.note.find("resumed at round 4"), std::string::npos) << r.note;
  EXPECT_EQ(rounds, resumed.stride() / 128);
  EXPECT_EQ(std::memcmp(resumed.data(), ref.data(), ref.payload_bytes()), 0)
      << test::FirstDifference(resumed, test::Rows(ref));
  RemoveCheckpoint(dir);
}

}  // namespace
}  // namespace gdist
