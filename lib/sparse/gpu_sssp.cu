// Host side of the batched GPU shortest paths: the graph and the sources to
// the device, scratch for as many resident blocks as the device and its free
// memory allow, then one launch per block of rows (blocks take batches from a
// shared counter, so a slow batch delays only its own block), each block
// handed to the caller's visitor before the next launch overwrites it.
#include <algorithm>
#include <string>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/sssp_device.cuh"
#include "lib/core/device_budget.hpp"
#include "lib/sparse/gpu_sssp.hpp"
#include "lib/util/error.hpp"
#include "lib/util/phase_timer.hpp"

namespace gdist {

namespace {}  // namespace

template <class W> SsspSweepStats SweepRowsOnGpu(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t count,
                                                 std::size_t stride,
                                                 const std::function<void(const DeviceRowBlock<W>&)>& visit, W delta) {
  SsspSweepStats stats;
  const std::size_t n = g.n, k = count;
  if (k == 0) return stats;
  if (n >= 0xFFFFFFFFu)
    throw Error("the GPU shortest paths take fewer than 2^32 - 1 vertices, this graph has " + std::to_string(n));
  CheckSsspInputs(g, sources, k, stride);
  const std::size_t arcs = g.offsets[n];

  StepLog log("gpu sssp");
  cuda::Stream stream;
  const cuda::DeviceBuffer<std::uint64_t> offsets(n + 1);
  const cuda::DeviceBuffer<std::uint32_t> targets(arcs), d_sources(k);
  const cuda::DeviceBuffer<W> weights(arcs);
  cuda::UploadAsync(offsets, g.offsets, stream.get());
  cuda::UploadAsync(targets, g.targets, stream.get());
  cuda::UploadAsync(weights, g.weights, stream.get());
  cuda::UploadAsync(d_sources, sources, stream.get());
  cuda::DeviceBuffer<unsigned long long> counters(2);
  cuda::DeviceBuffer<unsigned> next_batch(1);
  GDIST_CUDA_CHECK(cudaMemsetAsync(counters.get(), 0, counters.bytes(), stream.get()));
  GDIST_CUDA_CHECK(cudaStreamSynchronize(stream.get()));

  int device = 0, sms = 0;
  GDIST_CUDA_CHECK(cudaGetDevice(&device));
  GDIST_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  std::size_t free_bytes = 0, total_bytes = 0;
  GDIST_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const auto budget = static_cast<std::size_t>(DeviceBudget::kScratchShareOfFree * static_cast<double>(free_bytes));
  const std::size_t row_bytes = stride * sizeof(W);
  const std::size_t batch_rows_bytes = kSsspBatchSources * row_bytes;
  const std::size_t per_slot = cuda::SsspScratchBytesPerSlot<W>(n) + batch_rows_bytes;
  const std::size_t batches = (k + kSsspBatchSources - 1) / kSsspBatchSources;
  const std::size_t resident = static_cast<std::size_t>(sms) * cuda::SsspBlocksPerMultiprocessor<W>();
  const std::size_t slots = std::min({batches, resident, budget / per_slot});
  if (slots == 0)
    throw GpuOutOfMemory("the GPU shortest paths need " + std::to_string(per_slot >> 20) + " MiB per block, " +
                         std::to_string(free_bytes >> 20) + " MiB of device memory are free");
  // Rows per launch: every slot's batch, more when memory is left (fewer launches, fewer tails).
  const std::size_t left = budget - slots * per_slot;
  const std::size_t block_rows = std::min(k, slots * kSsspBatchSources + left / batch_rows_bytes * kSsspBatchSources);

  cuda::DeviceBuffer<W> dist(slots * n * cuda::kSsspLanes), rows(block_rows * stride);
  cuda::DeviceBuffer<std::uint32_t> masks(slots * 3 * n), lists(slots * 3 * n);
  GDIST_CUDA_CHECK(cudaMemsetAsync(masks.get(), 0, masks.bytes(), stream.get()));
  const cuda::SsspDeviceScratch<W> scratch{slots,       dist.get(),       masks.get(),
                                           lists.get(), next_batch.get(), counters.get()};
  const cuda::SsspDeviceGraph<W> dg{n, offsets.get(), targets.get(), weights.get()};
  log.Step("graph up, scratch of the blocks");

  const cuda::TimingEvent start, stop;
  for (std::size_t first = 0; first < k; first += block_rows) {
    const std::size_t c = std::min(block_rows, k - first);
    GDIST_CUDA_CHECK(cudaEventRecord(start.get(), stream.get()));
    cuda::BatchedSsspOnDevice(dg, d_sources.get() + first, c, scratch, rows.get(), stride, delta, stream.get());
    GDIST_CUDA_CHECK(cudaEventRecord(stop.get(), stream.get()));
    visit(DeviceRowBlock<W>{first, c, stride, rows.get(), d_sources.get() + first, stream.get()});
    GDIST_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
    float ms = 0;
    GDIST_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
    stats.kernel_seconds += ms / 1e3;
  }
  unsigned long long host_counters[2] = {0, 0};
  GDIST_CUDA_CHECK(cudaMemcpy(host_counters, counters.get(), counters.bytes(), cudaMemcpyDeviceToHost));
  stats.relaxations = host_counters[0];
  stats.rounds = host_counters[1];
  log.Step("kernels and visits of the row blocks");
  return stats;
}

#define GDIST_INSTANTIATE(W)                                                                                  \
  template SsspSweepStats SweepRowsOnGpu(const SsspGraph<W>&, const std::uint32_t*, std::size_t, std::size_t, \
                                         const std::function<void(const DeviceRowBlock<W>&)>&, W);
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(float)
#undef GDIST_INSTANTIATE

}  // namespace gdist
