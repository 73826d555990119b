// Distance-matrix summary: eccentricities, diameter, radius, center,
// periphery, 1-median and unreachable pairs, in one streaming pass over rows.
//
// Conventions (docs/METRICS.md):
// - eccentricity(i) = max_j d(i, j): distances *from* i (for directed graphs,
//   the out-eccentricity, as NetworkX and igraph's mode="out").
// - default: an unreachable j makes eccentricity(i) infinite; diameter and
//   radius are then infinite when every/any vertex has one (null in JSON).
//   center and periphery compare eccentricities exactly, infinity included.
// - reachable_only: max over reachable j only (igraph's convention).
// - 1-median: least total distance from the vertex to all others, among
//   vertices that reach every other one (reachable_only: the least total among
//   the vertices that reach the most others).
#pragma once
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "lib/core/backend.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/metrics/metric_number.hpp"
#include "lib/metrics/row_reduction.hpp"

namespace gdist {

struct MetricsOptions {
  bool reachable_only = false;
  int threads = 0;  // 0 = all cores
  // Where ComputeDistanceMetrics (distance_metrics.hpp) runs: auto = the GPU
  // when usable and the matrix is large enough to pay for starting it.
  // Summarize itself always runs on the CPU.
  Backend backend = Backend::kAuto;
};

struct DistanceSummary {
  static constexpr MetricNumber kInfinite = MetricNumber::Infinite();

  std::size_t n = 0;
  std::vector<MetricNumber> eccentricity;       // per vertex; kInfinite when unreachable targets count
  std::vector<MetricNumber> total;              // per vertex: sum of finite distances from it
  std::vector<std::uint64_t> unreachable_from;  // per vertex: targets it cannot reach

  MetricNumber diameter = kInfinite;               // n == 0: 0
  std::size_t diameter_from = 0, diameter_to = 0;  // a pair at that distance (unreachable when infinite)
  MetricNumber radius = kInfinite;
  std::vector<std::size_t> center, periphery;
  std::optional<std::size_t> median;  // vertex with the least total, if any qualifies
  MetricNumber median_total;
  std::uint64_t unreachable_pairs = 0;  // ordered pairs (i != j) with no path
};

template <class T> DistanceSummary Summarize(const MatrixView<T>& d, const MetricsOptions& options);

// The summary's cross-row step (diameter, radius, center, periphery, median)
// from each row's SummaryRow, computed on the CPU or the GPU. `integral`: the
// distances are integers, compared and summed exactly (the rows' exact fields).
DistanceSummary SummaryFromRows(const std::vector<SummaryRow>& rows, const MetricsOptions& options, bool integral);

// One row on the CPU (the GPU twin is in kernels/cuda/metrics_gpu.cu).
template <class T> SummaryRow ScanSummaryRow(const T* row, std::size_t n);

}  // namespace gdist
