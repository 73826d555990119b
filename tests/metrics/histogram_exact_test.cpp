// The distance histogram of int64 distances past 2^53 (issue 28): bin edges
// are exact integers and every distance lands in its bin, against a
// brute-force count in 128-bit arithmetic; one bin per value where the
// values span at most 64 (2^60 + 1 and 2^60 + 2 are two bins, which doubles
// would merge); the JSON and text reports print the exact edges.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <sstream>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/metrics_report.hpp"
#include "lib/util/int128.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {
namespace {

using Matrix = std::vector<std::vector<std::int64_t>>;
constexpr std::int64_t kInf = ElementTraits<std::int64_t>::kInf;

DistMatrix<std::int64_t> ToDist(const Matrix& d) {
  DistMatrix<std::int64_t> m(d.size());
  for (std::size_t i = 0; i < d.size(); ++i)
    for (std::size_t j = 0; j < d.size(); ++j) m.at(i, j) = d[i][j];
  m.meta().kind = MatrixKind::kDistance;
  return m;
}

// The histogram as the brute force sees it: exact min and max of the finite
// off-diagonal distances, width ceil((max - min + 1) / bins) (1 when they
// span at most `bins` values), every pair's bin by 128-bit division.
void ExpectExactHistogram(const Matrix& d, bool directed, std::size_t max_bins) {
  const std::size_t n = d.size();
  Int128 lo = std::numeric_limits<std::int64_t>::max(), hi = std::numeric_limits<std::int64_t>::min();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j && d[i][j] < kInf) {
        lo = std::min<Int128>(lo, d[i][j]);
        hi = std::max<Int128>(hi, d[i][j]);
      }
  const Int128 span = hi - lo;
  const Int128 width = span + 1 <= Int128(max_bins) ? 1 : (span + 1 + Int128(max_bins) - 1) / Int128(max_bins);
  const std::size_t bins = static_cast<std::size_t>(std::min<Int128>(Int128(max_bins), span / width + 1));
  std::vector<std::uint64_t> want(bins, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = directed ? 0 : i + 1; j < n; ++j)
      if (i != j && d[i][j] < kInf) ++want[std::min<std::size_t>(bins - 1, std::size_t((d[i][j] - lo) / width))];

  const DistMatrix<std::int64_t> m = ToDist(d);
  const DistanceSummary s = Summarize(m.view(), MetricsOptions{});
  const Centrality c = ComputeCentrality(m.view(), s, directed, 0, max_bins);
  const DistanceHistogram& h = c.histogram;
  ASSERT_TRUE(h.integral);
  EXPECT_EQ(Int128(h.int_min), lo);
  EXPECT_EQ(Int128(h.int_width), width);
  EXPECT_EQ(h.unit_bins, width == 1 && span + 1 <= Int128(max_bins));
  EXPECT_EQ(h.counts, want);
}

TEST(HistogramExact, OneBinPerValuePastTwoToThe53) {
  // A path 0 -> 1 -> ... with distances 2^60 + 1 + k: ten distinct odd and even values no double holds.
  const std::int64_t base = (std::int64_t{1} << 60) + 1;
  const std::size_t n = 12;
  Matrix d(n, std::vector<std::int64_t>(n, kInf));
  std::mt19937_64 rng(7);
  for (std::size_t i = 0; i < n; ++i) {
    d[i][i] = 0;
    for (std::size_t j = 0; j < n; ++j)
      if (i != j) d[i][j] = base + std::int64_t(rng() % 10);
  }
  d[0][1] = kInf;  // an unreachable pair too
  ExpectExactHistogram(d, true, 64);
  const DistMatrix<std::int64_t> m = ToDist(d);
  const Centrality c = ComputeCentrality(m.view(), Summarize(m.view(), MetricsOptions{}), true, 0, 64);
  ASSERT_TRUE(c.histogram.unit_bins);
  EXPECT_EQ(c.histogram.counts.size(), 10u);
  // The reports print the exact edges.
  std::ostringstream json;
  JsonWriter w(json);
  w.BeginObject();
  WriteCentralityJson(w, c, VertexLabels::Range(n, 1), true);
  w.EndObject();
  EXPECT_NE(json.str().find("\"min\":1152921504606846977,\"bin_width\":1,"), std::string::npos) << json.str();
  std::ostringstream text;
  WriteCentralityText(text, c, VertexLabels::Range(n, 1), true);  // with the bins (--histogram)
  EXPECT_NE(text.str().find("\n  1152921504606846978  "), std::string::npos) << text.str();
}

TEST(HistogramExact, WideBinsAgainstABruteForceCount) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    SCOPED_TRACE(trial);
    const std::size_t n = 5 + rng() % 40;
    // Spans from a few hundred to 2^61, bases in (-2^61, 2^61) (negative
    // weights): edges past 2^53 that doubles would round; all below INF (2^62 - 1).
    const std::int64_t base = std::int64_t(rng() >> 3) - (trial % 4 == 1 ? std::int64_t{1} << 61 : 0);
    const std::uint64_t span = trial % 2 ? (rng() >> 3) : 64 + rng() % 1000;
    Matrix d(n, std::vector<std::int64_t>(n, kInf));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j) d[i][j] = 0;
        else if (rng() % 10) d[i][j] = base + std::int64_t(rng() % (span + 1));
      }
    d[0][n - 1] = base;  // both ends of the span present
    d[n - 1][0] = base + std::int64_t(span);
    for (std::size_t bins : {64, 7, 1}) ExpectExactHistogram(d, trial % 3 == 0, bins);
  }
}

}  // namespace
}  // namespace gdist
