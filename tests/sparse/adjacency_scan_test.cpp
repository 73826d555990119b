// ScanAdjacency (lib/sparse/csr_from_matrix.hpp), the plan's pass over a
// matrix input that copies nothing, against the graph CsrFromAdjacency
// builds from the same matrix: the same arc count, unit weights, negative
// arcs and zero diagonal on random matrices of every element type, and the
// same refusal of a negative self-loop.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "lib/sparse/csr_from_matrix.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

template <class W> void ExpectScanMatchesGraph(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t n = 1 + rng() % 300;
    DistMatrix<W> m(n);
    const double density = static_cast<double>(rng() % 100) / 100;
    const bool unit = rng() % 4 == 0, negative = rng() % 4 == 0, diagonal = rng() % 4 == 0;
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t v = 0; v < n; ++v) {
        if (u == v || std::uniform_real_distribution<double>(0, 1)(rng) >= density) continue;
        m.at(u, v) = unit ? W(1) : W(static_cast<int>(rng() % 50) - (negative ? 10 : 0));
      }
    if (diagonal) m.at(rng() % n, rng() % n) = W(0);  // at times off the diagonal: then just an arc of 0
    if (diagonal) {
      const std::size_t d = rng() % n;
      m.at(d, d) = W(3);
    }
    SCOPED_TRACE("n " + std::to_string(n) + ", trial " + std::to_string(trial));
    bool zero_diagonal = true;
    const CsrGraph<W> g = CsrFromAdjacency(m.view(), m.meta(), &zero_diagonal);
    const AdjacencyScan scan = ScanAdjacency(m.view(), m.meta(), 2);
    EXPECT_EQ(scan.arcs, g.arc_count());
    EXPECT_EQ(scan.unit_weights, g.unit_weights);
    EXPECT_EQ(scan.has_negative, g.has_negative);
    EXPECT_EQ(scan.zero_diagonal, zero_diagonal);
  }
}

TEST(AdjacencyScan, MatchesTheGraphBuiltFromTheMatrix) {
  ExpectScanMatchesGraph<std::int32_t>(11);
  ExpectScanMatchesGraph<std::int64_t>(12);
  ExpectScanMatchesGraph<float>(13);
  ExpectScanMatchesGraph<double>(14);
}

TEST(AdjacencyScan, RefusesANegativeSelfLoopAsTheGraphDoes) {
  DistMatrix<std::int32_t> m(50);
  m.at(7, 7) = -2;
  m.at(30, 30) = -1;
  std::string graph_error, scan_error;
  bool zero_diagonal = true;
  try {
    CsrFromAdjacency(m.view(), m.meta(), &zero_diagonal);
  } catch (const Error& e) {
    graph_error = e.what();
  }
  try {
    ScanAdjacency(m.view(), m.meta(), 2);
  } catch (const Error& e) {
    scan_error = e.what();
  }
  EXPECT_NE(scan_error.find("negative cycle"), std::string::npos) << scan_error;
  EXPECT_EQ(scan_error, graph_error);
}

}  // namespace
}  // namespace gdist
