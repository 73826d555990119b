// The GPU engine as seen from the host. Implemented in kernels/cuda when the
// build has CUDA, and by gpu_backend_no_cuda.cpp otherwise (it reports "not built
// with CUDA"). Nothing here needs a CUDA header.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "lib/core/backend.hpp"
#include "lib/matrix/element_type.hpp"

namespace gdist {

// Never throws: no driver, no device, a device our kernels cannot run on or a
// CUDA-less build give usable=false.
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

// How a GPU run computes: the element width on the device. kInt16 serves
// int32 matrices whose every finite distance provably fits (Int16ModeFits in
// range_check.hpp); results are converted back and are bit-identical.
enum class GpuMode { kInt32, kInt16, kFloat32 };
const char* GpuModeName(GpuMode mode);

struct GpuPlan {
  GpuMode mode = GpuMode::kInt32;
  std::size_t tile = 128;         // blocked Floyd-Warshall tile width
  std::size_t rounds = 0;         // stride / tile
  std::size_t device_bytes = 0;   // device memory the run allocates
};

// Pure host logic (lib/engine/backend_choice.cpp), tested on machines without
// a GPU. type: kInt32 or kFloat32; stride: a positive multiple of 128 (throws
// gdist::Error otherwise). The 16-bit mode is chosen only when the proof holds
// and its extra buffer fits in free_bytes beside the int32 matrix.
GpuPlan PlanGpuRun(ElementType type, std::size_t stride, const GpuRunInfo& info, std::size_t free_bytes);

}  // namespace gdist
