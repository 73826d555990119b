#include "lib/metrics/line_scans.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/util/error.hpp"
#include "lib/util/isa_clones.hpp"

namespace gdist {
namespace {

// Columns are vertex ids (below 2^32): 32-bit lanes keep twice as many per vector.
constexpr std::uint32_t kNoColumn32 = ~std::uint32_t{0};

// Every column j of the K rows, branch-free over the lanes (vectorised), the
// accumulators in locals so they stay in registers across the loop; the
// harmonic's lane sums in `harmonic` (harmonic[l * K + i]: row i's lane l, so
// a column updates K adjacent sums).
template <class T, std::size_t K>
GDIST_ISA_CLONES void ScanColumns(const T* lines, std::size_t n, const std::uint32_t* diagonal, double* harmonic,
                                  SummaryRow* summary, CentralityRow* centrality, std::size_t count) {
  constexpr T kInf = ElementTraits<T>::kInf;
  ExactSum<T> total[K] = {};
  T farthest[K] = {}, lo[K], hi[K];
  std::uint32_t farthest_column[K], unreachable[K] = {}, first_unreachable[K];
  for (std::size_t i = 0; i < K; ++i) {
    lo[i] = kInf;
    hi[i] = std::numeric_limits<T>::lowest();
    farthest_column[i] = first_unreachable[i] = kNoColumn32;
  }
  for (std::size_t j = 0; j < n; ++j) {
    const T* line = lines + j * K;
    double* lane = harmonic + (j % kSumLanes) * K;
    const auto column = static_cast<std::uint32_t>(j);
    // Two loops over the lanes, each branch-free (vectorised): as one loop,
    // or with a select for the unreachable count, GCC 12 finds control flow
    // and leaves the whole column scalar, one division at a time.
    // Summary (the diagonal included): exact total, first column of the
    // largest distance above 0, unreachable count and first column (the
    // least column that is INF, columns coming in increasing order).
#pragma omp simd
    for (std::size_t i = 0; i < K; ++i) {
      const T v = line[i];
      const bool finite = v < kInf;
      total[i] += finite ? v : T{0};
      const bool farther = finite & (v > farthest[i]);
      farthest[i] = farther ? v : farthest[i];
      farthest_column[i] = farther ? column : farthest_column[i];
      const std::uint32_t cut = finite ? kNoColumn32 : column;
      first_unreachable[i] = cut < first_unreachable[i] ? cut : first_unreachable[i];
      unreachable[i] += static_cast<std::uint32_t>(v >= kInf);
    }
    // Centrality (j != the row's vertex, finite): 1 / d for d > 0 into lane
    // j % kSumLanes, least and largest d. The divisor is picked in T and the
    // term scaled by 1.0 or 0.0 (adding +0.0 to a sum of non-negative terms
    // that starts at +0.0 leaves it as skipping does), as in ScanCentralityRow.
#pragma omp simd
    for (std::size_t i = 0; i < K; ++i) {
      const T v = line[i];
      const bool counted = (v < kInf) & (column != diagonal[i]);
      const double kept = (counted & (v > T{0})) ? 1.0 : 0.0;
      lane[i] += (1.0 / static_cast<double>(v > T{0} ? v : T{1})) * kept;
      lo[i] = (counted & (v < lo[i])) ? v : lo[i];
      hi[i] = (counted & (v > hi[i])) ? v : hi[i];
    }
  }
  auto column64 = [](std::uint32_t c) { return c == kNoColumn32 ? kNoColumn : std::uint64_t{c}; };
  for (std::size_t i = 0; i < count; ++i) {
    SummaryRow& s = summary[i];
    s.exact = true;
    s.exact_total = total[i];
    s.exact_farthest = farthest[i];
    s.total = static_cast<double>(total[i]);  // unused for integer rows (RowTotal reads exact_total)
    s.farthest = {static_cast<double>(farthest[i]), column64(farthest_column[i])};
    s.unreachable = unreachable[i];
    s.first_unreachable = column64(first_unreachable[i]);
    CentralityRow& c = centrality[i];
    const bool any = lo[i] < kInf;
    c.lo = any ? static_cast<double>(lo[i]) : std::numeric_limits<double>::infinity();
    c.hi = any ? static_cast<double>(hi[i]) : -std::numeric_limits<double>::infinity();
    if (any) {  // the exact range, as the integer row scans give it
      c.int_lo = static_cast<std::int64_t>(lo[i]);
      c.int_hi = static_cast<std::int64_t>(hi[i]);
    }
  }
}

}  // namespace

template <class T, std::size_t K> void ScanLines(const T* lines, std::size_t n, std::span<const std::uint32_t> sources,
                                                 SummaryRow* summary, CentralityRow* centrality) {
  if (n >= kNoColumn32) throw Error("line scans: more vertices than 32-bit columns hold");
  const std::size_t count = std::min(sources.size(), K);
  std::uint32_t diagonal[K];
  for (std::size_t i = 0; i < K; ++i) diagonal[i] = i < count ? sources[i] : kNoColumn32;
  std::vector<double> harmonic(kSumLanes * K, 0.0);
  ScanColumns<T, K>(lines, n, diagonal, harmonic.data(), summary, centrality, count);
  double lane[kSumLanes];
  for (std::size_t i = 0; i < count; ++i) {
    for (int l = 0; l < kSumLanes; ++l) lane[l] = harmonic[static_cast<std::size_t>(l) * K + i];
    centrality[i].harmonic = SumLanes(lane);
  }
}

#define GDIST_INSTANTIATE(T, K) \
  template void ScanLines<T, K>(const T*, std::size_t, std::span<const std::uint32_t>, SummaryRow*, CentralityRow*);
// PHAST's lanes of 64- and 128-byte lines (lib/road/phast_sweep.hpp).
GDIST_INSTANTIATE(std::int32_t, 16)
GDIST_INSTANTIATE(std::int32_t, 32)
GDIST_INSTANTIATE(std::int64_t, 8)
GDIST_INSTANTIATE(std::int64_t, 16)
#undef GDIST_INSTANTIATE

}  // namespace gdist
