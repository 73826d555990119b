// Linked instead of kernels/cuda when the build has no CUDA.
#include "lib/engine/gpu_backend.hpp"
#include "lib/util/error.hpp"

namespace gdist {

GpuStatus ProbeGpu() { return {false, "this build has no CUDA backend", 0}; }

template <class T> GpuMode GpuFloydWarshall(T*, std::size_t, const GpuRunInfo&, const ProgressFn&) {
  throw Error("this build has no CUDA backend");
}
template GpuMode GpuFloydWarshall<std::int32_t>(std::int32_t*, std::size_t, const GpuRunInfo&, const ProgressFn&);
template GpuMode GpuFloydWarshall<float>(float*, std::size_t, const GpuRunInfo&, const ProgressFn&);

void GpuFloydWarshallOfArcs(const ArcArrays&, std::size_t, GpuMode, bool, const ArcsResultSink&, const ProgressFn&) {
  throw Error("this build has no CUDA backend");
}

}  // namespace gdist
