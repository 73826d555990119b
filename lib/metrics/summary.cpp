#include "lib/metrics/summary.hpp"

#include <omp.h>

#include "lib/matrix/element_type.hpp"

namespace gdist {

template <class T> SummaryRow ScanSummaryRow(const T* row, std::size_t n) {
  const T inf = ElementTraits<T>::kInf;
  double lane[kSumLanes] = {};
  Farthest far;  // locals, not the returned struct: kept in registers
  std::uint64_t unreachable = 0, first_unreachable = kNoColumn;
  for (std::size_t j0 = 0; j0 < n; j0 += kSumLanes) {
    const std::size_t m = std::min<std::size_t>(kSumLanes, n - j0);
    for (std::size_t l = 0; l < m; ++l) {
      const T v = row[j0 + l];
      if (v >= inf) {  // the GPU adds +0.0 here: the same sum (row_reduction.hpp)
        if (first_unreachable == kNoColumn) first_unreachable = j0 + l;
        ++unreachable;
        continue;
      }
      const double x = static_cast<double>(v);
      lane[l] += x;  // lane order: no dependency from one element to the next
      Offer(far, x, j0 + l);
    }
  }
  SummaryRow r;
  r.total = SumLanes(lane);
  r.farthest = far;
  r.unreachable = unreachable;
  r.first_unreachable = first_unreachable;
  return r;
}

template <class T> DistanceSummary Summarize(const MatrixView<T>& d, const MetricsOptions& options) {
  const std::size_t n = d.n;
  std::vector<SummaryRow> rows(n);
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  // Rows are independent: one pass, each row read once (streams an mmapped file).
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads)
  for (std::size_t i = 0; i < n; ++i) rows[i] = ScanSummaryRow(d.row(i), n);
  return SummaryFromRows(rows, options);
}

DistanceSummary SummaryFromRows(const std::vector<SummaryRow>& rows, const MetricsOptions& options) {
  const std::size_t n = rows.size();
  DistanceSummary s;
  s.n = n;
  s.eccentricity.assign(n, 0);
  s.total.assign(n, 0);
  s.unreachable_from.assign(n, 0);
  std::vector<std::size_t> farthest(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const SummaryRow& r = rows[i];
    s.total[i] = r.total;
    s.unreachable_from[i] = r.unreachable;
    if (r.unreachable > 0 && !options.reachable_only) {
      s.eccentricity[i] = DistanceSummary::kInfinite;
      farthest[i] = r.first_unreachable;
    } else {
      s.eccentricity[i] = r.farthest.value;  // 0 when nothing lies farther than 0
      farthest[i] = r.farthest.column == kNoColumn ? i : r.farthest.column;
    }
  }

  if (n == 0) {
    s.diameter = s.radius = 0;
    return s;
  }
  s.diameter = -1;
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

template SummaryRow ScanSummaryRow<std::int32_t>(const std::int32_t*, std::size_t);
template SummaryRow ScanSummaryRow<std::int64_t>(const std::int64_t*, std::size_t);
template SummaryRow ScanSummaryRow<float>(const float*, std::size_t);
template DistanceSummary Summarize<std::int32_t>(const MatrixView<std::int32_t>&, const MetricsOptions&);
template DistanceSummary Summarize<std::int64_t>(const MatrixView<std::int64_t>&, const MetricsOptions&);
template DistanceSummary Summarize<float>(const MatrixView<float>&, const MetricsOptions&);

}  // namespace gdist
