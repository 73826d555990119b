#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/minplus_blocks.cuh"
#include "kernels/cuda/minplus_tile_kernel.cuh"
#include "kernels/cuda/tile_config.cuh"

namespace gdist::cuda {
namespace {

__device__ __forceinline__ bool Selected(const TileMask& m, int ti, int tj) {
  if (ti == m.skip_row || tj == m.skip_col) return false;
  const bool next = ti == m.next_row || tj == m.next_col;
  return m.part == 0 || (m.part == 1) == next;
}

template <class E> __global__ void __launch_bounds__(TileConfig<E>::kThreads, TileConfig<E>::kMinBlocksPerSm)
    MinPlusBlockKernel(E* c, std::size_t c_ld, const E* a, std::size_t a_ld, const E* b, std::size_t b_ld, int kt,
                       TileMask mask) {
  extern __shared__ __align__(16) unsigned char smem[];
  const int ti = blockIdx.y, tj = blockIdx.x;
  if (!Selected(mask, ti, tj)) return;
  const char* a_tile = reinterpret_cast<const char*>(a + (std::size_t)ti * kTile * a_ld + (std::size_t)kt * kTile);
  const char* b_tile = reinterpret_cast<const char*>(b + (std::size_t)kt * kTile * b_ld + (std::size_t)tj * kTile);
  char* c_tile = reinterpret_cast<char*>(c + (std::size_t)ti * kTile * c_ld + (std::size_t)tj * kTile);
  UpdateTileAt<E, TileConfig<E>::kKUnroll>(a_tile, a_ld * sizeof(E), b_tile, b_ld * sizeof(E), c_tile, c_ld * sizeof(E),
                                           smem);
}

}  // namespace

template <class E> void MinPlusBlocksOnDevice(E* c, std::size_t c_ld, const E* a, std::size_t a_ld, const E* b,
                                              std::size_t b_ld, int tile_rows, int tile_cols, int depth_tiles,
                                              const TileMask& mask, cudaStream_t stream) {
  using Cfg = TileConfig<E>;
  if (tile_rows <= 0 || tile_cols <= 0 || depth_tiles <= 0) return;
  GDIST_CUDA_CHECK(
      cudaFuncSetAttribute(MinPlusBlockKernel<E>, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::kSmemBytes));
  const dim3 grid(tile_cols, tile_rows);
  for (int kt = 0; kt < depth_tiles; ++kt) {
    MinPlusBlockKernel<E><<<grid, Cfg::kThreads, Cfg::kSmemBytes, stream>>>(c, c_ld, a, a_ld, b, b_ld, kt, mask);
    GDIST_CUDA_CHECK_LAUNCH("MinPlusBlockKernel");
  }
}

template void MinPlusBlocksOnDevice<std::int32_t>(std::int32_t*, std::size_t, const std::int32_t*, std::size_t,
                                                  const std::int32_t*, std::size_t, int, int, int, const TileMask&,
                                                  cudaStream_t);
template void MinPlusBlocksOnDevice<std::int16_t>(std::int16_t*, std::size_t, const std::int16_t*, std::size_t,
                                                  const std::int16_t*, std::size_t, int, int, int, const TileMask&,
                                                  cudaStream_t);
template void MinPlusBlocksOnDevice<float>(float*, std::size_t, const float*, std::size_t, const float*, std::size_t,
                                           int, int, int, const TileMask&, cudaStream_t);

}  // namespace gdist::cuda
