// The look-ahead schedule of blocked Floyd-Warshall, as a template over the
// tile kernel's variant (k-loop unroll, when C is read), so that the engine
// compiles the tuned variant only (fw_device.cu) and bench/gpu_fw_variants.cuh
// compiles the others to compare them.
//
// Per round r: close the pivot tile (phase 1), update its row and column
// panels (phase 2), then every other tile (phase 3). Phases 1 and 2 use one
// and 2T blocks, so run one after the other they leave most SMs idle. Here a
// high-priority side stream updates round r's tiles in row/column r+1, then
// closes pivot r+1 and updates its panels, while the main stream updates all
// of round r's other tiles (disjoint tiles, both reading round r's panels).
// The side chain is short, so round r+1's panels are ready long before round
// r's bulk update ends. Measurements: bench/GPU-NOTES.md.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <functional>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/diagonal_kernel.cuh"
#include "kernels/cuda/minplus_tile_kernel.cuh"
#include "kernels/cuda/tile_config.cuh"

namespace gdist::cuda {

// Above 48 KB a kernel must opt in to dynamic shared memory; cheap, so it is
// done on every run rather than cached per device.
template <class E, int U = TileConfig<E>::kKUnroll, bool kLateC = true> void RaiseSharedMemoryLimits() {
  GDIST_CUDA_CHECK(cudaFuncSetAttribute(MinPlusTileKernel<E, U, kLateC>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        TileConfig<E>::kSmemBytes));
  GDIST_CUDA_CHECK(
      cudaFuncSetAttribute(CloseDiagonalKernel<E>, cudaFuncAttributeMaxDynamicSharedMemorySize, DiagSmemBytes<E>()));
}

template <class E> void LaunchDiagonal(E* d, std::size_t stride, int r, cudaStream_t s) {
  CloseDiagonalKernel<E><<<1, kDiagThreads, DiagSmemBytes<E>(), s>>>(d, stride, r);
  GDIST_CUDA_CHECK_LAUNCH("CloseDiagonalKernel");
}

template <class E, int U = TileConfig<E>::kKUnroll, bool kLateC = true>
void LaunchTiles(E* d, std::size_t stride, int r, int tiles, TileRole role, bool skip_next, cudaStream_t s) {
  using Cfg = TileConfig<E>;
  const dim3 grid = role == TileRole::kRest ? dim3(tiles, tiles) : dim3(2 * tiles);
  MinPlusTileKernel<E, U, kLateC><<<grid, Cfg::kThreads, Cfg::kSmemBytes, s>>>(d, stride, r, role, skip_next ? 1 : 0);
  GDIST_CUDA_CHECK_LAUNCH("MinPlusTileKernel");
}

// In place on the size x size block at d whose rows are `stride` elements
// apart (size and stride positive multiples of kTile, size <= stride).
// mark(r), when given, is called once round r's last work is on `stream`.
template <class E, int U = TileConfig<E>::kKUnroll, bool kLateC = true>
void LookaheadFloydWarshall(E* d, std::size_t size, std::size_t stride, cudaStream_t stream,
                            const std::function<void(int)>& mark = {}) {
  RaiseSharedMemoryLimits<E, U, kLateC>();
  const int tiles = static_cast<int>(size / kTile);
  LaunchDiagonal(d, stride, 0, stream);
  LaunchTiles<E, U, kLateC>(d, stride, 0, tiles, TileRole::kPanels, false, stream);
  if (tiles == 1) {  // nothing to overlap
    LaunchTiles<E, U, kLateC>(d, stride, 0, tiles, TileRole::kRest, false, stream);
    if (mark) mark(0);
    return;
  }
  Stream side = Stream::HighestPriority();
  Event cross_done, panels_done;  // cross_done: "main stream ready for round r"
  for (int r = 0; r < tiles; ++r) {
    if (r + 1 < tiles) {
      GDIST_CUDA_CHECK(cudaEventRecord(cross_done.get(), stream));  // main is past round r-1 and panels(r)
      GDIST_CUDA_CHECK(cudaStreamWaitEvent(side.get(), cross_done.get(), 0));
      LaunchTiles<E, U, kLateC>(d, stride, r, tiles, TileRole::kCross, false, side.get());
      LaunchDiagonal(d, stride, r + 1, side.get());
      LaunchTiles<E, U, kLateC>(d, stride, r + 1, tiles, TileRole::kPanels, false, side.get());
      GDIST_CUDA_CHECK(cudaEventRecord(panels_done.get(), side.get()));
      LaunchTiles<E, U, kLateC>(d, stride, r, tiles, TileRole::kRest, true, stream);
      GDIST_CUDA_CHECK(cudaStreamWaitEvent(stream, panels_done.get(), 0));
    } else {
      LaunchTiles<E, U, kLateC>(d, stride, r, tiles, TileRole::kRest, false, stream);
    }
    if (mark) mark(r);
  }
  // The side stream's last work is ordered before `stream` through
  // panels_done, so the caller may synchronise `stream` alone; the stream and
  // events are destroyed here, which CUDA allows while work is pending (they
  // are released when it completes).
}

}  // namespace gdist::cuda
