// Distance-based centralities and whole-graph statistics, from the same
// padded matrix the summary reads (rows streamed, nothing copied).
//
// Conventions (docs/METRICS.md), for directed graphs always distances FROM
// the vertex (rows), like the eccentricity of summary.hpp; NetworkX measures
// closeness and harmonic centrality on incoming distances, so its values
// equal ours on G.reverse().
// - closeness(i) = (r_i / (n-1)) * (r_i / sum_j d(i,j)), r_i = vertices i
//   reaches besides itself: Wasserman & Faust's variant for disconnected
//   graphs (NetworkX's default wf_improved=True); 0 when r_i = 0 or the sum is 0.
// - harmonic(i) = sum_{j != i, d(i,j) finite and > 0} 1 / d(i,j) (Marchiori &
//   Latora 2000; Boldi & Vigna 2014). Well defined on disconnected graphs.
// - average shortest-path length: mean of d(i,j) over ordered pairs i != j
//   with a path (NetworkX raises on a disconnected graph instead).
// - Wiener index: sum of d over unordered pairs (undirected) or ordered
//   pairs (directed); infinite when some pair is unreachable, as NetworkX.
// - distance histogram: finite d(i,j), i != j, over the same pairs as Wiener.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/metrics/summary.hpp"

namespace gdist {

struct DistanceHistogram {
  double min = 0;          // left edge of bin 0
  double bin_width = 1;    // bin b holds [min + b w, min + (b+1) w); the last bin is closed
  bool unit_bins = false;  // integer distances, one bin per value
  // Integer distances: the edges exactly (min and bin_width round int64 past 2^53).
  bool integral = false;
  std::int64_t int_min = 0;
  std::uint64_t int_width = 1;
  int decimal_digits = 0;  // the edges are integers standing for value x 10^digits (ScaleToDecimals)
  std::vector<std::uint64_t> counts;
  void SetShape(const HistogramShape& s) {
    min = s.min;
    bin_width = s.width;
    unit_bins = s.unit_bins;
    integral = s.integral;
    int_min = s.int_min;
    int_width = s.int_width;
  }
};

struct Centrality {
  std::vector<double> closeness, harmonic;  // per vertex
  double average_path_length = 0;           // NaN when no pair is connected
  MetricNumber wiener_index;                // exact for integer distances; infinite when some pair is unreachable
  std::uint64_t reachable_pairs = 0;        // ordered pairs i != j with a path
  DistanceHistogram histogram;
};

// `s` must be Summarize(d, ...) of the same matrix: closeness and the path
// length reuse its per-row totals. Two more row passes (harmonic, histogram).
inline constexpr std::size_t kHistogramBins = 64;

template <class T> Centrality ComputeCentrality(const MatrixView<T>& d, const DistanceSummary& s, bool directed,
                                                int threads = 0, std::size_t max_bins = kHistogramBins);

// Building blocks shared with the GPU path (distance_metrics.cpp):
// everything but the histogram counts, from the summary and each row's CentralityRow.
Centrality CentralityFromRows(const DistanceSummary& s, const std::vector<CentralityRow>& rows, bool directed);
// One row on the CPU (the GPU twin is in kernels/cuda/metrics_gpu.cu).
template <class T> CentralityRow ScanCentralityRow(const T* row, std::size_t i, std::size_t n);

}  // namespace gdist
