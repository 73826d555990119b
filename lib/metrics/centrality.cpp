#include "lib/metrics/centrality.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/util/isa_clones.hpp"

namespace gdist {

template <class T> GDIST_ISA_CLONES CentralityRow ScanCentralityRow(const T* row, std::size_t i, std::size_t n) {
  const T inf = ElementTraits<T>::kInf;
  double lane[kSumLanes] = {};
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;  // locals: kept in registers
  // Integer distances: the range exactly too (lo and hi round int64 past 2^53).
  T int_lo = std::numeric_limits<T>::max(), int_hi = std::numeric_limits<T>::lowest();
  for (std::size_t j0 = 0; j0 < n; j0 += kSumLanes) {
    const std::size_t m = std::min<std::size_t>(kSumLanes, n - j0);
    const T* chunk = row + j0;
    const bool whole = m == kSumLanes && (i < j0 || i >= j0 + kSumLanes);
    const T chunk_hi = whole ? ChunkMax(chunk) : inf;
    if (chunk_hi < inf) {
      // The common chunk, every entry finite, branch-free (vectorised): adding
      // +0.0 for a 0 entry leaves the lane's sum as skipping it does, and the
      // division of a 0 entry is by 1, unused. Integers: the divisor picked in
      // T and the term scaled by 1.0 or 0.0 (the same sum), or GCC 12 keeps the
      // select around the division as a branch and divides one element at a
      // time (doubles vectorise as written; floats do not either way).
      for (int l = 0; l < kSumLanes; ++l) {
        if constexpr (std::is_integral_v<T>) {
          const T v = chunk[l];
          const double positive = v > T{0} ? 1.0 : 0.0;
          lane[l] += (1.0 / static_cast<double>(v > T{0} ? v : T{1})) * positive;
        } else {
          const double x = static_cast<double>(chunk[l]);
          const double inverse = 1.0 / (x > 0 ? x : 1.0);
          lane[l] += x > 0 ? inverse : 0.0;
        }
      }
      T chunk_lo = chunk[0];
      for (int l = 1; l < kSumLanes; ++l) chunk_lo = chunk[l] < chunk_lo ? chunk[l] : chunk_lo;
      lo = std::min(lo, static_cast<double>(chunk_lo));
      hi = std::max(hi, static_cast<double>(chunk_hi));
      if constexpr (std::is_integral_v<T>) {
        int_lo = std::min(int_lo, chunk_lo);
        int_hi = std::max(int_hi, chunk_hi);
      }
      continue;
    }
    for (std::size_t l = 0; l < m; ++l) {
      const T v = chunk[l];
      if (j0 + l == i || v >= inf) continue;  // the GPU adds +0.0 here: the same sum (row_reduction.hpp)
      const double x = static_cast<double>(v);
      if (x > 0) lane[l] += 1.0 / x;  // HarmonicTerm, without dividing for the others
      lo = std::min(lo, x);
      hi = std::max(hi, x);
      if constexpr (std::is_integral_v<T>) {
        int_lo = std::min(int_lo, v);
        int_hi = std::max(int_hi, v);
      }
    }
  }
  CentralityRow r;
  r.harmonic = SumLanes(lane);
  r.lo = lo;
  r.hi = hi;
  if constexpr (std::is_integral_v<T>) {
    if (int_lo <= int_hi) {
      r.int_lo = static_cast<std::int64_t>(int_lo);
      r.int_hi = static_cast<std::int64_t>(int_hi);
    }
  }
  return r;
}

Centrality CentralityFromRows(const DistanceSummary& s, const std::vector<CentralityRow>& rows, bool directed) {
  const std::size_t n = s.n;
  Centrality c;
  c.closeness.assign(n, 0);
  c.harmonic.assign(n, 0);
  // The sum of every total: exact (128 bits) for integer distances.
  const bool integral = n == 0 || s.total[0].integral();
  double sum_all = 0;
  Int128 exact_sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double reach = static_cast<double>(n - 1 - s.unreachable_from[i]);
    const double total = s.total[i].ToDouble();
    if (reach > 0 && total > 0) c.closeness[i] = (reach / static_cast<double>(n - 1)) * (reach / total);
    c.reachable_pairs += n - 1 - s.unreachable_from[i];
    if (integral) exact_sum += s.total[i].integer();
    else sum_all += total;
    c.harmonic[i] = rows[i].harmonic;
  }
  if (integral) sum_all = static_cast<double>(exact_sum);
  c.average_path_length =
      c.reachable_pairs ? sum_all / static_cast<double>(c.reachable_pairs) : std::numeric_limits<double>::quiet_NaN();
  if (s.unreachable_pairs) c.wiener_index = MetricNumber::Infinite();
  else if (integral) c.wiener_index = MetricNumber::Integer(directed ? exact_sum : exact_sum / 2);  // pairs come twice
  else c.wiener_index = MetricNumber::Real(directed ? sum_all : sum_all / 2);
  return c;
}

template <class T> Centrality ComputeCentrality(const MatrixView<T>& d, const DistanceSummary& s, bool directed,
                                                int threads, std::size_t max_bins) {
  const std::size_t n = d.n;
  const T inf = ElementTraits<T>::kInf;
  const int nt = threads > 0 ? threads : omp_get_max_threads();

  // Pass 1: harmonic sums and the range of finite off-diagonal distances.
  std::vector<CentralityRow> rows(n);
#pragma omp parallel for schedule(dynamic, 16) num_threads(nt)
  for (std::size_t i = 0; i < n; ++i) rows[i] = ScanCentralityRow(d.row(i), i, n);
  Centrality c = CentralityFromRows(s, rows, directed);
  const HistogramShape shape = ShapeHistogramOfRows(rows, std::is_integral_v<T>, max_bins);
  if (shape.bins == 0) return c;  // no finite pair: empty histogram

  // Pass 2: the histogram, over unordered pairs when undirected.
  DistanceHistogram& hist = c.histogram;
  hist.SetShape(shape);
  const std::size_t bins = shape.bins;
  hist.counts.assign(bins, 0);
#pragma omp parallel num_threads(nt)
  {
    std::vector<std::uint64_t> mine(bins, 0);
#pragma omp for schedule(dynamic, 16)
    for (std::size_t i = 0; i < n; ++i) {
      const T* row = d.row(i);
      for (std::size_t j = directed ? 0 : i + 1; j < n; ++j) {
        if (j == i || row[j] >= inf) continue;
        ++mine[HistogramBinOf(row[j], shape)];
      }
    }
#pragma omp critical
    for (std::size_t b = 0; b < bins; ++b) hist.counts[b] += mine[b];
  }
  return c;
}

#define GDIST_INSTANTIATE(T)                                                       \
  template CentralityRow ScanCentralityRow<T>(const T*, std::size_t, std::size_t); \
  template Centrality ComputeCentrality(const MatrixView<T>&, const DistanceSummary&, bool, int, std::size_t);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
