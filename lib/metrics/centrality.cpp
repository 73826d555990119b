#include "lib/metrics/centrality.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/matrix/element_type.hpp"

namespace gdist {

template <class T>
Centrality ComputeCentrality(const MatrixView<T>& d, const DistanceSummary& s, bool directed, int threads,
                             std::size_t max_bins) {
  const std::size_t n = d.n;
  const T inf = ElementTraits<T>::kInf;
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  Centrality c;
  c.closeness.assign(n, 0);
  c.harmonic.assign(n, 0);
  double sum_all = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double reach = static_cast<double>(n - 1 - s.unreachable_from[i]);
    if (reach > 0 && s.total[i] > 0) c.closeness[i] = (reach / static_cast<double>(n - 1)) * (reach / s.total[i]);
    c.reachable_pairs += n - 1 - s.unreachable_from[i];
    sum_all += s.total[i];
  }
  c.average_path_length =
      c.reachable_pairs ? sum_all / static_cast<double>(c.reachable_pairs) : std::numeric_limits<double>::quiet_NaN();
  c.wiener_index = s.unreachable_pairs ? std::numeric_limits<double>::infinity() : (directed ? sum_all : sum_all / 2);

  // Pass 1: harmonic sums and the range of finite off-diagonal distances.
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
#pragma omp parallel for schedule(dynamic, 16) num_threads(nt) reduction(min : lo) reduction(max : hi)
  for (std::size_t i = 0; i < n; ++i) {
    const T* row = d.row(i);
    double h = 0;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i || row[j] >= inf) continue;
      const double x = static_cast<double>(row[j]);
      if (x > 0) h += 1.0 / x;
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
    c.harmonic[i] = h;
  }
  if (!(lo <= hi)) return c;  // no finite pair: empty histogram

  // Pass 2: the histogram, over unordered pairs when undirected.
  DistanceHistogram& hist = c.histogram;
  hist.min = lo;
  const double span = hi - lo;
  if (std::is_integral_v<T> && span + 1 <= static_cast<double>(max_bins)) {
    hist.unit_bins = true;
    hist.bin_width = 1;
  } else if (std::is_integral_v<T>) {
    hist.bin_width = std::ceil((span + 1) / static_cast<double>(max_bins));
  } else {
    hist.bin_width = span > 0 ? span / static_cast<double>(max_bins) : 1;
  }
  const std::size_t bins = std::min<std::size_t>(max_bins, static_cast<std::size_t>(std::floor(span / hist.bin_width)) + 1);
  hist.counts.assign(bins, 0);
#pragma omp parallel num_threads(nt)
  {
    std::vector<std::uint64_t> mine(bins, 0);
#pragma omp for schedule(dynamic, 16)
    for (std::size_t i = 0; i < n; ++i) {
      const T* row = d.row(i);
      for (std::size_t j = directed ? 0 : i + 1; j < n; ++j) {
        if (j == i || row[j] >= inf) continue;
        const auto b = static_cast<std::size_t>((static_cast<double>(row[j]) - lo) / hist.bin_width);
        ++mine[std::min(b, bins - 1)];
      }
    }
#pragma omp critical
    for (std::size_t b = 0; b < bins; ++b) hist.counts[b] += mine[b];
  }
  return c;
}

template Centrality ComputeCentrality(const MatrixView<std::int32_t>&, const DistanceSummary&, bool, int, std::size_t);
template Centrality ComputeCentrality(const MatrixView<std::int64_t>&, const DistanceSummary&, bool, int, std::size_t);
template Centrality ComputeCentrality(const MatrixView<float>&, const DistanceSummary&, bool, int, std::size_t);

}  // namespace gdist
