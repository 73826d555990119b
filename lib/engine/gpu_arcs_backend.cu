// Host side of the GPU run that builds its adjacency on the device
// (gpu_backend.hpp, GpuFloydWarshallOfArcs): copy the arcs, build the matrix
// in the mode's width, run the rounds, then stream the result back through two
// pinned chunks so that the copies overlap the writer (an int32 result whose
// values all fit 16 bits narrowed on the way, chunk by chunk).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "kernels/cuda/adjacency_build.cuh"
#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/fw_device.cuh"
#include "lib/engine/gpu_backend.hpp"
#include "lib/engine/gpu_round_progress.cuh"
#include "lib/util/error.hpp"
#include "lib/util/phase_timer.hpp"

namespace gdist {

namespace {

// `bytes` of result to `write` in order, through two pinned chunks: chunk
// c+1 is copied while chunk c is written (one stream keeps the work in order;
// a chunk's buffer is reused only after its write returned). source(c, offset,
// length) enqueues whatever makes chunk c's bytes on the stream and returns
// their device address.
template <class Source>
void StreamToHost(std::size_t bytes, cudaStream_t stream, const PayloadWriter& write, const Source& source) {
  const std::size_t chunk = std::min(bytes, kResultChunkBytes);
  cuda::PinnedHostBuffer buffers[2] = {cuda::PinnedHostBuffer(chunk), cuda::PinnedHostBuffer(chunk)};
  cuda::Event copied[2];
  const std::size_t chunks = (bytes + chunk - 1) / chunk;
  const auto length = [&](std::size_t c) { return std::min(chunk, bytes - c * chunk); };
  const auto enqueue = [&](std::size_t c) {
    const void* from = source(c, c * chunk, length(c));
    GDIST_CUDA_CHECK(cudaMemcpyAsync(buffers[c % 2].get(), from, length(c), cudaMemcpyDeviceToHost, stream));
    GDIST_CUDA_CHECK(cudaEventRecord(copied[c % 2].get(), stream));
  };
  if (chunks > 0) enqueue(0);
  for (std::size_t c = 0; c < chunks; ++c) {
    if (c + 1 < chunks) enqueue(c + 1);
    GDIST_CUDA_CHECK(cudaEventSynchronize(copied[c % 2].get()));
    write(buffers[c % 2].get(), length(c));
  }
}

// The int32 result as the 16-bit payload: each chunk narrowed on the device
// into one of two staging buffers (the one its copy two chunks back freed).
void StreamNarrowedToHost(const std::int32_t* device, std::size_t count, cudaStream_t stream,
                          const PayloadWriter& write) {
  const std::size_t chunk = std::min(count * sizeof(std::int16_t), kResultChunkBytes);
  cuda::DeviceBuffer<std::int16_t> staging[2] = {cuda::DeviceBuffer<std::int16_t>(chunk / 2),
                                                 cuda::DeviceBuffer<std::int16_t>(chunk / 2)};
  StreamToHost(count * sizeof(std::int16_t), stream, write, [&](std::size_t c, std::size_t offset, std::size_t len) {
    std::int16_t* narrow = staging[c % 2].get();
    cuda::NarrowToInt16(device + offset / sizeof(std::int16_t), narrow, len / sizeof(std::int16_t), stream);
    return static_cast<const void*>(narrow);
  });
}

template <class E> void RunOfArcs(const ArcArrays& arcs, std::size_t stride, bool narrow_when_values_fit,
                                  const ArcsResultSink& sink, const ProgressFn& progress, double ceiling,
                                  const char* label) {
  const std::size_t count = stride * stride, m = arcs.arcs();
  std::size_t free_b = 0, total_b = 0;
  GDIST_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  const bool may_narrow = sizeof(E) == 4 && narrow_when_values_fit;
  const std::size_t need =
      count * sizeof(E) + (arcs.n + 1) * sizeof(std::uint64_t) + m * 8 + (may_narrow ? kNarrowStagingBytes : 0);
  if (need > free_b)
    throw Error("GPU engine: the run needs " + std::to_string(need >> 20) + " MiB of device memory, " +
                std::to_string(free_b >> 20) + " MiB are free");
  cuda::Stream stream;
  StepLog timer("gpu", [&] { GDIST_CUDA_CHECK(cudaStreamSynchronize(stream.get())); });
  cuda::DeviceBuffer<E> dev(count);
  timer.Step("cudaMalloc");
  {
    cuda::DeviceBuffer<std::uint64_t> offsets(arcs.n + 1);
    cuda::DeviceBuffer<std::uint32_t> targets(m);
    cuda::DeviceBuffer<std::int32_t> weights(m);
    cuda::UploadAsync(offsets, arcs.offsets, stream.get());
    cuda::UploadAsync(targets, arcs.targets, stream.get());
    cuda::UploadAsync(weights, arcs.weights, stream.get());
    cuda::BuildAdjacencyOnDevice(dev.get(), stride, arcs.n, offsets.get(), targets.get(), weights.get(), stream.get());
    // The arc buffers are freed at scope end: the build must be done with them.
    GDIST_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  }
  timer.Step("arcs copied, adjacency built", static_cast<double>(m * 8));
  RunRounds(dev.get(), stride, stream.get(), progress, ceiling);
  timer.Step(label);
  // A fault of any kernel above surfaces here or at the first chunk's wait, before anything is written.
  bool narrowed = false;
  if constexpr (sizeof(E) == 4) {
    narrowed = may_narrow && cuda::Int16FileHoldsAll(dev.get(), count, stream.get());
    if (may_narrow) timer.Step(narrowed ? "values fit 16 bits" : "values need 32 bits", double(count * sizeof(E)));
  }
  sink.begin(sizeof(E) == 2 || narrowed ? 16 : 32);
  if constexpr (sizeof(E) == 4) {
    if (narrowed) {
      StreamNarrowedToHost(dev.get(), count, stream.get(), sink.write);
      timer.Step("narrow, copy to host + write", static_cast<double>(count * sizeof(std::int16_t)));
      return;
    }
  }
  StreamToHost(count * sizeof(E), stream.get(), sink.write, [&](std::size_t, std::size_t offset, std::size_t) {
    return static_cast<const void*>(reinterpret_cast<const char*>(dev.get()) + offset);
  });
  timer.Step("copy to host + write", static_cast<double>(count * sizeof(E)));
}

}  // namespace

void GpuFloydWarshallOfArcs(const ArcArrays& arcs, std::size_t stride, GpuMode mode, bool narrow_when_values_fit,
                            const ArcsResultSink& sink, const ProgressFn& progress) {
  if (stride == 0 || stride % kTile != 0 || arcs.n > stride)
    throw Error("GPU engine: internal error: stride " + std::to_string(stride) + " for " + std::to_string(arcs.n) +
                " vertices");
  if (mode == GpuMode::kInt16)
    RunOfArcs<std::int16_t>(arcs, stride, false, sink, progress, kH100CeilingInt16, "Floyd-Warshall (int16)");
  else if (mode == GpuMode::kInt32)
    RunOfArcs<std::int32_t>(arcs, stride, narrow_when_values_fit, sink, progress, kH100CeilingInt32, "Floyd-Warshall");
  else throw Error("GPU engine: internal error: the run from arcs takes int16 or int32");
}

}  // namespace gdist
