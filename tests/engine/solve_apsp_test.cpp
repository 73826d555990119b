// SolveApsp on the CPU backend: the checks every backend shares (negative
// cycles, path-sum overflow, unreachable clean-up) around the CPU engine,
// against Boost.Graph.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "lib/engine/apsp.hpp"
#include "lib/util/error.hpp"
#include "tests/engine/test_graphs.hpp"

namespace gdist {
namespace {

ApspOptions Cpu(int threads) {
  ApspOptions o;
  o.backend = Backend::kCpu;
  o.threads = threads;
  return o;
}

template <class T> void SolveAndCompare(std::size_t n, double density, int max_base, int potential, int threads) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed) + ", n " + std::to_string(n) + ", " + ElementTraits<T>::kName + ", threads " +
               std::to_string(threads));
  const test::TestGraph g = test::RandomGraph(n, density, max_base, potential, seed);
  DistMatrix<T> m = test::ToMatrix<T>(g);
  const ApspReport r = SolveApsp(m, Cpu(threads));
  EXPECT_EQ(r.used, Backend::kCpu);
  EXPECT_EQ(m.meta().kind, MatrixKind::kDistance);
  // SolveApsp itself maps drifted "INF + w" values back to INF: compare raw.
  EXPECT_EQ(test::FirstDifference(m, test::BoostDistances<T>(g)), "");
}

TEST(SolveApspCpu, MatchesBoostWithNegativeWeightsAndUnreachablePairs) {
  for (int threads : {1, 2}) {
    SolveAndCompare<std::int32_t>(333, 0.04, 100, 400, threads);
    SolveAndCompare<std::int64_t>(200, 0.04, 1000, 100000, threads);
    SolveAndCompare<float>(129, 0.04, 100, 200, threads);
    SolveAndCompare<std::int32_t>(65, 0.1, 1000, 0, threads);
  }
}

TEST(SolveApspCpu, RefusesANegativeCycle) {
  // 0 -> 1 -> 2 -> 0 sums to -1; vertex 3 hangs off it.
  DistMatrix<std::int32_t> m(200);
  m.at(0, 1) = 4;
  m.at(1, 2) = -2;
  m.at(2, 0) = -3;
  m.at(2, 3) = 7;
  try {
    SolveApsp(m, Cpu(2));
    FAIL() << "a negative cycle was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("negative cycle"), std::string::npos) << e.what();
  }
}

TEST(SolveApspCpu, RefusesANegativeSelfLoop) {
  DistMatrix<float> m(10);
  m.at(4, 4) = -1;
  EXPECT_THROW(SolveApsp(m, Cpu(1)), Error);
}

TEST(SolveApspCpu, RefusesInt32PathsThatCouldOverflowAndSuggestsInt64) {
  // A path of 299 arcs of 2^22: distances reach 299 * 2^22 > INF = 2^30 - 1, past
  // (n-1) x max|w| and past the graph's own distance bound alike.
  DistMatrix<std::int32_t> m(300);
  for (std::size_t v = 0; v + 1 < 300; ++v) m.at(v, v + 1) = 1 << 22;
  try {
    SolveApsp(m, Cpu(1));
    FAIL() << "int32 accepted path sums past INF";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("int64"), std::string::npos) << e.what();
  }
  // The same graph in int64 is fine: d(0, 299) = 299 * 2^22, d(1, 0) unreachable.
  DistMatrix<std::int64_t> wide(300);
  for (std::size_t v = 0; v + 1 < 300; ++v) wide.at(v, v + 1) = 1 << 22;
  SolveApsp(wide, Cpu(1));
  EXPECT_EQ(wide.at(0, 299), std::int64_t{299} << 22);
  EXPECT_EQ(wide.at(1, 0), ElementTraits<std::int64_t>::kInf);
}

TEST(SolveApspCpu, Int32PastTheSizeProofRunsWhenTheGraphBoundsItsDistances) {
  // One arc of 2^22 among 300 vertices: (n-1) x max|w| passes INF, but every
  // distance is at most 2^22 (distance_bound.hpp), so int32 runs and is exact.
  DistMatrix<std::int32_t> m(300);
  m.at(0, 1) = 1 << 22;
  m.at(1, 2) = 5;
  SolveApsp(m, Cpu(1));
  EXPECT_EQ(m.at(0, 2), (1 << 22) + 5);
  EXPECT_EQ(m.at(2, 0), ElementTraits<std::int32_t>::kInf);
}

}  // namespace
}  // namespace gdist
