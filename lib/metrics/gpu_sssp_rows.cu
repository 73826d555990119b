#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "lib/metrics/gpu_sssp_rows.hpp"
#include "lib/metrics/metrics_gpu.hpp"

namespace gdist {

namespace {

// The row passes read 128-column blocks with 16-byte loads: rows padded as the
// matrices are (PaddedSize) are whole blocks.
static_assert(kTile % kSumLanes == 0);

}  // namespace

template <class W>
GpuSsspRowReductions ReduceRowsOnGpu(std::size_t n, std::size_t count, const DeviceRowSweep<W>& sweep) {
  GpuSsspRowReductions out;
  if (count == 0) return out;
  cuda::DeviceBuffer<SummaryRow> summary(count);
  cuda::DeviceBuffer<CentralityRow> centrality(count);
  sweep(PaddedSize(n), [&](const DeviceRowBlock<W>& b) {
    RowPassOnDevice(b.rows, b.stride, n, b.first, b.count, summary.get(), centrality.get(), b.stream, b.row_vertices);
  });
  out.summary.resize(count);
  out.centrality.resize(count);
  GDIST_CUDA_CHECK(cudaMemcpy(out.summary.data(), summary.get(), summary.bytes(), cudaMemcpyDeviceToHost));
  GDIST_CUDA_CHECK(cudaMemcpy(out.centrality.data(), centrality.get(), centrality.bytes(), cudaMemcpyDeviceToHost));
  return out;
}

template <class W>
GpuSsspRowReductions ReduceSsspRowsOnGpu(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t count) {
  SsspSweepStats stats;
  GpuSsspRowReductions out = ReduceRowsOnGpu<W>(
      g.n, count, [&](std::size_t stride, const std::function<void(const DeviceRowBlock<W>&)>& visit) {
        stats = SweepRowsOnGpu<W>(g, sources, count, stride, visit, SsspDelta(g));
      });
  out.stats = stats;
  return out;
}

template <class W> std::vector<std::uint64_t> SsspHistogramOnGpu(const SsspGraph<W>& g, const std::uint32_t* sources,
                                                                 std::size_t count, bool directed,
                                                                 const HistogramShape& shape, SsspSweepStats* stats) {
  std::vector<std::uint64_t> counts(shape.bins, 0);
  if (count == 0 || shape.bins == 0) return counts;
  cuda::DeviceBuffer<unsigned long long> dev(shape.bins);
  GDIST_CUDA_CHECK(cudaMemset(dev.get(), 0, dev.bytes()));
  const SsspSweepStats s = SweepRowsOnGpu<W>(
      g, sources, count, PaddedSize(g.n),
      [&](const DeviceRowBlock<W>& b) {
        HistogramOnDevice(b.rows, b.stride, g.n, b.first, b.count, directed, shape, dev.get(), b.stream,
                          b.row_vertices);
      },
      SsspDelta(g));
  if (stats) *stats = s;
  std::vector<unsigned long long> host(shape.bins);
  GDIST_CUDA_CHECK(cudaMemcpy(host.data(), dev.get(), dev.bytes(), cudaMemcpyDeviceToHost));
  counts.assign(host.begin(), host.end());
  return counts;
}

template <class W> SsspSweepStats SsspRowsToHost(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t count,
                                                 const std::uint32_t* dest_rows, W* out, std::size_t stride) {
  if (stride % kSumLanes != 0) throw Error("SsspRowsToHost: the stride must be a multiple of 128");
  return SweepRowsOnGpu<W>(
      g, sources, count, stride,
      [&](const DeviceRowBlock<W>& b) {
        for (std::size_t r = 0; r < b.count; ++r)
          GDIST_CUDA_CHECK(cudaMemcpyAsync(out + dest_rows[b.first + r] * stride, b.rows + r * stride,
                                           stride * sizeof(W), cudaMemcpyDeviceToHost,
                                           static_cast<cudaStream_t>(b.stream)));
      },
      SsspDelta(g));
}

#define GDIST_INSTANTIATE(W)                                                                                           \
  template GpuSsspRowReductions ReduceRowsOnGpu(std::size_t, std::size_t, const DeviceRowSweep<W>&);                   \
  template GpuSsspRowReductions ReduceSsspRowsOnGpu(const SsspGraph<W>&, const std::uint32_t*, std::size_t);           \
  template std::vector<std::uint64_t> SsspHistogramOnGpu(const SsspGraph<W>&, const std::uint32_t*, std::size_t, bool, \
                                                         const HistogramShape&, SsspSweepStats*);                      \
  template SsspSweepStats SsspRowsToHost(const SsspGraph<W>&, const std::uint32_t*, std::size_t, const std::uint32_t*, \
                                         W*, std::size_t);
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(float)
#undef GDIST_INSTANTIATE

}  // namespace gdist
