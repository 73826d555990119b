#include <algorithm>
#include <memory>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "lib/core/device_budget.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/road/gpu_phast_device.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

constexpr std::size_t kLanes = kPhastGpuLanes;
constexpr unsigned kTile = 32;  // the transposition's tile: 32 vertices x 32 lanes

template <class W> __global__ void FillKernel(W* p, std::size_t count, W value) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
       i += std::size_t(gridDim.x) * blockDim.x)
    p[i] = value;
}

template <class W> __global__ void SeedKernel(W* lines, const PhastSeed<W>* seeds, std::size_t count) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < count) lines[std::size_t(seeds[i].position) * kLanes + seeds[i].lane] = seeds[i].distance;
}

// One level: block i takes vertex lines of the level (a thread per lane); each
// arc from a higher vertex relaxes the whole line. min(acc, d + w) with d, acc
// <= INF and w < INF stays below 2^31 in int32 (no overflow) and at most INF.
template <class W> __global__ void LevelKernel(W* lines, const std::uint64_t* offsets, const std::uint32_t* ends,
                                               const W* weights, const std::uint32_t* vertices, std::size_t count) {
  const unsigned k = threadIdx.x;
  for (std::size_t i = blockIdx.x; i < count; i += gridDim.x) {
    const std::uint32_t v = vertices[i];
    W acc = lines[std::size_t(v) * kLanes + k];
    for (std::uint64_t a = offsets[v], e = offsets[v + 1]; a < e; ++a) {
      const W d = lines[std::size_t(ends[a]) * kLanes + k] + weights[a];
      acc = d < acc ? d : acc;
    }
    lines[std::size_t(v) * kLanes + k] = acc;
  }
}

// Lines (position-major) to rows (original vertex order): a 32 x 32 tile
// through shared memory, so that both the reads and the writes are coalesced.
template <class W> __global__ void RowsKernel(const W* lines, const std::uint32_t* position_of, std::size_t n, W* rows,
                                              std::size_t stride, std::size_t count) {
  __shared__ W tile[kTile][kTile + 1];
  const std::size_t v0 = blockIdx.x * std::size_t(kTile), lane0 = blockIdx.y * std::size_t(kTile);
  for (unsigned j = threadIdx.y; j < kTile; j += blockDim.y) {
    const std::size_t v = v0 + j;
    if (v < n) tile[j][threadIdx.x] = lines[std::size_t(position_of[v]) * kLanes + lane0 + threadIdx.x];
  }
  __syncthreads();
  for (unsigned j = threadIdx.y; j < kTile; j += blockDim.y) {
    const std::size_t lane = lane0 + j, v = v0 + threadIdx.x;
    if (lane < count && v < n) rows[lane * stride + v] = tile[threadIdx.x][j];
  }
}

// A block's table rows: out[r * t + j] = rows[r * stride + targets[j]].
template <class W> __global__ void GatherKernel(const W* rows, std::size_t stride, std::size_t count,
                                                const std::uint32_t* targets, std::size_t t, W* out) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count * t;
       i += std::size_t(gridDim.x) * blockDim.x)
    out[i] = rows[(i / t) * stride + targets[i % t]];
}

template <class W> PhastSweepStats Sweep(const PhastSweepArcs<W>& h, std::size_t batches, const PhastBatchFn<W>& batch,
                                         std::size_t stride,
                                         const std::function<void(const DeviceRowBlock<W>&)>& visit) {
  PhastSweepStats stats;
  const std::size_t n = h.n, arcs = h.offsets[n];
  const std::size_t line_count = std::max<std::size_t>(1, n) * kLanes, row_count = kLanes * stride;
  std::size_t free_b = 0, total_b = 0;
  GDIST_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  const double need =
      double(line_count + row_count) * sizeof(W) + double(arcs) * (sizeof(std::uint32_t) + sizeof(W)) + double(n) * 16;
  if (need > DeviceBudget::kScratchShareOfFree * double(free_b))
    throw GpuOutOfMemory("GPU PHAST: the lines and rows need " + std::to_string(std::uint64_t(need) >> 20) + " MiB, " +
                         std::to_string(free_b >> 20) + " MiB are free");
  cuda::Stream stream;
  cudaStream_t s = stream.get();
  cuda::DeviceBuffer<std::uint64_t> offsets(n + 1);
  cuda::DeviceBuffer<std::uint32_t> ends(arcs), position_of(n), level_vertices(n);
  cuda::DeviceBuffer<W> weights(arcs), lines(line_count), rows(row_count);
  cuda::UploadAsync(offsets, h.offsets, s);
  cuda::UploadAsync(ends, h.ends, s);
  cuda::UploadAsync(weights, h.weights, s);
  cuda::UploadAsync(position_of, h.position_of, s);
  cuda::UploadAsync(level_vertices, h.level_vertices, s);
  const W inf = ElementTraits<W>::kInf;
  FillKernel<<<1024, 256, 0, s>>>(rows.get(), row_count, inf);  // padding columns stay INF
  GDIST_CUDA_CHECK(cudaGetLastError());
  // Seeds through two pinned staging buffers: the host fills batch b+1's while batch b's upload is in
  // flight. They grow (after the stream drains) when a batch has more seeds than they hold.
  std::vector<PhastSeed<W>> seeds;
  std::vector<std::uint32_t> sources;
  std::size_t seed_capacity = kLanes * 1024;
  std::unique_ptr<cuda::PinnedHostBuffer> staging[2];
  std::unique_ptr<cuda::DeviceBuffer<PhastSeed<W>>> device_seeds;
  auto allocate_seeds = [&](std::size_t capacity) {
    GDIST_CUDA_CHECK(cudaStreamSynchronize(s));
    seed_capacity = capacity;
    for (auto& buffer : staging) buffer = std::make_unique<cuda::PinnedHostBuffer>(capacity * sizeof(PhastSeed<W>));
    device_seeds = std::make_unique<cuda::DeviceBuffer<PhastSeed<W>>>(capacity);
  };
  allocate_seeds(seed_capacity);
  cuda::DeviceBuffer<std::uint32_t> row_vertices(kLanes);
  cuda::Event uploaded[2];
  cuda::TimingEvent start, stop;
  GDIST_CUDA_CHECK(cudaEventRecord(start.get(), s));
  std::size_t count = batch(0, seeds, sources);
  std::size_t first = 0;
  for (std::size_t b = 0; b < batches && count > 0; ++b) {
    if (seeds.size() > seed_capacity) allocate_seeds(seeds.size() + seeds.size() / 2);
    auto* host_seeds = static_cast<PhastSeed<W>*>(staging[b % 2]->get());
    std::copy(seeds.begin(), seeds.end(), host_seeds);
    GDIST_CUDA_CHECK(cudaMemcpyAsync(device_seeds->get(), host_seeds, seeds.size() * sizeof(PhastSeed<W>),
                                     cudaMemcpyHostToDevice, s));
    GDIST_CUDA_CHECK(
        cudaMemcpyAsync(row_vertices.get(), sources.data(), count * sizeof(std::uint32_t), cudaMemcpyHostToDevice, s));
    GDIST_CUDA_CHECK(cudaEventRecord(uploaded[b % 2].get(), s));
    FillKernel<<<1024, 256, 0, s>>>(lines.get(), line_count, inf);
    if (!seeds.empty())
      SeedKernel<<<unsigned((seeds.size() + 255) / 256), 256, 0, s>>>(lines.get(), device_seeds->get(), seeds.size());
    for (std::size_t level = 0; level < h.levels; ++level) {
      const std::size_t begin = h.level_offsets[level], size = h.level_offsets[level + 1] - begin;
      if (size == 0) continue;
      const unsigned grid = unsigned(std::min<std::size_t>(size, 1u << 16));
      LevelKernel<<<grid, unsigned(kLanes), 0, s>>>(lines.get(), offsets.get(), ends.get(), weights.get(),
                                                    level_vertices.get() + begin, size);
    }
    RowsKernel<<<dim3(unsigned((n + kTile - 1) / kTile), unsigned(kLanes / kTile)), dim3(kTile, 8), 0, s>>>(
        lines.get(), position_of.get(), n, rows.get(), stride, count);
    GDIST_CUDA_CHECK(cudaGetLastError());
    visit(DeviceRowBlock<W>{first, count, stride, rows.get(), row_vertices.get(), s});
    first += count;
    ++stats.batches;
    stats.min_bytes += double(5 * n + arcs) * double(kLanes) * sizeof(W);
    // The next batch's upward searches run on the host while this one sweeps; its staging buffer's
    // last upload (two batches ago) must be done, and this batch's sources are copied before reuse.
    if (b + 1 < batches) {
      GDIST_CUDA_CHECK(cudaEventSynchronize(uploaded[b % 2].get()));
      GDIST_CUDA_CHECK(cudaEventSynchronize(uploaded[(b + 1) % 2].get()));
      count = batch(b + 1, seeds, sources);
    }
  }
  GDIST_CUDA_CHECK(cudaEventRecord(stop.get(), s));
  GDIST_CUDA_CHECK(cudaStreamSynchronize(s));
  float ms = 0;
  GDIST_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
  stats.device_seconds = ms / 1e3;
  return stats;
}

}  // namespace

template <class W> PhastSweepStats SweepPhastOnDevice(const PhastSweepArcs<W>& arcs, std::size_t batches,
                                                      const PhastBatchFn<W>& batch, std::size_t stride,
                                                      const std::function<void(const DeviceRowBlock<W>&)>& visit) {
  return Sweep(arcs, batches, batch, stride, visit);
}

template <class W> PhastSweepStats PhastRowsToHostOnDevice(const PhastSweepArcs<W>& arcs, std::size_t batches,
                                                           const PhastBatchFn<W>& batch, W* out, std::size_t stride) {
  return Sweep<W>(arcs, batches, batch, stride, [&](const DeviceRowBlock<W>& block) {
    GDIST_CUDA_CHECK(cudaMemcpyAsync(out + block.first * stride, block.rows, block.count * stride * sizeof(W),
                                     cudaMemcpyDeviceToHost, static_cast<cudaStream_t>(block.stream)));
    GDIST_CUDA_CHECK(cudaStreamSynchronize(static_cast<cudaStream_t>(block.stream)));
  });
}

template <class W> PhastSweepStats PhastTableOnDevice(const PhastSweepArcs<W>& arcs, std::size_t batches,
                                                      const PhastBatchFn<W>& batch, const std::uint32_t* targets,
                                                      std::size_t t, W* out) {
  cuda::DeviceBuffer<std::uint32_t> device_targets(std::max<std::size_t>(1, t));
  cuda::DeviceBuffer<W> table(std::max<std::size_t>(1, kLanes * t));
  GDIST_CUDA_CHECK(cudaMemcpy(device_targets.get(), targets, t * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
  return Sweep<W>(arcs, batches, batch, arcs.n, [&](const DeviceRowBlock<W>& block) {
    const auto s = static_cast<cudaStream_t>(block.stream);
    if (t == 0) return;
    const std::size_t cells = block.count * t;
    GatherKernel<<<unsigned(std::min<std::size_t>((cells + 255) / 256, 1u << 16)), 256, 0, s>>>(
        block.rows, block.stride, block.count, device_targets.get(), t, table.get());
    GDIST_CUDA_CHECK(cudaGetLastError());
    GDIST_CUDA_CHECK(cudaMemcpyAsync(out + block.first * t, table.get(), cells * sizeof(W), cudaMemcpyDeviceToHost, s));
    GDIST_CUDA_CHECK(cudaStreamSynchronize(s));
  });
}

#define GDIST_INSTANTIATE(W)                                                                                          \
  template PhastSweepStats SweepPhastOnDevice(const PhastSweepArcs<W>&, std::size_t, const PhastBatchFn<W>&,          \
                                              std::size_t, const std::function<void(const DeviceRowBlock<W>&)>&);     \
  template PhastSweepStats PhastRowsToHostOnDevice(const PhastSweepArcs<W>&, std::size_t, const PhastBatchFn<W>&, W*, \
                                                   std::size_t);                                                      \
  template PhastSweepStats PhastTableOnDevice(const PhastSweepArcs<W>&, std::size_t, const PhastBatchFn<W>&,          \
                                              const std::uint32_t*, std::size_t, W*);
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(float)
#undef GDIST_INSTANTIATE

}  // namespace gdist
