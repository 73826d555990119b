// Linked instead of kernels/cuda when the build has no CUDA.
#include "lib/engine/gpu_backend.hpp"
#include "lib/util/error.hpp"

namespace gdist {

GpuStatus ProbeGpu() { return {false, "this build has no CUDA backend", 0}; }

template <class T> void GpuFloydWarshall(T*, std::size_t, const GpuRunInfo&) {
  throw Error("this build has no CUDA backend");
}
template void GpuFloydWarshall<std::int32_t>(std::int32_t*, std::size_t, const GpuRunInfo&);
template void GpuFloydWarshall<float>(float*, std::size_t, const GpuRunInfo&);

}  // namespace gdist
