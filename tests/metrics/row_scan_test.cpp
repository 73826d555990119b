// The CPU's row scans (ScanSummaryRow, ScanCentralityRow) against their
// definition in row_reduction.hpp, element by element: element j to lane
// j % kSumLanes, lanes added in increasing j and summed by SumLanes; the
// farthest entry is the first column of the largest finite value above 0;
// integer rows also hold the exact total (128 bits) and farthest distance.
// Rows long enough for the scans' vectorised whole-chunk path, with and
// without INF, zeros, ties and the diagonal inside a chunk, in every element type.
// The line scans (PHAST's transposed rows) against the same definition.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/line_scans.hpp"
#include "lib/metrics/summary.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

// Integer rows also carry the exact total and farthest distance, compared in T.
template <class T> SummaryRow SummaryByDefinition(const std::vector<T>& row) {
  double lane[kSumLanes] = {};
  SummaryRow r;
  T far = 0;
  for (std::size_t j = 0; j < row.size(); ++j) {
    if (row[j] >= ElementTraits<T>::kInf) {
      if (r.first_unreachable == kNoColumn) r.first_unreachable = j;
      ++r.unreachable;
      continue;
    }
    const double x = static_cast<double>(row[j]);
    lane[j % kSumLanes] += x;
    if constexpr (std::is_integral_v<T>) {
      r.exact_total += row[j];
      if (row[j] > far) far = row[j], r.farthest.column = j;
    } else if (x > r.farthest.value) {
      r.farthest = {x, j};
    }
  }
  r.total = SumLanes(lane);
  if constexpr (std::is_integral_v<T>) {
    r.exact = true;
    r.exact_farthest = far;
    r.farthest.value = static_cast<double>(far);
  }
  return r;
}

template <class T> CentralityRow CentralityByDefinition(const std::vector<T>& row, std::size_t i) {
  double lane[kSumLanes] = {};
  CentralityRow r;
  for (std::size_t j = 0; j < row.size(); ++j) {
    if (j == i || row[j] >= ElementTraits<T>::kInf) continue;
    const double x = static_cast<double>(row[j]);
    if (x > 0) lane[j % kSumLanes] += 1.0 / x;
    r.lo = std::min(r.lo, x);
    r.hi = std::max(r.hi, x);
  }
  r.harmonic = SumLanes(lane);
  return r;
}

template <class T> void CheckRandomRows(unsigned seed) {
  std::mt19937_64 rng(seed);
  for (int round = 0; round < 40; ++round) {
    const std::size_t n = 1 + rng() % 2000;
    const int kind = round % 4;  // 0 all finite, 1 some INF, 2 many zeros and ties, 3 huge values
    std::vector<T> row(n);
    for (T& x : row) {
      if constexpr (std::is_integral_v<T>) {
        x = static_cast<T>(kind == 3 ? (rng() >> 12) % (ElementTraits<T>::kInf / 2) : rng() % (kind == 2 ? 4 : 100000));
      } else {
        x = static_cast<T>(static_cast<double>(rng() % 100000) / (kind == 2 ? 1.0 : 7.0));
        if (kind == 2) x = static_cast<T>(rng() % 4);
      }
      if (kind == 1 && rng() % 50 == 0) x = ElementTraits<T>::kInf;
    }
    const std::size_t i = rng() % n;
    const SummaryRow got = ScanSummaryRow(row.data(), n), want = SummaryByDefinition(row);
    EXPECT_EQ(got.total, want.total) << "seed " << seed << " round " << round;
    EXPECT_EQ(got.farthest.value, want.farthest.value) << "round " << round;
    EXPECT_EQ(got.farthest.column, want.farthest.column) << "round " << round;
    EXPECT_EQ(got.unreachable, want.unreachable) << "round " << round;
    EXPECT_EQ(got.first_unreachable, want.first_unreachable) << "round " << round;
    EXPECT_EQ(got.exact, want.exact) << "round " << round;
    EXPECT_TRUE(got.exact_total == want.exact_total) << "round " << round;
    EXPECT_EQ(got.exact_farthest, want.exact_farthest) << "round " << round;
    const CentralityRow c = ScanCentralityRow(row.data(), i, n), d = CentralityByDefinition(row, i);
    EXPECT_EQ(c.harmonic, d.harmonic) << "seed " << seed << " round " << round;
    EXPECT_EQ(c.lo, d.lo) << "round " << round;
    EXPECT_EQ(c.hi, d.hi) << "round " << round;
  }
}

TEST(RowScans, EqualTheirDefinitionInEveryType) {
  const unsigned seed = test::TestSeed();
  CheckRandomRows<std::int32_t>(seed);
  CheckRandomRows<std::int64_t>(seed + 1);
  CheckRandomRows<float>(seed + 2);
  CheckRandomRows<double>(seed + 3);
}

// K rows stored as PHAST leaves them: line j holds vertex j's K distances;
// ScanLines must give each row the definition's answer.
template <class T, std::size_t K> void CheckRandomLines(unsigned seed) {
  std::mt19937_64 rng(seed);
  for (int round = 0; round < 24; ++round) {
    const std::size_t n = 1 + rng() % 1500, count = 1 + rng() % K;
    const int kind = round % 4;  // as CheckRandomRows, plus unreachable whole rows in kind 1
    std::vector<std::uint32_t> sources(count);
    std::vector<std::vector<T>> rows(count, std::vector<T>(n));
    std::vector<T> lines(n * K, T{7});  // lanes >= count hold junk the scans must ignore
    for (std::size_t i = 0; i < count; ++i) {
      sources[i] = static_cast<std::uint32_t>(rng() % n);
      const bool cut_off = kind == 1 && rng() % 5 == 0;
      for (std::size_t j = 0; j < n; ++j) {
        T x =
            static_cast<T>(kind == 3 ? (rng() >> 12) % (ElementTraits<T>::kInf / 2) : rng() % (kind == 2 ? 4 : 100000));
        if ((kind == 1 && rng() % 50 == 0) || (cut_off && j != sources[i])) x = ElementTraits<T>::kInf;
        if (j == sources[i]) x = 0;
        rows[i][j] = x;
        lines[j * K + i] = x;
      }
    }
    std::vector<SummaryRow> summary(count);
    std::vector<CentralityRow> centrality(count);
    ScanLines<T, K>(lines.data(), n, sources, summary.data(), centrality.data());
    for (std::size_t i = 0; i < count; ++i) {
      const SummaryRow want = SummaryByDefinition(rows[i]);
      const SummaryRow& got = summary[i];
      EXPECT_EQ(got.farthest.value, want.farthest.value) << "seed " << seed << " round " << round << " row " << i;
      EXPECT_EQ(got.farthest.column, want.farthest.column) << "round " << round;
      EXPECT_EQ(got.unreachable, want.unreachable) << "round " << round;
      EXPECT_EQ(got.first_unreachable, want.first_unreachable) << "round " << round;
      EXPECT_TRUE(got.exact);
      EXPECT_TRUE(got.exact_total == want.exact_total) << "round " << round;
      EXPECT_EQ(got.exact_farthest, want.exact_farthest) << "round " << round;
      const CentralityRow d = CentralityByDefinition(rows[i], sources[i]);
      EXPECT_EQ(centrality[i].harmonic, d.harmonic) << "seed " << seed << " round " << round << " row " << i;
      EXPECT_EQ(centrality[i].lo, d.lo) << "round " << round;
      EXPECT_EQ(centrality[i].hi, d.hi) << "round " << round;
      const CentralityRow e = ScanCentralityRow(rows[i].data(), sources[i], n);  // the exact range
      EXPECT_EQ(centrality[i].int_lo, e.int_lo) << "round " << round;
      EXPECT_EQ(centrality[i].int_hi, e.int_hi) << "round " << round;
    }
  }
}

TEST(LineScans, EqualTheRowScansDefinition) {
  const unsigned seed = test::TestSeed();
  CheckRandomLines<std::int32_t, 32>(seed);
  CheckRandomLines<std::int64_t, 16>(seed + 1);
}

}  // namespace
}  // namespace gdist
