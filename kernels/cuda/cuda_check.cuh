// Every CUDA runtime call of the GPU engine goes through GDIST_CUDA_CHECK: a
// failure (bad launch, ECC or driver error, out of memory) becomes a
// gdist::Error naming the call and its source line, so the app exits non-zero
// with a clear message and never writes a matrix computed past an error.
#pragma once
#include <cuda_runtime.h>

#include <string>

#include "lib/util/error.hpp"

namespace gdist::cuda {

[[noreturn]] inline void ThrowCudaError(cudaError_t e, const char* what, const char* file, int line) {
  const std::string message = std::string(file) + ":" + std::to_string(line) + ": CUDA error in " + what + ": " +
                              cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
  if (e == cudaErrorMemoryAllocation) throw GpuOutOfMemory(message);
  throw Error(message);
}

}  // namespace gdist::cuda

#define GDIST_CUDA_CHECK(expr)                                                      \
  do {                                                                              \
    cudaError_t gdist_cuda_status_ = (expr);                                        \
    if (gdist_cuda_status_ != cudaSuccess)                                          \
      ::gdist::cuda::ThrowCudaError(gdist_cuda_status_, #expr, __FILE__, __LINE__); \
  } while (0)

// After a kernel launch: launch-configuration errors show up here at once.
#define GDIST_CUDA_CHECK_LAUNCH(kernel_name)                                                           \
  do {                                                                                                 \
    cudaError_t gdist_cuda_status_ = cudaGetLastError();                                               \
    if (gdist_cuda_status_ != cudaSuccess)                                                             \
      ::gdist::cuda::ThrowCudaError(gdist_cuda_status_, "launch of " kernel_name, __FILE__, __LINE__); \
  } while (0)
