#include "lib/metrics/summary.hpp"

#include <omp.h>

#include <cmath>
#include <string>

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
  for (std::size_t j0 = 0; j0 < n; j0 += kSumLanes) {
    const std::size_t m = std::min<std::size_t>(kSumLanes, n - j0);
    const T* chunk = row + j0;
    const T top = m == kSumLanes ? ChunkMax(chunk) : inf;
    if (top < inf) {
      // The common chunk, every entry finite, branch-free (vectorised): the same lane
      // sums, and the first column of the chunk's largest entry when it beats the row's so far.
      for (int l = 0; l < kSumLanes; ++l) lane[l] += static_cast<double>(chunk[l]);
      const double t = static_cast<double>(top);
      if (t > far.value)
        for (int l = 0;; ++l)
          if (static_cast<double>(chunk[l]) == t) {
            far = {t, j0 + l};
            break;
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

namespace {

std::string Int128Text(Int128 v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  UInt128 u = negative ? -static_cast<UInt128>(v) : static_cast<UInt128>(v);
  std::string s;
  for (; u > 0; u /= 10) s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
  return negative ? "-" + s : s;
}

// Largest finite entry of row i and its column, in T.
template <class T> std::pair<T, std::size_t> RowMax(const MatrixView<T>& d, std::size_t i) {
  const T* row = d.row(i);
  std::pair<T, std::size_t> best{T(0), i};
  for (std::size_t j = 0; j < d.n; ++j)
    if (row[j] < ElementTraits<T>::kInf && row[j] > best.first) best = {row[j], j};
  return best;
}

// Re-reads the rows that decide diameter (periphery), radius (center) and
// median in T itself, summing in 128 bits: exact where the doubles of the row
// scan round (int64 distances past 2^53 tie in double).
template <class T> void AddExactText(const MatrixView<T>& d, DistanceSummary* s) {
  const T inf = ElementTraits<T>::kInf;
  if (s->n == 0) return;
  if (std::isfinite(s->diameter) && !s->periphery.empty()) {
    std::pair<T, std::size_t> best{T(-1), 0};
    for (std::size_t i : s->periphery) {
      const auto m = RowMax(d, i);
      if (m.first > best.first) {
        best = m;
        s->diameter_from = i;
        s->diameter_to = m.second;
      }
    }
    s->exact.diameter = std::to_string(best.first);
  }
  if (std::isfinite(s->radius) && !s->center.empty()) {
    T least = inf;
    for (std::size_t i : s->center) least = std::min(least, RowMax(d, i).first);
    s->exact.radius = std::to_string(least);
  }
  if (s->median) {
    const T* row = d.row(*s->median);
    Int128 total = 0;
    for (std::size_t j = 0; j < d.n; ++j)
      if (row[j] < inf) total += row[j];
    s->exact.median_total = Int128Text(total);
  }
}

}  // namespace

template <class T> DistanceSummary Summarize(const MatrixView<T>& d, const MetricsOptions& options) {
  const std::size_t n = d.n;
  std::vector<SummaryRow> rows(n);
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  // Rows are independent: one pass, each row read once (streams an mmapped file).
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads)
  for (std::size_t i = 0; i < n; ++i) rows[i] = ScanSummaryRow(d.row(i), n);
  DistanceSummary s = SummaryFromRows(rows, options);
  if constexpr (std::is_integral_v<T>) AddExactText(d, &s);
  return s;
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

#define GDIST_INSTANTIATE(T)                                    \
  template SummaryRow ScanSummaryRow<T>(const T*, std::size_t); \
  template DistanceSummary Summarize<T>(const MatrixView<T>&, const MetricsOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
