// The run from a graph's arcs (arcs_apsp.hpp) through its CPU twin: the
// payload it streams equals Boost.Graph's Floyd-Warshall on the same arcs
// (16-bit values where the proof holds or every value fits, int32 otherwise,
// padding INF with a 0 diagonal), arrives in pieces no larger than kResultChunkBytes, and graphs
// whose path sums could overflow are refused as SolveApsp refuses them. The
// GPU run is checked against this twin on the device (tests/gpu/gpu_arcs_test.cpp).
#include "lib/engine/arcs_apsp.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "lib/util/error.hpp"
#include "tests/engine/test_graphs.hpp"

namespace gdist {
namespace {

struct Streamed {
  int bits = 0;
  std::vector<char> bytes;
  std::size_t largest_piece = 0;
  ApspReport report;
};

Streamed RunTwin(const test::TestGraph& g, bool allow_int16) {
  const ArcCsr arcs = test::ArcCsrOf(g);
  ApspOptions o;
  o.backend = Backend::kCpu;
  o.threads = 2;
  o.allow_int16 = allow_int16;
  Streamed s;
  ArcsResultSink sink;
  sink.begin = [&](int bits) { s.bits = bits; };
  sink.write = [&](const void* p, std::size_t size) {
    s.largest_piece = std::max(s.largest_piece, size);
    s.bytes.insert(s.bytes.end(), static_cast<const char*>(p), static_cast<const char*>(p) + size);
  };
  s.report =
      SolveApspOfArcs(arcs.View(), static_cast<double>(g.max_abs), o, BackendDecision{Backend::kCpu, "test"}, sink);
  return s;
}

// Element (i, j) of a streamed payload as int32 (INF16 read as INF32).
std::int32_t At(const Streamed& s, std::size_t stride, std::size_t i, std::size_t j) {
  if (s.bits == 16) {
    std::int16_t v;
    std::memcpy(&v, &s.bytes[(i * stride + j) * 2], 2);
    return v == ElementTraits<std::int16_t>::kInf ? ElementTraits<std::int32_t>::kInf : v;
  }
  std::int32_t v;
  std::memcpy(&v, &s.bytes[(i * stride + j) * 4], 4);
  return v;
}

void ExpectBoostDistances(const test::TestGraph& g, const Streamed& s) {
  const std::size_t stride = PaddedSize(g.n);
  ASSERT_EQ(s.bytes.size(), stride * stride * (s.bits / 8));
  EXPECT_LE(s.largest_piece, kResultChunkBytes);
  const auto want = test::BoostDistances<std::int32_t>(g);
  for (std::size_t i = 0; i < stride; ++i)
    for (std::size_t j = 0; j < stride; ++j) {
      const std::int32_t expected = i < g.n && j < g.n ? want[i][j] : i == j ? 0 : ElementTraits<std::int32_t>::kInf;
      ASSERT_EQ(At(s, stride, i, j), expected) << "d(" << i << "," << j << ")";
    }
}

TEST(ArcsApsp, TheTwinStreamsBoostsDistancesInTheProvenWidth) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  // Small weights: the 16-bit proof holds; with unreachable vertices (no in-arcs).
  const test::TestGraph small = test::RandomGraph(300 + seed % 40, 0.03, 30, 0, seed);
  const Streamed s16 = RunTwin(small, true);
  EXPECT_EQ(s16.bits, 16);
  EXPECT_EQ(s16.report.element_bits, 16);
  ExpectBoostDistances(small, s16);
  // The same graph with 16 bits not allowed: int32, the same values.
  const Streamed s32 = RunTwin(small, false);
  EXPECT_EQ(s32.bits, 32);
  ExpectBoostDistances(small, s32);
  // Large weights: no proof, int32.
  const test::TestGraph large = test::RandomGraph(260, 0.05, 200000, 0, seed + 1);
  const Streamed wide = RunTwin(large, true);
  EXPECT_EQ(wide.bits, 32);
  ExpectBoostDistances(large, wide);
}

// The 16-bit proof fails (a heavy arc between two strong components, on no
// shortest path) but every distance fits: the run computes in int32 and
// stores 16 bits, as the host route's file does (TryWriteMatrixFileInt16).
TEST(ArcsApsp, AnInt32RunWhoseValuesFitIsStoredIn16Bits) {
  test::TestGraph g;
  g.n = 4;
  g.arcs = {{0, 1, 1}, {1, 0, 1}, {2, 3, 1}, {3, 2, 1}, {0, 2, 1}, {1, 3, 20000}};
  g.max_abs = 20000;
  const Streamed s = RunTwin(g, true);
  ASSERT_EQ(s.report.element_bits, 32) << "the proof held: the case tests nothing";
  EXPECT_EQ(s.bits, 16);
  ExpectBoostDistances(g, s);
  EXPECT_EQ(At(s, PaddedSize(g.n), 1, 3), 3);  // 1 -> 0 -> 2 -> 3, not the arc of 20000
  const Streamed wide = RunTwin(g, false);     // --element-bits 32
  EXPECT_EQ(wide.bits, 32);
  ExpectBoostDistances(g, wide);
}

TEST(ArcsApsp, ThePayloadComesInChunks) {
  // stride 4224: 71 MB of int32, two pieces of at most 64 MiB.
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  const test::TestGraph g = test::RandomGraph(4200, 0.0005, 100000, 0, seed);
  const Streamed s = RunTwin(g, true);
  EXPECT_EQ(s.bits, 32);
  EXPECT_EQ(s.largest_piece, kResultChunkBytes);
  EXPECT_EQ(s.bytes.size(), std::size_t{4224} * 4224 * 4);
}

TEST(ArcsApsp, PathSumsPastInt32AreRefusedAsSolveApspRefusesThem) {
  test::TestGraph g;
  g.n = 300;
  for (std::size_t v = 0; v + 1 < g.n; ++v) g.arcs.push_back({v, v + 1, 100000000});
  g.max_abs = 100000000;
  try {
    RunTwin(g, true);
    ADD_FAILURE() << "no refusal";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("path lengths can reach"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gdist
