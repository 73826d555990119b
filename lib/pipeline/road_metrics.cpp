#include "lib/pipeline/road_metrics.hpp"

#include <omp.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <type_traits>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/bounding_tree_source.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/gpu_sssp_rows.hpp"
#include "lib/metrics/line_scans.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/road/gpu_phast.hpp"
#include "lib/road/hierarchy_reach.hpp"
#include "lib/road/phast.hpp"
#include "lib/sparse/components.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

// Every row on the CPU. Integer distances: each PHAST batch's lines are
// scanned where the sweep leaves them (ScanLines: the dense scans' answer
// without writing n-wide rows and reading them back). Floats: PHAST in blocks
// of rows, each row scanned by the dense path's scans (their totals are
// lane-order double sums, which the lines would need twice the accumulators for).
template <class W>
GpuSsspRowReductions CpuRowReductions(const ContractionHierarchy<W>& ch, int threads, ProgressCounter& counter) {
  const std::size_t n = ch.n;
  GpuSsspRowReductions out;
  out.summary.resize(n);
  out.centrality.resize(n);
  std::vector<std::uint32_t> all(n);
  std::iota(all.begin(), all.end(), 0u);
  const PhastTrees<W> phast(ch);
  if constexpr (std::is_integral_v<W>) {
    constexpr std::size_t kLanes = PhastTrees<W>::kLanes;
    phast.ForEachBatch(all, threads, [&](std::size_t first, std::size_t count, const W* lines) {
      ScanLines<W, kLanes>(lines, n, {all.data() + first, count}, &out.summary[first], &out.centrality[first]);
      counter.Add(count);
    });
    return out;
  }
  // Enough rows per block for every thread's PHAST batches (twice over), at least 64 MiB of rows.
  const std::size_t row_bytes = n * sizeof(W) + 1;
  const std::size_t block =
      std::min<std::size_t>(4096, std::max<std::size_t>(2 * PhastTrees<W>::kLanes * static_cast<std::size_t>(threads),
                                                        (std::size_t{64} << 20) / row_bytes));
  std::vector<W> rows(block * n);
  for (std::size_t first = 0; first < n; first += block) {
    const std::size_t count = std::min(block, n - first);
    phast.Rows({all.data() + first, count}, rows.data(), n, threads);
#pragma omp parallel for num_threads(threads) schedule(static)
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(count); ++i) {
      const W* row = rows.data() + static_cast<std::size_t>(i) * n;
      out.summary[first + i] = ScanSummaryRow(row, n);
      out.centrality[first + i] = ScanCentralityRow(row, first + i, n);
    }
    counter.Add(count);
  }
  return out;
}

// Rows a round of the bounding searches may hold.
constexpr std::size_t kRoundBytes = std::size_t{1} << 30;
constexpr std::size_t kEccentricityTreesPerThread = 64;

// PHAST trees for the bounding searches: one tree per call (the median's
// threads each run their own), and the rounds' sources in PHAST batches.
template <class W> class HierarchyTreeSource final : public BoundingTreeSource<W> {
 public:
  explicit HierarchyTreeSource(const ContractionHierarchy<W>& ch)
      : ch_(ch), from_(ch, TreeDirection::kFrom), to_(ch, TreeDirection::kTo) {
    W least = ElementTraits<W>::kInf;
    for (const HierarchyArcs<W>* arcs : {&ch.up, &ch.down})
      for (W w : arcs->weights) least = std::min(least, w);
    least_ = least == ElementTraits<W>::kInf ? 0 : static_cast<double>(least);
  }
  std::size_t n() const override { return ch_.n; }
  bool directed() const override { return ch_.directed; }
  // The top of the hierarchy: the last vertex contracted, central on road graphs.
  std::uint32_t FirstSource() const override { return ch_.n ? ch_.vertex_at[ch_.n - 1] : 0; }
  // Every path of two or more vertices has a hierarchy arc on its up-down path.
  double LeastDistance() const override { return least_; }
  // The extremes: 4 trees per thread (a batch sweep costs a few one-lane
  // ones, and a source picked from more bounds is a better pick); every
  // eccentricity: 64 trees per thread, within kRoundBytes of rows (NY, 2
  // cores: 17 s against 36 s with 16 per thread, measured with 16-lane
  // batches; road_metrics_bench).
  std::size_t TreesPerRound(int threads, typename BoundingTreeSource<W>::Search search) const override {
    const auto nt = static_cast<std::size_t>(threads);
    if (search == BoundingTreeSource<W>::Search::kExtremes) return nt * 4;
    const std::size_t fit = kRoundBytes / std::max<std::size_t>(1, ch_.n * sizeof(W) * (ch_.directed ? 2 : 1));
    return std::max(nt, std::min(nt * kEccentricityTreesPerThread, fit));
  }
  void Tree(TreeDirection direction, std::uint32_t s, W* dist, TreeWorkspace&) const override {
    (direction == TreeDirection::kFrom ? from_ : to_).Tree(s, dist);
  }
  void Rows(TreeDirection direction, std::span<const std::uint32_t> sources, W* out, int threads) const override {
    (direction == TreeDirection::kFrom ? from_ : to_).Rows(sources, out, ch_.n, threads);
  }

 private:
  const ContractionHierarchy<W>& ch_;
  PhastTrees<W> from_, to_;
  double least_ = 0;
};

// Every vertex's row (PHAST on the CPU or the GPU) through the dense path's row scans.
template <class W>
void EveryRow(const ContractionHierarchy<W>& ch, const SparseMetricsRequest& request, Backend where, SparseMetrics& m) {
  const MetricsOptions& options = request.options;
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  ProgressCounter counter(request.progress, "metrics", where == Backend::kGpu ? "PHAST on the GPU" : "PHAST trees",
                          "trees", ch.n);
  GpuSsspRowReductions rows;
  if (where == Backend::kGpu) {
    if constexpr (std::is_same_v<W, std::int32_t> || std::is_same_v<W, float>) {
      std::vector<std::uint32_t> all(ch.n);
      std::iota(all.begin(), all.end(), 0u);
      rows = ReduceRowsOnGpu<W>(ch.n, ch.n,
                                [&](std::size_t stride, const std::function<void(const DeviceRowBlock<W>&)>& visit) {
                                  GpuPhastSweep(ch, all, stride, visit, threads);
                                });
      counter.Set(ch.n);
    } else {
      throw Error(std::string("the GPU sweep holds int32 or float32, this graph's distances are ") +
                  ElementTraits<W>::kName);
    }
  } else {
    rows = CpuRowReductions(ch, threads, counter);
  }
  counter.Finish();
  m.trees = ch.n;
  m.method = where == Backend::kGpu ? "every tree (PHAST on the GPU)" : "every tree (PHAST)";
  m.summary = SummaryFromRows(rows.summary, options, std::is_integral_v<W>);
  m.centrality = CentralityFromRows(m.summary, rows.centrality, ch.directed);
}

}  // namespace

template <class W>
SparseMetrics HierarchyMetrics(const ContractionHierarchy<W>& ch, const SparseMetricsRequest& request, Backend where) {
  const CsrGraph<W> reach = HierarchyReachGraph(ch);
  const Components weak = WeakComponents(reach);
  const Components strong = ch.directed ? StrongComponents(reach) : weak;
  // request.centrality asks for every row; the histogram of every distance is not kept (has_centrality stays false).
  SparseMetrics m = MetricsFromTrees(HierarchyTreeSource<W>(ch), weak, strong, request,
                                     [&](SparseMetrics& every) { EveryRow(ch, request, where, every); });
  if (m.method == "bounds") m.method = "bounds (PHAST trees)";
  return m;
}

#define GDIST_INSTANTIATE(W) \
  template SparseMetrics HierarchyMetrics(const ContractionHierarchy<W>&, const SparseMetricsRequest&, Backend);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
