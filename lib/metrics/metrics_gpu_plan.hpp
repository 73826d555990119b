// How the GPU metrics use device memory: pure host logic (inline, so that
// kernels/cuda calls it with the free memory it reads just before allocating,
// and tests/metrics checks it on machines without a GPU).
//
// Resident: the whole matrix (n rows) fits beside the per-row results and a
// head-room, so it is copied once, block by block through the pinned staging
// buffers, and the histogram pass re-reads it on the device. Streaming: two
// device blocks alternate and the matrix crosses PCIe twice (the histogram
// needs the global min/max of the first pass).
#pragma once
#include <cstddef>
#include <string>

#include "lib/core/device_budget.hpp"
#include "lib/metrics/row_reduction.hpp"

namespace gdist {

// One copied block of rows: small enough that pinning the staging buffers
// (cudaMallocHost, ~2.5 GB/s) stays cheap, large enough that the per-block
// costs (event wait, waking the copy threads, one cudaMemcpyAsync) do not show.
inline constexpr std::size_t kGpuMetricsBlockBytes = std::size_t{16} << 20;

struct GpuMetricsOptions {
  std::size_t block_rows = 0;    // rows per copied block; 0 = about kGpuMetricsBlockBytes
  bool force_streaming = false;  // stream twice even when the matrix fits (tests, benchmarks)
  int copy_threads = 0;          // host threads filling the staging buffers; 0 = all cores
};

struct GpuMetricsPlan {
  bool feasible = false;
  bool resident = false;
  std::size_t block_rows = 0;     // rows per block (the last block may hold fewer)
  std::size_t blocks = 0;         // blocks per pass
  std::size_t device_bytes = 0;   // device memory the run allocates, head-room included
  std::size_t staging_bytes = 0;  // pinned host memory (two blocks; one when the matrix is one block)
  std::string reason;             // why not feasible
};

inline std::string Mib(std::size_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

inline GpuMetricsPlan PlanGpuMetrics(std::size_t n, std::size_t stride, std::size_t element_bytes,
                                     std::size_t free_bytes, const GpuMetricsOptions& options) {
  GpuMetricsPlan plan;
  if (n == 0 || stride < n || stride % kSumLanes != 0 || element_bytes != 4) {
    plan.reason = "GPU metrics: need n > 0, 4-byte elements and a stride >= n that is a multiple of 128 (n " +
                  std::to_string(n) + ", stride " + std::to_string(stride) + ")";
    return plan;
  }
  const std::size_t row_bytes = stride * element_bytes;
  const std::size_t fixed = DeviceBudget::Needed(n * (sizeof(SummaryRow) + sizeof(CentralityRow)));
  std::size_t rows = options.block_rows ? options.block_rows : kGpuMetricsBlockBytes / row_bytes;
  rows = std::max<std::size_t>(1, std::min(rows, n));
  const std::size_t resident_bytes = fixed + n * row_bytes;
  if (!options.force_streaming && resident_bytes <= free_bytes) {
    plan.resident = true;
    plan.device_bytes = resident_bytes;
  } else {
    while (rows > 1 && fixed + 2 * rows * row_bytes > free_bytes) rows = (rows + 1) / 2;
    plan.device_bytes = fixed + 2 * rows * row_bytes;
    if (plan.device_bytes > free_bytes) {
      plan.reason = "GPU metrics: even two single-row blocks need " + Mib(plan.device_bytes) + " of device memory, " +
                    Mib(free_bytes) + " are free";
      return plan;
    }
  }
  plan.feasible = true;
  plan.block_rows = rows;
  plan.blocks = (n + rows - 1) / rows;
  plan.staging_bytes = (plan.blocks > 1 ? 2 : 1) * rows * row_bytes;
  return plan;
}

}  // namespace gdist
