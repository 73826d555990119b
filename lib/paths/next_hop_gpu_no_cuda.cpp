// Linked instead of kernels/cuda/paths_next_hop.cu when the build has no CUDA.
#include "lib/paths/next_hop_gpu.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class T> NextHopMatrix GpuComputeNextHops(const ArcList<T>&, const MatrixView<T>&) {
  throw Error("this build has no CUDA backend");
}
template NextHopMatrix GpuComputeNextHops<std::int32_t>(const ArcList<std::int32_t>&, const MatrixView<std::int32_t>&);
template NextHopMatrix GpuComputeNextHops<float>(const ArcList<float>&, const MatrixView<float>&);

}  // namespace gdist
