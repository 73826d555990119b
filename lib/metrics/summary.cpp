#include "lib/metrics/summary.hpp"

#include <omp.h>

#include "lib/matrix/element_type.hpp"

namespace gdist {

template <class T> DistanceSummary Summarize(const MatrixView<T>& d, const MetricsOptions& options) {
  const std::size_t n = d.n;
  const T inf = ElementTraits<T>::kInf;
  DistanceSummary s;
  s.n = n;
  s.eccentricity.assign(n, 0);
  s.total.assign(n, 0);
  s.unreachable_from.assign(n, 0);
  std::vector<std::size_t> farthest(n, 0);
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();

  // Rows are independent: one pass, each row read once (streams an mmapped file).
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads)
  for (std::size_t i = 0; i < n; ++i) {
    const T* row = d.row(i);
    double ecc = 0, sum = 0;
    std::size_t far = i, unreachable = 0, first_unreachable = n;
    for (std::size_t j = 0; j < n; ++j) {
      T v = row[j];
      if (v >= inf) {
        if (first_unreachable == n) first_unreachable = j;
        ++unreachable;
        continue;
      }
      double x = static_cast<double>(v);
      sum += x;
      if (x > ecc) {
        ecc = x;
        far = j;
      }
    }
    if (unreachable > 0 && !options.reachable_only) {
      ecc = DistanceSummary::kInfinite;
      far = first_unreachable;
    }
    s.eccentricity[i] = ecc;
    s.total[i] = sum;
    s.unreachable_from[i] = unreachable;
    farthest[i] = far;
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

template DistanceSummary Summarize<std::int32_t>(const MatrixView<std::int32_t>&, const MetricsOptions&);
template DistanceSummary Summarize<std::int64_t>(const MatrixView<std::int64_t>&, const MetricsOptions&);
template DistanceSummary Summarize<float>(const MatrixView<float>&, const MetricsOptions&);

}  // namespace gdist
