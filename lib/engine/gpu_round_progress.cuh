// The in-core GPU runs' rounds with per-round progress (gapsp --progress):
// shared by the run on a host matrix (gpu_backend.cu) and the run that builds
// its adjacency on the device (gpu_arcs_backend.cu).
#pragma once
#include <cuda_runtime.h>

#include <chrono>
#include <cstddef>
#include <vector>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/fw_device.cuh"
#include "lib/engine/progress.hpp"

namespace gdist {

// The in-core engine's per-round progress: an event after each round on the
// stream, read without holding up the launches (cudaEventQuery while they are
// enqueued, then waited for in order).
class RoundProgress {
 public:
  RoundProgress(const ProgressFn& report, std::size_t stride, double ceiling, cudaStream_t stream)
      : report_(report), stride_(stride), ceiling_(ceiling), stream_(stream), events_(stride / kTile) {}
  void Mark(int round) {
    if (round == 0) t0_ = std::chrono::steady_clock::now();
    GDIST_CUDA_CHECK(cudaEventRecord(events_[round].get(), stream_));
    enqueued_ = std::size_t(round) + 1;
    Drain(false);
  }
  // Every marked round reported; wait: block until each is done.
  void Drain(bool wait) {
    while (done_ < enqueued_) {
      if (wait) {
        GDIST_CUDA_CHECK(cudaEventSynchronize(events_[done_].get()));
      } else {
        const cudaError_t e = cudaEventQuery(events_[done_].get());
        if (e == cudaErrorNotReady) return;
        GDIST_CUDA_CHECK(e);
      }
      ++done_;
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
      const double relaxations = double(stride_) * double(stride_) * double(done_ * kTile);
      report_(MakeProgress("gpu", "in-core", done_, events_.size(), seconds, relaxations, ceiling_));
    }
  }

 private:
  const ProgressFn& report_;
  std::size_t stride_;
  double ceiling_;
  cudaStream_t stream_;
  std::vector<cuda::Event> events_;
  std::size_t enqueued_ = 0, done_ = 0;
  std::chrono::steady_clock::time_point t0_;
};

// FloydWarshallOnDevice, with per-round progress when asked for.
template <class E>
inline void RunRounds(E* d, std::size_t stride, cudaStream_t stream, const ProgressFn& progress, double ceiling) {
  if (!progress) return cuda::FloydWarshallOnDevice(d, stride, stream);
  RoundProgress rounds(progress, stride, ceiling, stream);
  cuda::FloydWarshallOnDevice(d, stride, stream, [&rounds](int r) { rounds.Mark(r); });
  rounds.Drain(true);
}

}  // namespace gdist
