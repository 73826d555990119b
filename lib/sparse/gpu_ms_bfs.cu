// Host side of the GPU multi-source BFS: the graph and the ordered sources to
// the device, one launch over all batches with as many resident blocks as the
// device and its free memory allow, the results back in the caller's order.
#include <algorithm>
#include <string>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/ms_bfs_device.cuh"
#include "lib/core/device_budget.hpp"
#include "lib/sparse/gpu_ms_bfs.hpp"
#include "lib/util/error.hpp"
#include "lib/util/phase_timer.hpp"

namespace gdist {

namespace {

template <class E> std::vector<E> Download(const cuda::DeviceBuffer<E>& d, cudaStream_t stream) {
  std::vector<E> host(d.count());
  if (d.count()) GDIST_CUDA_CHECK(cudaMemcpyAsync(host.data(), d.get(), d.bytes(), cudaMemcpyDeviceToHost, stream));
  return host;
}

}  // namespace

BfsSweep SweepSourcesOnGpu(const BfsGraph& g, const std::uint32_t* sources, std::size_t count) {
  BfsSweep sweep;
  const std::size_t n = g.n, k = count;
  sweep.sources.resize(k);
  if (k == 0) return sweep;
  if (n >= kNoVertex)
    throw Error("the GPU BFS takes fewer than 2^32 - 1 vertices, this graph has " + std::to_string(n));
  for (std::size_t i = 0; i < k; ++i)
    if (const std::uint32_t s = sources[i]; s >= n)
      throw Error("BFS source " + std::to_string(s) + " is not a vertex (n = " + std::to_string(n) + ")");

  StepLog log("gpu bfs");
  std::vector<std::uint32_t> ordered;
  const std::vector<std::uint32_t> order = SourcesInLocalityOrder(g, sources, k, &ordered);

  log.Step("locality order of the sources");
  cuda::Stream stream;
  const std::size_t arcs = g.offsets[n];
  const cuda::DeviceBuffer<std::uint64_t> offsets(n + 1);
  const cuda::DeviceBuffer<std::uint32_t> targets(arcs), d_sources(k);
  cuda::UploadAsync(offsets, g.offsets, stream.get());
  cuda::UploadAsync(targets, g.targets, stream.get());
  cuda::UploadAsync(d_sources, ordered.data(), stream.get());

  cuda::DeviceBuffer<std::uint32_t> ecc(k), farthest(k), nearest(k), first_unreached(k);
  cuda::DeviceBuffer<unsigned long long> reached(k), total(k), level_pairs(n);
  cuda::DeviceBuffer<double> harmonic(k);
  GDIST_CUDA_CHECK(cudaMemsetAsync(level_pairs.get(), 0, level_pairs.bytes(), stream.get()));

  int device = 0, sms = 0;
  GDIST_CUDA_CHECK(cudaGetDevice(&device));
  GDIST_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  std::size_t free_bytes = 0, total_bytes = 0;
  GDIST_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const std::size_t batches = (k + kBatchSources - 1) / kBatchSources;
  const std::size_t per_slot = cuda::MsBfsScratchBytesPerSlot(n);
  const auto affordable =
      static_cast<std::size_t>(DeviceBudget::kScratchShareOfFree * static_cast<double>(free_bytes)) / per_slot;
  const std::size_t resident = static_cast<std::size_t>(sms) * cuda::MsBfsBlocksPerMultiprocessor();
  const std::size_t slots = std::min({batches, resident, affordable});
  if (slots == 0)
    throw GpuOutOfMemory("the GPU BFS needs " + std::to_string(per_slot >> 20) + " MiB of scratch per block, " +
                         std::to_string(free_bytes >> 20) + " MiB of device memory are free");

  cuda::MsBfsDeviceScratch scratch;
  scratch.slots = slots;
  cuda::DeviceBuffer<unsigned long long> masks(slots * 3 * n * kBatchWords);
  cuda::DeviceBuffer<std::uint32_t> stamps(slots * n), lists(slots * 2 * n);
  scratch.masks = masks.get();
  scratch.stamps = stamps.get();
  scratch.lists = lists.get();
  GDIST_CUDA_CHECK(cudaMemsetAsync(masks.get(), 0, masks.bytes(), stream.get()));
  GDIST_CUDA_CHECK(cudaMemsetAsync(stamps.get(), 0, stamps.bytes(), stream.get()));
  GDIST_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  log.Step("graph up, scratch of the blocks");

  const cuda::MsBfsDeviceGraph dg{n, offsets.get(), targets.get()};
  const cuda::MsBfsDeviceOutput out{ecc.get(),     farthest.get(), nearest.get(),  first_unreached.get(),
                                    reached.get(), total.get(),    harmonic.get(), level_pairs.get()};
  const cuda::TimingEvent start, stop;
  GDIST_CUDA_CHECK(cudaEventRecord(start.get(), stream.get()));
  cuda::MultiSourceBfsOnDevice(dg, d_sources.get(), k, scratch, out, stream.get());
  GDIST_CUDA_CHECK(cudaEventRecord(stop.get(), stream.get()));

  const auto h_ecc = Download(ecc, stream.get());
  const auto h_far = Download(farthest, stream.get());
  const auto h_nearest = Download(nearest, stream.get());
  const auto h_first = Download(first_unreached, stream.get());
  const auto h_reached = Download(reached, stream.get());
  const auto h_total = Download(total, stream.get());
  const auto h_harmonic = Download(harmonic, stream.get());
  auto h_pairs = Download(level_pairs, stream.get());
  GDIST_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  float ms = 0;
  GDIST_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
  sweep.kernel_seconds = ms / 1e3;
  log.Step("kernel (all batches) and results down");

  for (std::size_t r = 0; r < k; ++r) {
    BfsSourceStats& s = sweep.sources[order[r]];
    s.eccentricity = h_ecc[r];
    s.farthest = h_far[r];
    s.nearest_level = h_nearest[r];
    s.first_unreached = h_first[r];
    s.reached = h_reached[r];
    s.total = h_total[r];
    s.harmonic = h_harmonic[r];
  }
  std::uint32_t deepest = 0;
  for (const BfsSourceStats& s : sweep.sources) deepest = std::max(deepest, s.eccentricity);
  sweep.level_pairs.assign(h_pairs.begin(), h_pairs.begin() + deepest + 1);
  return sweep;
}

}  // namespace gdist
