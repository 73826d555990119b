// Linked instead of gpu_out_of_core.cu when the build has no CUDA.
#include <cstdint>

#include "lib/engine/gpu_out_of_core.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class T> void GpuOutOfCoreFloydWarshall(T*, std::size_t, std::size_t, const ProgressFn&, RoundCheckpoints*) {
  throw Error("this build has no CUDA backend");
}
template void GpuOutOfCoreFloydWarshall<std::int32_t>(std::int32_t*, std::size_t, std::size_t, const ProgressFn&,
                                                      RoundCheckpoints*);
template void GpuOutOfCoreFloydWarshall<float>(float*, std::size_t, std::size_t, const ProgressFn&, RoundCheckpoints*);
template void GpuOutOfCoreFloydWarshall<std::int16_t>(std::int16_t*, std::size_t, std::size_t, const ProgressFn&,
                                                      RoundCheckpoints*);

}  // namespace gdist
