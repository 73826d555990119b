// The GPU passes of the distance metrics as seen from the host. Implemented in
// kernels/cuda/metrics_gpu.cu when the build has CUDA, by
// metrics_gpu_no_cuda.cpp otherwise ("this build has no CUDA backend").
// Nothing here needs a CUDA header.
//
// Pass 1 computes every SummaryRow and CentralityRow (row_reduction.hpp: the
// same functions and summation order as the CPU, so the same bits); pass 2
// counts the histogram, whose shape needs pass 1's global range. Rows reach
// the device in blocks through two pinned staging buffers (copy of one block
// overlapping the next block's host copy and the previous block's kernel);
// metrics_gpu_plan.hpp decides between a resident matrix and two streamed passes.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/metrics/metrics_gpu_plan.hpp"
#include "lib/metrics/row_reduction.hpp"

namespace gdist {

struct GpuMetricsPasses {
  std::vector<SummaryRow> summary;        // per row
  std::vector<CentralityRow> centrality;  // per row
  HistogramShape shape;
  std::vector<std::uint64_t> counts;  // shape.bins counts
  GpuMetricsPlan plan;
  double pass1_seconds = 0, pass2_seconds = 0;
};

// T: int32_t or float. Reads d (a DistMatrix, an mmapped file: any host
// memory) and never writes it. Throws gdist::Error on any CUDA failure and
// when the plan is not feasible (the message says why).
template <class T> GpuMetricsPasses RunGpuMetricsPasses(const MatrixView<T>& d, bool directed, std::size_t max_bins,
                                                        const GpuMetricsOptions& options);

// The two passes' kernels on `count` rows already in device memory (`rows`,
// `stride` elements apart; global rows first_row..): the distributed
// schedule's resident tiles. summary / centrality are device arrays indexed
// by global row, counts a device array of shape.bins. Enqueued on `stream`
// (a cudaStream_t); launch errors throw gdist::Error. T: int32_t or float.
// row_vertices (a device array, optional): the vertex of each of the count
// rows, when row r is not vertex first_row + r (the sparse engine's trees in
// a locality order); it decides the diagonal and, undirected, the pairs j > i.
template <class T> void RowPassOnDevice(const T* rows, std::size_t stride, std::size_t n, std::size_t first_row,
                                        std::size_t count, SummaryRow* summary, CentralityRow* centrality, void* stream,
                                        const std::uint32_t* row_vertices = nullptr);
template <class T> void HistogramOnDevice(const T* rows, std::size_t stride, std::size_t n, std::size_t first_row,
                                          std::size_t count, bool directed, const HistogramShape& shape,
                                          unsigned long long* counts, void* stream,
                                          const std::uint32_t* row_vertices = nullptr);

}  // namespace gdist
