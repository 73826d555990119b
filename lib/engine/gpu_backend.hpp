// The GPU engine as seen from the host. Implemented in kernels/cuda when the
// build has CUDA, and by gpu_backend_stub.cpp otherwise (it reports "not built
// with CUDA"). Nothing here needs a CUDA header.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace gdist {

struct GpuStatus {
  bool usable = false;
  std::string reason;          // why not usable, or the device name
  std::size_t free_bytes = 0;  // device memory free now
};

// Never throws: no driver, no device or a CUDA-less build give usable=false.
GpuStatus ProbeGpu();

// In place on the padded host matrix (page aligned). T: int32_t or float.
// max_abs_weight/has_negative let the engine pick its 16-bit mode when the
// range proof allows it. Throws gdist::Error on any CUDA failure.
struct GpuRunInfo {
  double max_abs_weight = 0;
  bool has_negative = false;
  std::size_t n = 0;  // real vertices (<= stride)
};
template <class T> void GpuFloydWarshall(T* d, std::size_t stride, const GpuRunInfo& info);

}  // namespace gdist
