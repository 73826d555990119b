// One row's share of the distance metrics, written once for the CPU passes
// (summary.cpp, centrality.cpp) and the GPU kernels (kernels/cuda/
// metrics_gpu.cu), so that both break ties and add in the same order and
// give bit-identical results, float sums included.
//
// The summation order is the one thing a parallel reduction could change:
// element j of a row goes to lane j % kSumLanes; each lane adds its elements
// in increasing j (a non-finite or skipped element adds +0.0, which leaves a
// sum that starts at +0.0 unchanged); SumLanes then adds the 128 lane sums by
// one fixed tree. The GPU gives a warp one row, thread t holding lanes
// 4t..4t+3 (one 16-byte load per 128 columns), so the tree's first level is
// thread-local and the rest is the warp's shuffle-down.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "lib/util/host_device.hpp"
#include "lib/util/int128.hpp"

namespace gdist {

inline constexpr int kSumLanes = 128;
inline constexpr std::uint64_t kNoColumn = ~std::uint64_t{0};

// The tree's first level: lanes 4g..4g+3 of quad g.
GDIST_HOST_DEVICE inline double SumQuad(double a, double b, double c, double d) { return (a + b) + (c + d); }

// The whole tree, on the host: quads, then v[g] += v[g + h] for h = 16, 8, 4, 2, 1.
inline double SumLanes(const double* lane) {
  double v[kSumLanes / 4];
  for (int g = 0; g < kSumLanes / 4; ++g)
    v[g] = SumQuad(lane[4 * g], lane[4 * g + 1], lane[4 * g + 2], lane[4 * g + 3]);
  for (int h = kSumLanes / 8; h >= 1; h /= 2)
    for (int g = 0; g < h; ++g) v[g] += v[g + h];
  return v[0];
}

// The largest entry of a kSumLanes chunk (a select chain the compiler
// vectorises; INF when any entry is): the scans' test for their common case.
template <class T> inline T ChunkMax(const T* chunk) {
  T top = chunk[0];
  for (int l = 1; l < kSumLanes; ++l) top = chunk[l] > top ? chunk[l] : top;
  return top;
}

// The first index of `value` in a kSumLanes chunk that holds it.
template <class T> inline std::size_t FirstIndexOf(const T* chunk, T value) {
  std::size_t l = 0;
  while (chunk[l] != value) ++l;
  return l;
}

// The exact sum of integer distances below INF: 64 bits for 32-bit ones
// (n < 2^33 values below 2^30), 128 for wider ones.
template <class T> using ExactSum = std::conditional_t<sizeof(T) <= 4, std::int64_t, Int128>;

// The exact sum of a kSumLanes chunk of integer distances (vectorised for 32-bit ones).
template <class T> inline ExactSum<T> ChunkSum(const T* chunk) {
  ExactSum<T> sum = 0;
  for (int l = 0; l < kSumLanes; ++l) sum += chunk[l];
  return sum;
}

// The largest finite distance of a row above 0 and the first column holding
// it (callers offer columns in increasing order; Merge keeps the smaller
// column on ties, so any split of the row gives the same answer).
struct Farthest {
  double value = 0;
  std::uint64_t column = kNoColumn;
};
GDIST_HOST_DEVICE inline void Offer(Farthest& f, double x, std::uint64_t j) {
  if (x > f.value) {
    f.value = x;
    f.column = j;
  }
}
GDIST_HOST_DEVICE inline Farthest Merge(const Farthest& a, const Farthest& b) {
  return (b.value > a.value || (b.value == a.value && b.column < a.column)) ? b : a;
}

// What the summary needs of row i: j runs over 0..n-1, the diagonal included.
struct SummaryRow {
  double total = 0;               // sum of finite d(i, j), lane order
  Farthest farthest;              // over finite d(i, j)
  std::uint64_t unreachable = 0;  // j with d(i, j) = INF
  std::uint64_t first_unreachable = kNoColumn;
  // Integer distances: the total and the farthest distance exactly (the
  // doubles above round int64 sums past 2^53), set by the integer scans.
  // Rows that leave `exact` false (the GPU's, int32 only) hold exact doubles.
  bool exact = false;
  std::int64_t exact_farthest = 0;
  Int128 exact_total = 0;
};

// What the centralities need of row i: j != i with d(i, j) finite.
struct CentralityRow {
  double harmonic = 0;                                   // sum of 1 / d(i, j) over those with d > 0, lane order
  double lo = std::numeric_limits<double>::infinity();   // their least d
  double hi = -std::numeric_limits<double>::infinity();  // their largest d
  // Integer distances: lo and hi exactly (the doubles round int64 past 2^53),
  // set by the integer scans; left as they are (lo > hi) by the others, whose
  // doubles are then exact (int32).
  std::int64_t int_lo = std::numeric_limits<std::int64_t>::max();
  std::int64_t int_hi = std::numeric_limits<std::int64_t>::min();
};

// One harmonic term: zero-length pairs are skipped (NetworkX's convention).
GDIST_HOST_DEVICE inline double HarmonicTerm(double x) { return x > 0 ? 1.0 / x : 0.0; }

// Histogram of finite off-diagonal distances: bin b holds [min + b w, min + (b+1) w), the last bin closed.
// Integer distances: the edges are exact integers (int_min, int_width) and a
// distance's bin is found in integer arithmetic (HistogramBinOf), so int64
// distances past 2^53 land in their bins; min and width are their doubles.
struct HistogramShape {
  double min = 0;
  double width = 1;
  bool unit_bins = false;  // integer distances, one bin per value
  std::size_t bins = 0;    // 0: no finite pair
  bool integral = false;   // int_min / int_width hold the edges exactly
  std::int64_t int_min = 0;
  std::uint64_t int_width = 1;
};

GDIST_HOST_DEVICE inline std::size_t HistogramBin(double x, double min, double width, std::size_t bins) {
  const auto b = static_cast<std::size_t>((x - min) / width);
  return b < bins - 1 ? b : bins - 1;
}

// lo/hi: the range over all rows (RowRange). Integer distances spanning at
// most max_bins values get one bin per value, otherwise max_bins bins.
inline HistogramShape ShapeHistogram(double lo, double hi, bool integral, std::size_t max_bins) {
  HistogramShape h;
  if (!(lo <= hi) || max_bins == 0) return h;
  h.min = lo;
  const double span = hi - lo;
  if (integral && span + 1 <= static_cast<double>(max_bins)) {
    h.unit_bins = true;
    h.width = 1;
  } else if (integral) {
    h.width = std::ceil((span + 1) / static_cast<double>(max_bins));
  } else {
    h.width = span > 0 ? span / static_cast<double>(max_bins) : 1;
  }
  h.bins = std::min<std::size_t>(max_bins, static_cast<std::size_t>(std::floor(span / h.width)) + 1);
  return h;
}

inline void RowRange(const std::vector<CentralityRow>& rows, double* lo, double* hi) {
  *lo = std::numeric_limits<double>::infinity();
  *hi = -*lo;
  for (const CentralityRow& r : rows) {
    *lo = std::min(*lo, r.lo);
    *hi = std::max(*hi, r.hi);
  }
}

// Integer distances spanning lo..hi exactly: one bin per value when they span
// at most max_bins values, else max_bins bins of ceil((span + 1) / max_bins)
// values (the double ShapeHistogram's rule, without its rounding).
inline HistogramShape ShapeIntegerHistogram(std::int64_t lo, std::int64_t hi, std::size_t max_bins) {
  HistogramShape h;
  if (lo > hi || max_bins == 0) return h;
  h.integral = true;
  h.int_min = lo;
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);  // exact, wrapping
  if (span < max_bins) {
    h.unit_bins = true;
    h.int_width = 1;
  } else {
    h.int_width = static_cast<std::uint64_t>((static_cast<UInt128>(span) + max_bins) / max_bins);
  }
  h.bins = std::min<std::uint64_t>(max_bins, span / h.int_width + 1);
  h.min = static_cast<double>(lo);
  h.width = static_cast<double>(h.int_width);
  return h;
}

// The shape of the rows' histogram: exact integer edges for integer distances.
inline HistogramShape ShapeHistogramOfRows(const std::vector<CentralityRow>& rows, bool integral,
                                           std::size_t max_bins) {
  if (!integral) {
    double lo, hi;
    RowRange(rows, &lo, &hi);
    return ShapeHistogram(lo, hi, false, max_bins);
  }
  std::int64_t lo = std::numeric_limits<std::int64_t>::max(), hi = std::numeric_limits<std::int64_t>::min();
  for (const CentralityRow& r : rows) {
    if (r.int_lo <= r.int_hi) {
      lo = std::min(lo, r.int_lo);
      hi = std::max(hi, r.int_hi);
    } else if (r.lo <= r.hi) {  // a row of exact doubles (int32 scans that keep no integers)
      lo = std::min(lo, static_cast<std::int64_t>(r.lo));
      hi = std::max(hi, static_cast<std::int64_t>(r.hi));
    }
  }
  return ShapeIntegerHistogram(lo, hi, max_bins);
}

// The bin of a finite distance v: integer arithmetic for integer distances.
template <class T> inline std::size_t HistogramBinOf(T v, const HistogramShape& h) {
  if constexpr (std::is_integral_v<T>) {
    if (h.integral) {
      const std::uint64_t b =
          (static_cast<std::uint64_t>(static_cast<std::int64_t>(v)) - static_cast<std::uint64_t>(h.int_min)) /
          h.int_width;
      return b < h.bins - 1 ? static_cast<std::size_t>(b) : h.bins - 1;
    }
  }
  return HistogramBin(static_cast<double>(v), h.min, h.width, h.bins);
}

}  // namespace gdist
