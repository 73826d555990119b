// The in-core schedules: per round r, close the pivot tile (phase 1), update
// its row and column panels (phase 2), then every other tile (phase 3).
// kSerial: three launches per round on one stream; the single-block phase 1
// and the 2T-block phase 2 leave most SMs idle. kLookahead (default): round
// r's tiles in row/column r+1, then round r+1's phases 1 and 2, run on a
// high-priority side stream while the main stream updates round r's other
// tiles (disjoint tiles, same round-r panels read by both). kDataflow: one
// persistent launch (dataflow_kernel.cuh). Measurements: bench/GPU-NOTES.md.
#include <cuda_runtime.h>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/dataflow_kernel.cuh"
#include "kernels/cuda/diagonal_kernel.cuh"
#include "kernels/cuda/fw_device.cuh"
#include "kernels/cuda/minplus_tile_kernel.cuh"
#include "kernels/cuda/tile_config.cuh"

namespace gdist::cuda {
namespace {

template <class E, int U, bool kLateC = true> void RaiseTileSharedMemoryLimit() {
  GDIST_CUDA_CHECK(cudaFuncSetAttribute(MinPlusTileKernel<E, U, kLateC>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        TileConfig<E>::kSmemBytes));
}

template <class E, int U> void LaunchDataflowUnrolled(E* d, std::size_t stride, int tiles, cudaStream_t s) {
  using Cfg = TileConfig<E>;
  static_assert(DiagSmemBytes<E>() <= Cfg::kSmemBytes, "the closure reuses the tile kernel's shared memory");
  auto kernel = DataflowFloydWarshallKernel<E, U>;
  GDIST_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::kSmemBytes));
  int device = 0, sms = 0, per_sm = 0;
  GDIST_CUDA_CHECK(cudaGetDevice(&device));
  GDIST_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  GDIST_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Cfg::kThreads, Cfg::kSmemBytes));
  if (per_sm < 1) throw Error("GPU engine: the dataflow kernel does not fit on this device");
  const int blocks = sms * per_sm;  // all resident at once: the schedule relies on it
  // Scratch: the claim counter and one version per tile, stream-ordered.
  const std::size_t words = 1 + static_cast<std::size_t>(tiles) * tiles;
  int* scratch = nullptr;
  GDIST_CUDA_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&scratch), words * sizeof(int), s));
  GDIST_CUDA_CHECK(cudaMemsetAsync(scratch, 0, words * sizeof(int), s));
  DataflowParams p;
  p.tiles = tiles;
  p.lead = 3 * blocks;  // the closure takes about three tile-times: see GPU-NOTES.md
  p.total = DataflowTotalSlots(tiles);
  p.counter = scratch;
  p.version = scratch + 1;
  if (p.total >= (1LL << 31) - blocks) throw Error("GPU engine: matrix too large for the dataflow schedule");
  kernel<<<blocks, Cfg::kThreads, Cfg::kSmemBytes, s>>>(d, stride, p);
  GDIST_CUDA_CHECK_LAUNCH("DataflowFloydWarshallKernel");
  GDIST_CUDA_CHECK(cudaFreeAsync(scratch, s));
}

template <class E> void LaunchDataflow(E* d, std::size_t stride, int tiles, cudaStream_t s, int unroll) {
  switch (unroll) {
    case 1: return LaunchDataflowUnrolled<E, 1>(d, stride, tiles, s);
    case 2: return LaunchDataflowUnrolled<E, 2>(d, stride, tiles, s);
    case 4: return LaunchDataflowUnrolled<E, 4>(d, stride, tiles, s);
    default: return LaunchDataflowUnrolled<E, TileConfig<E>::kKUnroll>(d, stride, tiles, s);
  }
}

template <class E> void RaiseSharedMemoryLimits(int unroll, bool late_c) {
  // Above 48 KB a kernel must opt in to dynamic shared memory; cheap, so we
  // do it on every call rather than cache per device.
  if (!late_c) RaiseTileSharedMemoryLimit<E, TileConfig<E>::kKUnroll, false>();
  switch (unroll) {
    case 1: RaiseTileSharedMemoryLimit<E, 1>(); break;
    case 2: RaiseTileSharedMemoryLimit<E, 2>(); break;
    case 4: RaiseTileSharedMemoryLimit<E, 4>(); break;
    default: RaiseTileSharedMemoryLimit<E, TileConfig<E>::kKUnroll>(); break;
  }
  GDIST_CUDA_CHECK(
      cudaFuncSetAttribute(CloseDiagonalKernel<E>, cudaFuncAttributeMaxDynamicSharedMemorySize, DiagSmemBytes<E>()));
}

template <class E> void LaunchDiagonal(E* d, std::size_t stride, int r, cudaStream_t s) {
  CloseDiagonalKernel<E><<<1, kDiagThreads, DiagSmemBytes<E>(), s>>>(d, stride, r);
  GDIST_CUDA_CHECK_LAUNCH("CloseDiagonalKernel");
}

template <class E, int U, bool kLateC = true>
void LaunchTilesUnrolled(E* d, std::size_t stride, int r, int tiles, TileRole role, bool skip_next, cudaStream_t s) {
  using Cfg = TileConfig<E>;
  const dim3 grid = role == TileRole::kRest ? dim3(tiles, tiles) : dim3(2 * tiles);
  MinPlusTileKernel<E, U, kLateC><<<grid, Cfg::kThreads, Cfg::kSmemBytes, s>>>(d, stride, r, role, skip_next ? 1 : 0);
  GDIST_CUDA_CHECK_LAUNCH("MinPlusTileKernel");
}

template <class E>
void LaunchTiles(E* d, std::size_t stride, int r, int tiles, TileRole role, bool skip_next, cudaStream_t s,
                 int unroll, bool late_c) {
  if (!late_c) return LaunchTilesUnrolled<E, TileConfig<E>::kKUnroll, false>(d, stride, r, tiles, role, skip_next, s);
  switch (unroll) {
    case 1: return LaunchTilesUnrolled<E, 1>(d, stride, r, tiles, role, skip_next, s);
    case 2: return LaunchTilesUnrolled<E, 2>(d, stride, r, tiles, role, skip_next, s);
    case 4: return LaunchTilesUnrolled<E, 4>(d, stride, r, tiles, role, skip_next, s);
    default: return LaunchTilesUnrolled<E, TileConfig<E>::kKUnroll>(d, stride, r, tiles, role, skip_next, s);
  }
}

// Owns the side stream and events of the look-ahead schedule.
struct LookaheadResources {
  cudaStream_t side = nullptr;
  cudaEvent_t cross_done = nullptr, panels_done = nullptr;  // cross_done: "main stream ready for round r"
  LookaheadResources() {
    int least = 0, greatest = 0;
    GDIST_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    GDIST_CUDA_CHECK(cudaStreamCreateWithPriority(&side, cudaStreamNonBlocking, greatest));
    GDIST_CUDA_CHECK(cudaEventCreateWithFlags(&cross_done, cudaEventDisableTiming));
    GDIST_CUDA_CHECK(cudaEventCreateWithFlags(&panels_done, cudaEventDisableTiming));
  }
  ~LookaheadResources() {
    // Stream and events are destroyed after their work; errors here are not
    // actionable and were already reported by the synchronising caller.
    if (cross_done) cudaEventDestroy(cross_done);
    if (panels_done) cudaEventDestroy(panels_done);
    if (side) cudaStreamDestroy(side);
  }
  LookaheadResources(const LookaheadResources&) = delete;
  LookaheadResources& operator=(const LookaheadResources&) = delete;
};


}  // namespace

template <class E>
void FloydWarshallOnDevice(E* d, std::size_t stride, cudaStream_t stream, const FwScheduleOptions& options) {
  FloydWarshallOnDeviceBlock(d, stride, stride, stream, options);
}

template <class E>
void FloydWarshallOnDeviceBlock(E* d, std::size_t size, std::size_t stride, cudaStream_t stream,
                                const FwScheduleOptions& options) {
  if (stride == 0 || stride % kTile != 0) throw Error("GPU engine: stride must be a positive multiple of 128");
  if (size == 0 || size % kTile != 0 || size > stride)
    throw Error("GPU engine: the block size must be a positive multiple of 128, at most the stride");
  if (options.schedule == FwSchedule::kDataflow && size != stride)
    throw Error("GPU engine: the dataflow schedule runs on whole matrices only");
  RaiseSharedMemoryLimits<E>(options.k_unroll, options.late_c);
  const int u = options.k_unroll;
  const bool late = options.late_c;
  const int tiles = static_cast<int>(size / kTile);
  if (options.schedule == FwSchedule::kDataflow) {
    LaunchDataflow(d, stride, tiles, stream, u);
    return;
  }
  if (options.schedule == FwSchedule::kSerial || tiles == 1) {
    for (int r = 0; r < tiles; ++r) {
      LaunchDiagonal(d, stride, r, stream);
      LaunchTiles(d, stride, r, tiles, TileRole::kPanels, false, stream, u, late);
      LaunchTiles(d, stride, r, tiles, TileRole::kRest, false, stream, u, late);
    }
    return;
  }
  // Round r: the side stream (high priority) updates round r's row/column r+1
  // tiles, then closes pivot r+1 and updates its panels, while the main
  // stream updates all of round r's other tiles. Their tiles are disjoint and
  // both only read round r's panels. The side chain is short, so round r+1's
  // panels are ready long before round r's bulk update ends.
  LookaheadResources la;
  LaunchDiagonal(d, stride, 0, stream);
  LaunchTiles(d, stride, 0, tiles, TileRole::kPanels, false, stream, u, late);
  for (int r = 0; r < tiles; ++r) {
    if (r + 1 < tiles) {
      GDIST_CUDA_CHECK(cudaEventRecord(la.cross_done, stream));  // main is past round r-1 and panels(r)
      GDIST_CUDA_CHECK(cudaStreamWaitEvent(la.side, la.cross_done, 0));
      LaunchTiles(d, stride, r, tiles, TileRole::kCross, false, la.side, u, late);
      LaunchDiagonal(d, stride, r + 1, la.side);
      LaunchTiles(d, stride, r + 1, tiles, TileRole::kPanels, false, la.side, u, late);
      GDIST_CUDA_CHECK(cudaEventRecord(la.panels_done, la.side));
      LaunchTiles(d, stride, r, tiles, TileRole::kRest, true, stream, u, late);
      GDIST_CUDA_CHECK(cudaStreamWaitEvent(stream, la.panels_done, 0));
    } else {
      LaunchTiles(d, stride, r, tiles, TileRole::kRest, false, stream, u, late);
    }
  }
  // The side stream's last work is ordered before `stream` through panels_done,
  // so the caller may synchronise `stream` alone; la is destroyed here, which
  // is allowed while work is pending (resources are freed when it completes).
}

const char* FwScheduleName(FwSchedule s) {
  switch (s) {
    case FwSchedule::kSerial: return "serial";
    case FwSchedule::kLookahead: return "lookahead";
    case FwSchedule::kDataflow: return "dataflow";
  }
  return "?";
}

bool KernelsRunOnDevice(std::string* why) {
  cudaFuncAttributes attr{};
  const cudaError_t e = cudaFuncGetAttributes(&attr, MinPlusTileKernel<std::int32_t>);
  if (e == cudaSuccess) return true;
  cudaGetLastError();
  *why = std::string("the GPU kernels cannot run on it (") + cudaGetErrorString(e) + "; built for sm_90)";
  return false;
}

template void FloydWarshallOnDevice<std::int32_t>(std::int32_t*, std::size_t, cudaStream_t, const FwScheduleOptions&);
template void FloydWarshallOnDevice<float>(float*, std::size_t, cudaStream_t, const FwScheduleOptions&);
template void FloydWarshallOnDevice<std::int16_t>(std::int16_t*, std::size_t, cudaStream_t, const FwScheduleOptions&);
template void FloydWarshallOnDeviceBlock<std::int32_t>(std::int32_t*, std::size_t, std::size_t, cudaStream_t,
                                                       const FwScheduleOptions&);
template void FloydWarshallOnDeviceBlock<float>(float*, std::size_t, std::size_t, cudaStream_t, const FwScheduleOptions&);

}  // namespace gdist::cuda
