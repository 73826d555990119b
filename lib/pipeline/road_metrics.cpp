#include "lib/pipeline/road_metrics.hpp"

#include <omp.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <type_traits>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/gpu_sssp_rows.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/road/gpu_phast.hpp"
#include "lib/road/phast.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

// Every row on the CPU: PHAST in blocks of rows, each row scanned in parallel.
template <class W>
GpuSsspRowReductions CpuRowReductions(const ContractionHierarchy<W>& ch, int threads, ProgressCounter& counter) {
  const std::size_t n = ch.n;
  // Enough rows per block for every thread's 16-lane PHAST batches (twice over), at least 64 MiB of rows.
  const std::size_t row_bytes = n * sizeof(W) + 1;
  const std::size_t block = std::min<std::size_t>(
      4096, std::max<std::size_t>(32 * static_cast<std::size_t>(threads), (std::size_t{64} << 20) / row_bytes));
  GpuSsspRowReductions out;
  out.summary.resize(n);
  out.centrality.resize(n);
  std::vector<std::uint32_t> all(n);
  std::iota(all.begin(), all.end(), 0u);
  std::vector<W> rows(block * n);
  const PhastTrees<W> phast(ch);
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

}  // namespace

template <class W> SparseMetrics HierarchyMetrics(const ContractionHierarchy<W>& ch, const MetricsOptions& options,
                                                  Backend where, ProgressFn progress) {
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  ProgressCounter counter(std::move(progress), "metrics", where == Backend::kGpu ? "PHAST on the GPU" : "PHAST trees",
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
      throw Error(std::string("--backend gpu: the GPU sweep holds int32 or float32, this graph's distances are ") +
                  ElementTraits<W>::kName);
    }
  } else {
    rows = CpuRowReductions(ch, threads, counter);
  }
  counter.Finish();
  SparseMetrics m;
  m.trees = ch.n;
  m.method = where == Backend::kGpu ? "every tree (PHAST on the GPU)" : "every tree (PHAST)";
  m.summary = SummaryFromRows(rows.summary, options);
  m.centrality = CentralityFromRows(m.summary, rows.centrality, ch.directed);
  return m;
}

#define GDIST_INSTANTIATE(W) \
  template SparseMetrics HierarchyMetrics(const ContractionHierarchy<W>&, const MetricsOptions&, Backend, ProgressFn);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
