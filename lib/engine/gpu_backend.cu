// Host side of the GPU engine: the device probe and one in-core run (pin the
// host matrix, copy, Floyd-Warshall on the device in the planned mode, copy
// back). The schedule and kernels are in kernels/cuda (fw_device.cu).
#include <cuda_runtime.h>

#include <chrono>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/fw_device.cuh"
#include "lib/engine/gpu_backend.hpp"
#include "lib/engine/gpu_round_progress.cuh"
#include "lib/util/error.hpp"
#include "lib/util/phase_timer.hpp"

namespace gdist {

namespace {
GpuStatus ProbeGpuUntimed();
}

// The first CUDA call creates the context: often the largest fixed cost of a
// short run, so --timings reports it.
GpuStatus ProbeGpu() {
  StepLog log("gpu");
  GpuStatus s = ProbeGpuUntimed();
  log.Step("ProbeGpu (context creation)");
  return s;
}

namespace {
GpuStatus ProbeGpuUntimed() {
  GpuStatus s;
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    // Without a driver the runtime says "driver version is insufficient": say what it means.
    s.reason = (e == cudaErrorInsufficientDriver || e == cudaErrorNoDevice || count == 0)
                   ? "no NVIDIA GPU or driver found"
                   : cudaGetErrorString(e);
    cudaGetLastError();
    return s;
  }
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
    cudaGetLastError();
    s.reason = "cannot read device properties";
    return s;
  }
  std::string why;
  if (!cuda::KernelsRunOnDevice(&why)) {
    s.reason = std::string(prop.name) + ": " + why;
    return s;
  }
  std::size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess) {
    cudaGetLastError();
    s.reason = "cannot read device memory";
    return s;
  }
  s.usable = true;
  s.free_bytes = free_b;
  s.reason = prop.name;
  return s;
}
}  // namespace

template <class T>
GpuMode GpuFloydWarshall(T* host, std::size_t stride, const GpuRunInfo& info, const ProgressFn& progress) {
  std::size_t free_b = 0, total_b = 0;
  GDIST_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  const GpuPlan plan = PlanGpuRun(ElementTraits<T>::kType, stride, info, free_b);
  if (plan.device_bytes > free_b)
    throw Error("GPU engine: the run needs " + std::to_string(plan.device_bytes >> 20) + " MiB of device memory, " +
                std::to_string(free_b >> 20) + " MiB are free");
  const std::size_t count = stride * stride;
  const std::size_t bytes = count * sizeof(T);

  cuda::Stream stream;
  StepLog timer("gpu", [&] { GDIST_CUDA_CHECK(cudaStreamSynchronize(stream.get())); });
  {
    cuda::HostRegistration pin(host, bytes);
    timer.Step(pin.pinned() ? "cudaHostRegister" : "cudaHostRegister (refused)");
    cuda::DeviceBuffer<T> dev(count);
    timer.Step("cudaMalloc");
    GDIST_CUDA_CHECK(cudaMemcpyAsync(dev.get(), host, bytes, cudaMemcpyHostToDevice, stream.get()));
    timer.Step("copy to device");
    if constexpr (std::is_same_v<T, std::int32_t>) {
      if (plan.mode == GpuMode::kInt16) {
        cuda::DeviceBuffer<std::int16_t> narrow(count);
        cuda::NarrowToInt16(dev.get(), narrow.get(), count, stream.get());
        RunRounds(narrow.get(), stride, stream.get(), progress, kH100CeilingInt16);
        cuda::WidenFromInt16(narrow.get(), dev.get(), count, stream.get());
        // narrow is freed at scope end; wait for the stream's work on it first.
        GDIST_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
      } else {
        RunRounds(dev.get(), stride, stream.get(), progress, kH100CeilingInt32);
      }
    } else {
      RunRounds(dev.get(), stride, stream.get(), progress, kH100CeilingFloat32);
    }
    timer.Step(plan.mode == GpuMode::kInt16 ? "Floyd-Warshall (int16)" : "Floyd-Warshall");
    GDIST_CUDA_CHECK(cudaMemcpyAsync(host, dev.get(), bytes, cudaMemcpyDeviceToHost, stream.get()));
    // Any fault of any kernel above surfaces here; the host matrix then holds
    // partial results, and the caller reports the error instead of writing it.
    GDIST_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
    timer.Step("copy to host");
  }
  timer.Step("cudaFree + cudaHostUnregister");
  return plan.mode;
}

template GpuMode GpuFloydWarshall<std::int32_t>(std::int32_t*, std::size_t, const GpuRunInfo&, const ProgressFn&);
template GpuMode GpuFloydWarshall<float>(float*, std::size_t, const GpuRunInfo&, const ProgressFn&);

}  // namespace gdist
