// Linked instead of gpu_ms_bfs.cu when the build has no CUDA.
#include "lib/sparse/gpu_ms_bfs.hpp"
#include "lib/util/error.hpp"

namespace gdist {

BfsSweep SweepSourcesOnGpu(const BfsGraph&, const std::uint32_t*, std::size_t) {
  throw Error("this build has no CUDA backend");
}

}  // namespace gdist
