// The 16-bit mode on the CPU: every ISA build of the int16 kernels gives the
// int32 engine's bytes on graphs the proof admits (arcs heavier than INF16
// that lie on no shortest path included); SolveApsp picks it on its own for
// graphs whose distances fit, not for those whose distances do not, and says
// why; the same choice and bytes on the real graphs of the suite.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <iostream>
#include <random>
#include <string>

#include "lib/core/range_check.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/engine/precision_choice.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/testing/reference_fw.hpp"
#include "tests/engine/test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

using Matrix = DistMatrix<std::int32_t>;

Matrix Copy(const Matrix& m) {
  Matrix c(m.n());
  std::memcpy(c.data(), m.data(), m.payload_bytes());
  c.meta() = m.meta();
  return c;
}

bool SameBytes(const Matrix& a, const Matrix& b) {
  return a.stride() == b.stride() && std::memcmp(a.data(), b.data(), a.payload_bytes()) == 0;
}

// Random graph, weights 0..max_w, directed ones with some vertices without
// in-arcs. With `heavy`, for every 7th vertex u a two-arc path u -> u+1 -> u+2
// of unit arcs and an arc u -> u+2 of weight >= INF16 that must never win (in
// an undirected graph it lies inside a component, where the bound ignores it).
Matrix RandomQualifyingGraph(std::size_t n, double density, int max_w, bool undirected, bool heavy,
                             std::mt19937_64& rng) {
  Matrix m(n);
  std::uniform_real_distribution<double> coin(0, 1);
  std::uniform_int_distribution<int> weight(0, max_w);
  // Below INF32 / n, so that the int32 engine accepts the graph (range_check.hpp).
  std::uniform_int_distribution<std::int32_t> heavy_weight(kInt16Inf, 1000000);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = undirected ? u + 1 : 0; v < n; ++v) {
      if (u == v || (!undirected && v % 9 == 4) || coin(rng) >= density) continue;
      m.at(u, v) = weight(rng);
      if (undirected) m.at(v, u) = m.at(u, v);
    }
  for (std::size_t u = 0; heavy && u + 2 < n; u += 7) {
    m.at(u, u + 1) = std::min(m.at(u, u + 1), 1);
    m.at(u + 1, u + 2) = std::min(m.at(u + 1, u + 2), 1);
    m.at(u, u + 2) = heavy_weight(rng);
    if (undirected) {
      m.at(u + 1, u) = m.at(u, u + 1);
      m.at(u + 2, u + 1) = m.at(u + 1, u + 2);
      m.at(u + 2, u) = m.at(u, u + 2);
    }
  }
  return m;
}

TEST(Int16Mode, EveryIsaGivesTheInt32EnginesBytes) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  std::mt19937_64 rng(seed);
  for (std::size_t n : {1u, 100u, 300u, 700u}) {
    const Matrix adjacency = RandomQualifyingGraph(n, 4.0 / double(n), 3, n % 2 == 0, true, rng);
    Matrix wide = Copy(adjacency);
    CpuFloydWarshallIsa(wide.data(), wide.stride(), 2, CpuIsa::kPortable);
    for (CpuIsa isa : {CpuIsa::kPortable, CpuIsa::kAvx2, CpuIsa::kAvx512}) {
      SCOPED_TRACE(std::string("n ") + std::to_string(n) + ", " + CpuIsaName(isa));
      for (int threads : {1, 2}) {
        Matrix narrow = Copy(adjacency);
        ASSERT_TRUE(CpuFloydWarshallInt16(narrow.data(), narrow.stride(), threads, isa));
        EXPECT_TRUE(SameBytes(narrow, wide));
      }
    }
    // And the independent oracle, for the int32 result itself.
    Matrix oracle = Copy(adjacency);
    ReferenceFloydWarshall(oracle.data(), oracle.n(), oracle.stride());
    EXPECT_EQ(test::FirstDifference(wide, test::Rows(oracle)), "");
  }
}

ApspOptions CpuOptions(bool allow_int16) {
  ApspOptions o;
  o.backend = Backend::kCpu;
  o.threads = 2;
  o.allow_int16 = allow_int16;
  return o;
}

// Solves in 16 bits (when the engine picks it) and in 32; expects the same
// bytes and returns the 16-bit run's report.
ApspReport SolveBothWays(const Matrix& adjacency) {
  Matrix narrow = Copy(adjacency), wide = Copy(adjacency);
  const ApspReport r16 = SolveApsp(narrow, CpuOptions(true));
  const ApspReport r32 = SolveApsp(wide, CpuOptions(false));
  EXPECT_EQ(r32.element_bits, 32);
  EXPECT_TRUE(SameBytes(narrow, wide)) << r16.precision_reason;
  return r16;
}

TEST(Int16Mode, SolveApspPicksSixteenBitsWhenTheGraphProvesIt) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(test::SeedNote(seed));
  std::mt19937_64 rng(seed);
  // Arcs of weight >= INF16 fail the (n-1) x max|w| rule, so the choice
  // comes from the graph's own bound.
  ApspReport r = SolveBothWays(RandomQualifyingGraph(600, 0.01, 2, true, true, rng));
  EXPECT_EQ(r.element_bits, 16) << r.precision_reason;
  EXPECT_GE(r.distance_bound, 0);
  EXPECT_NE(r.precision_reason.find("strong components"), std::string::npos) << r.precision_reason;
  // Directed, many components (sources without in-arcs), weights up to 40:
  // 599 x 40 fails the n rule, the condensation bound passes.
  r = SolveBothWays(RandomQualifyingGraph(600, 0.01, 40, false, false, rng));
  EXPECT_EQ(r.element_bits, 16) << r.precision_reason;

  // A 30 x 40 grid of unit arcs: (n-1) x 1 = 1199 passes the n rule already.
  Matrix grid(1200);
  for (std::size_t y = 0; y < 30; ++y)
    for (std::size_t x = 0; x < 40; ++x) {
      const std::size_t v = y * 40 + x;
      if (x + 1 < 40) grid.at(v, v + 1) = grid.at(v + 1, v) = 1;
      if (y + 1 < 30) grid.at(v, v + 40) = grid.at(v + 40, v) = 1;
    }
  r = SolveBothWays(grid);
  EXPECT_EQ(r.element_bits, 16);

  // A weighted grid of 1000s: distances up to 68000 do not fit; 32 bits.
  Matrix heavy(1200);
  for (std::size_t v = 0; v + 1 < 1200; ++v) heavy.at(v, v + 1) = heavy.at(v + 1, v) = 1000;
  r = SolveBothWays(heavy);
  EXPECT_EQ(r.element_bits, 32);
  EXPECT_NE(r.precision_reason.find("not proven"), std::string::npos) << r.precision_reason;

  // Negative arcs (no negative cycle): 32 bits, saying why.
  Matrix negative(300);
  negative.at(0, 1) = 5;
  negative.at(1, 2) = -2;
  r = SolveBothWays(negative);
  EXPECT_EQ(r.element_bits, 32);
  EXPECT_NE(r.precision_reason.find("negative"), std::string::npos) << r.precision_reason;
}

TEST(Int16Mode, ExactlyAtTheLimit) {
  // A directed path whose single longest distance is 16382 = INF16 - 1 fits;
  // 16383 would read as INF16 and must not.
  for (std::int32_t last : {16382 - 2 * 100, 16383 - 2 * 100}) {
    Matrix m(102);
    for (std::size_t v = 0; v < 100; ++v) m.at(v, v + 1) = 2;
    m.at(100, 101) = last;
    const ApspReport r = SolveBothWays(m);
    EXPECT_EQ(r.element_bits, last == 16382 - 200 ? 16 : 32) << r.precision_reason;
  }
}

// The choice on every real graph of the suite (cheap: the proof only); the
// bytes of both widths where the solve is quick (the rest at level 1).
TEST(Int16Mode, RealGraphsOfTheSuite) {
  struct Case {
    const char* rel;
    bool qualifies;
    int solve_level;  // GDIST_TEST_LEVEL at which both widths are solved and compared
  };
  // c02.1 (n = 10) passes the n rule; rome99's distances reach ~ 10^5.
  const Case cases[] = {{"snap/email-Eu-core.txt.gz", true, 0}, {"nthu-apsp/c02.1", true, 0},
                        {"dimacs9/rome99.gr", false, 1},        {"snap/ca-GrQc.txt.gz", true, 1},
                        {"suitesparse/bcspwr10.mtx", true, 1},  {"metis/4elt.graph", true, 1},
                        {"suitesparse/1138_bus.mtx", false, 1}};
  for (const Case& c : cases) {
    const std::string path = test::SharedData(c.rel);
    if (!test::Exists(path)) {
      std::cout << "skipped (no shared data): " << c.rel << "\n";
      continue;
    }
    SCOPED_TRACE(c.rel);
    AnyMatrix any = LoadInput(path, {});
    if (!std::holds_alternative<Matrix>(any)) {  // 1138_bus has real weights: float32, never 16 bits
      EXPECT_FALSE(c.qualifies);
      continue;
    }
    Matrix& m = std::get<Matrix>(any);
    if (c.solve_level <= GDIST_TEST_LEVEL) {
      const ApspReport r = SolveBothWays(m);
      EXPECT_EQ(r.element_bits, c.qualifies ? 16 : 32) << r.precision_reason;
    } else {
      std::int32_t max_w = 0;
      for (std::size_t i = 0; i < m.n(); ++i)
        for (std::size_t j = 0; j < m.n(); ++j)
          if (m.at(i, j) < Matrix::kInf) max_w = std::max(max_w, m.at(i, j));
      const PrecisionChoice p = ChoosePrecision(m.view(), max_w, false, true);
      EXPECT_EQ(p.element_bits, c.qualifies ? 16 : 32) << p.reason;
    }
  }
}

}  // namespace
}  // namespace gdist
