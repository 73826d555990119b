// CpuFloydWarshall against Boost.Graph and the reference triple loop, on every
// kernel build this CPU can run (portable, AVX2, AVX-512), 1 and 2 threads,
// int32 / int64 / float32, n around the tile width, negative weights and
// unreachable pairs. Float graphs use integer weights, so results are exact.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "lib/engine/cpu_backend.hpp"
#include "lib/testing/reference_fw.hpp"
#include "lib/util/interruption.hpp"
#include "tests/engine/test_graphs.hpp"

namespace gdist {
namespace {

using test::TestGraph;

std::vector<CpuIsa> IsasHere() {
  std::vector<CpuIsa> isas;
  for (CpuIsa isa : {CpuIsa::kPortable, CpuIsa::kAvx2, CpuIsa::kAvx512})
    if (isa <= DetectCpuIsa()) isas.push_back(isa);
  return isas;
}

// Runs the engine on g for every ISA and thread count and compares with both
// oracles. `negative` graphs are only compared on the n x n part (padding
// cells may drift below INF there, as every "INF + w" does).
template <class T> void CheckAllBuilds(const TestGraph& g, std::uint64_t seed) {
  SCOPED_TRACE(test::SeedNote(seed) + ", n " + std::to_string(g.n) + ", " + ElementTraits<T>::kName + ", arcs " +
               std::to_string(g.arcs.size()));
  const std::vector<std::vector<T>> boost = test::BoostDistances<T>(g);
  DistMatrix<T> ref = test::ToMatrix<T>(g);
  ReferenceFloydWarshall(ref.data(), ref.n(), ref.stride());
  test::NormaliseUnreachable(ref, g);
  ASSERT_EQ(test::FirstDifference(ref, boost), "") << "the two oracles disagree";
  for (CpuIsa isa : IsasHere())
    for (int threads : {1, 2}) {
      SCOPED_TRACE(std::string("isa ") + CpuIsaName(isa) + ", threads " + std::to_string(threads));
      DistMatrix<T> m = test::ToMatrix<T>(g);
      CpuFloydWarshallIsa(m.data(), m.stride(), threads, isa);
      if (!g.negative) {  // padded vertices are isolated: their rows and columns stay as they were
        for (std::size_t i = 0; i < m.stride(); ++i)
          for (std::size_t j = g.n; j < m.stride(); ++j) {
            ASSERT_EQ(m.at(i, j), i == j ? T(0) : DistMatrix<T>::kInf) << "padding cell " << i << "," << j;
            ASSERT_EQ(m.at(j, i), i == j ? T(0) : DistMatrix<T>::kInf) << "padding cell " << j << "," << i;
          }
      }
      test::NormaliseUnreachable(m, g);
      ASSERT_EQ(test::FirstDifference(m, boost), "");
    }
}

constexpr std::size_t kSizes[] = {1, 2, 63, 64, 65, 127, 129, 200, 333};

template <class T> void CheckSizes(double density, int max_base, int potential) {
  for (std::size_t n : kSizes) {
    const std::uint64_t seed = test::FreshSeed();
    CheckAllBuilds<T>(test::RandomGraph(n, density, max_base, potential, seed), seed);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(CpuFloydWarshall, Int32NonNegative) { CheckSizes<std::int32_t>(0.05, 1000, 0); }
TEST(CpuFloydWarshall, Int32NegativeWeights) { CheckSizes<std::int32_t>(0.05, 100, 500); }
TEST(CpuFloydWarshall, Int64NegativeWeights) { CheckSizes<std::int64_t>(0.05, 1000, 100000); }
TEST(CpuFloydWarshall, Int64LargeWeights) { CheckSizes<std::int64_t>(0.03, 1 << 30, 0); }
TEST(CpuFloydWarshall, Float32NonNegative) { CheckSizes<float>(0.05, 1000, 0); }
TEST(CpuFloydWarshall, Float32NegativeWeights) { CheckSizes<float>(0.05, 100, 300); }

// Sparse graphs: long shortest paths that cross many tiles and rounds.
TEST(CpuFloydWarshall, SparseLongPaths) {
  const std::uint64_t seed = test::FreshSeed();
  CheckAllBuilds<std::int32_t>(test::RandomGraph(300, 0.008, 50, 20, seed), seed);
}

// More tiles (6 per side, 13 at GDIST_TEST_LEVEL >= 1) than the size sweep:
// many rounds of the threaded schedule, against Boost only (best ISA).
TEST(CpuFloydWarshall, ManyTilesAgainstBoost) {
  const std::size_t n = GDIST_TEST_LEVEL >= 1 ? 1600 : 700;
  const std::uint64_t seed = test::FreshSeed();
  const TestGraph g = test::RandomGraph(n, 0.02, 1000, 300, seed);
  SCOPED_TRACE(test::SeedNote(seed) + ", n " + std::to_string(n));
  for (int threads : {1, 2}) {
    DistMatrix<std::int32_t> m = test::ToMatrix<std::int32_t>(g);
    CpuFloydWarshall(m.data(), m.stride(), threads);
    test::NormaliseUnreachable(m, g);
    ASSERT_EQ(test::FirstDifference(m, test::BoostDistances<std::int32_t>(g)), "") << "threads " << threads;
  }
}

// Interruption (lib/util/interruption.hpp; Ctrl-C in the Python package),
// requested by the progress hook in the middle of a run on two threads: every
// thread stops at a round boundary without a deadlock, the call throws, and
// the next call runs to the right answer.
TEST(CpuFloydWarshall, InterruptedMidRunThrowsAndTheNextRunIsExact) {
  const std::uint64_t seed = test::FreshSeed();
  const TestGraph g = test::RandomGraph(700, 0.02, 1000, 0, seed);  // 6 tiles per side: 6 rounds
  SCOPED_TRACE(test::SeedNote(seed));
  std::size_t last_round = 0;
  DistMatrix<std::int32_t> m = test::ToMatrix<std::int32_t>(g);
  const ProgressFn stop_after_two = [&](const ApspProgress& p) {
    last_round = p.rounds_done;
    if (p.rounds_done == 2) RequestInterruption();
  };
  EXPECT_THROW(CpuFloydWarshall(m.data(), m.stride(), 2, stop_after_two), Interrupted);
  EXPECT_EQ(last_round, m.stride() / kTile) << "the rounds after the request still met their barriers";
  EXPECT_THROW(CpuFloydWarshall(m.data(), m.stride(), 2), Interrupted) << "a request stands until cleared";
  ClearInterruption();
  m = test::ToMatrix<std::int32_t>(g);
  CpuFloydWarshall(m.data(), m.stride(), 2);
  test::NormaliseUnreachable(m, g);
  EXPECT_EQ(test::FirstDifference(m, test::BoostDistances<std::int32_t>(g)), "");
}

// A hand-checked case: the directed path 0 -> 1 -> ... -> n-1 with weight 1,
// written so that every arc goes "backwards" through the tiles' pivot order
// (vertex n-1-k at position k) and a shortcut cycle cannot appear.
TEST(CpuFloydWarshall, ReversedPathAcrossTiles) {
  const std::size_t n = 300;
  for (CpuIsa isa : IsasHere()) {
    DistMatrix<std::int32_t> m(n);
    for (std::size_t k = 0; k + 1 < n; ++k) m.at(n - 1 - k, n - 2 - k) = 1;  // position k -> k+1
    CpuFloydWarshallIsa(m.data(), m.stride(), 2, isa);
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = 0; b < n; ++b) {
        // position of vertex v is n-1-v; distance from position pa to pb is pb - pa when pb >= pa
        const auto pa = static_cast<long long>(n - 1 - a), pb = static_cast<long long>(n - 1 - b);
        const std::int32_t want = pb >= pa ? std::int32_t(pb - pa) : DistMatrix<std::int32_t>::kInf;
        ASSERT_EQ(m.at(a, b), want) << CpuIsaName(isa) << " d(" << a << "," << b << ")";
      }
  }
}

TEST(CpuIsaDispatch, EnvironmentOnlyLowersTheIsa) {
  const CpuIsa best = DetectCpuIsa();
  ::setenv("GDIST_CPU_ISA", "portable", 1);
  EXPECT_EQ(ActiveCpuIsa(), CpuIsa::kPortable);
  ::setenv("GDIST_CPU_ISA", "avx512", 1);
  EXPECT_EQ(ActiveCpuIsa(), std::min(CpuIsa::kAvx512, best));
  ::unsetenv("GDIST_CPU_ISA");
  EXPECT_EQ(ActiveCpuIsa(), best);
  EXPECT_STREQ(CpuIsaName(CpuIsa::kAvx2), "avx2");
}

}  // namespace
}  // namespace gdist
