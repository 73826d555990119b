#include "lib/metrics/summary.hpp"

#include <omp.h>

#include <cmath>
#include <string>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/util/int128.hpp"
#include "lib/util/isa_clones.hpp"

namespace gdist {

template <class T> GDIST_ISA_CLONES SummaryRow ScanSummaryRow(const T* row, std::size_t n) {
  const T inf = ElementTraits<T>::kInf;
  double lane[kSumLanes] = {};
  Farthest far;  // locals, not the returned struct: kept in registers
  std::uint64_t unreachable = 0, first_unreachable = kNoColumn;
  // Integers: the farthest value compared in T and the total exactly (ExactSum).
  T far_exact = 0;
  ExactSum<T> total_exact = 0;
  for (std::size_t j0 = 0; j0 < n; j0 += kSumLanes) {
    const std::size_t m = std::min<std::size_t>(kSumLanes, n - j0);
    const T* chunk = row + j0;
    const T top = m == kSumLanes ? ChunkMax(chunk) : inf;
    if (top < inf) {
      // The common chunk, every entry finite, branch-free (vectorised): the same lane
      // sums, and the first column of the chunk's largest entry when it beats the row's so far.
      for (int l = 0; l < kSumLanes; ++l) lane[l] += static_cast<double>(chunk[l]);
      if constexpr (std::is_integral_v<T>) {
        total_exact += ChunkSum(chunk);
        if (top > far_exact) {
          far_exact = top;
          far.column = j0 + FirstIndexOf(chunk, top);
        }
      } else if (static_cast<double>(top) > far.value) {
        far = {static_cast<double>(top), j0 + FirstIndexOf(chunk, top)};
      }
      continue;
    }
    for (std::size_t l = 0; l < m; ++l) {
      const T v = chunk[l];
      if (v >= inf) {  // the GPU adds +0.0 here: the same sum (row_reduction.hpp)
        if (first_unreachable == kNoColumn) first_unreachable = j0 + l;
        ++unreachable;
        continue;
      }
      const double x = static_cast<double>(v);
      lane[l] += x;  // lane order: no dependency from one element to the next
      if constexpr (std::is_integral_v<T>) {
        total_exact += v;
        if (v > far_exact) {
          far_exact = v;
          far.column = j0 + l;
        }
      } else {
        Offer(far, x, j0 + l);
      }
    }
  }
  SummaryRow r;
  r.total = SumLanes(lane);
  r.farthest = far;
  if constexpr (std::is_integral_v<T>) {
    r.farthest.value = static_cast<double>(far_exact);
    r.exact = true;
    r.exact_farthest = far_exact;
    r.exact_total = total_exact;
  }
  r.unreachable = unreachable;
  r.first_unreachable = first_unreachable;
  return r;
}

namespace {

// A row's total and farthest distance as metric numbers: the exact fields of
// an integer scan; the doubles of a float row, or of a GPU int32 row (int32
// distances and, below 2^53, their sums are exact in double).
MetricNumber RowTotal(const SummaryRow& r, bool integral) {
  if (!integral) return MetricNumber::Real(r.total);
  return MetricNumber::Integer(r.exact ? r.exact_total : static_cast<Int128>(r.total));
}
MetricNumber RowFarthest(const SummaryRow& r, bool integral) {
  if (!integral) return MetricNumber::Real(r.farthest.value);
  return MetricNumber::Integer(r.exact ? r.exact_farthest : static_cast<Int128>(r.farthest.value));
}

}  // namespace

template <class T> DistanceSummary Summarize(const MatrixView<T>& d, const MetricsOptions& options) {
  const std::size_t n = d.n;
  std::vector<SummaryRow> rows(n);
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  // Rows are independent: one pass, each row read once (streams an mmapped file).
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads)
  for (std::size_t i = 0; i < n; ++i) rows[i] = ScanSummaryRow(d.row(i), n);
  return SummaryFromRows(rows, options, std::is_integral_v<T>);
}

DistanceSummary SummaryFromRows(const std::vector<SummaryRow>& rows, const MetricsOptions& options, bool integral) {
  const std::size_t n = rows.size();
  DistanceSummary s;
  s.n = n;
  s.eccentricity.assign(n, MetricNumber::Of(0));
  s.total.assign(n, MetricNumber::Of(0));
  s.unreachable_from.assign(n, 0);
  std::vector<std::size_t> farthest(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const SummaryRow& r = rows[i];
    s.total[i] = RowTotal(r, integral);
    s.unreachable_from[i] = r.unreachable;
    if (r.unreachable > 0 && !options.reachable_only) {
      s.eccentricity[i] = DistanceSummary::kInfinite;
      farthest[i] = r.first_unreachable;
    } else {
      s.eccentricity[i] = RowFarthest(r, integral);  // 0 when nothing lies farther than 0
      farthest[i] = r.farthest.column == kNoColumn ? i : r.farthest.column;
    }
  }

  if (n == 0) {
    s.diameter = s.radius = MetricNumber::Of(0);
    return s;
  }
  s.diameter = MetricNumber::Of(-1);
  s.radius = DistanceSummary::kInfinite;
  for (std::size_t i = 0; i < n; ++i) {
    s.unreachable_pairs += s.unreachable_from[i];
    if (s.eccentricity[i] > s.diameter) {
      s.diameter = s.eccentricity[i];
      s.diameter_from = i;
      s.diameter_to = farthest[i];
    }
    s.radius = std::min(s.radius, s.eccentricity[i]);
    // reachable_only: among the vertices that reach the most others (else a
    // vertex reaching nobody would "win" with total 0), the least total.
    const bool qualifies = options.reachable_only || s.unreachable_from[i] == 0;
    const bool better = !s.median || s.unreachable_from[i] < s.unreachable_from[*s.median] ||
                        (s.unreachable_from[i] == s.unreachable_from[*s.median] && s.total[i] < s.median_total);
    if (qualifies && better) {
      s.median = i;
      s.median_total = s.total[i];
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (s.eccentricity[i] == s.radius) s.center.push_back(i);
    if (s.eccentricity[i] == s.diameter) s.periphery.push_back(i);
  }
  return s;
}

#define GDIST_INSTANTIATE(T)                                    \
  template SummaryRow ScanSummaryRow<T>(const T*, std::size_t); \
  template DistanceSummary Summarize<T>(const MatrixView<T>&, const MetricsOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
