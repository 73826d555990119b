// The GPU Floyd-Warshall schedules and tile-kernel variants the engine does
// not run, kept to compare against its look-ahead schedule
// (kernels/cuda/fw_lookahead.cuh) in bench/gpu_fw_bench.cu --variants:
//   serial:   three launches per round on one stream (textbook order);
//   dataflow: one persistent launch, items claimed in dependency order
//             (bench/dataflow_kernel.cuh);
//   k_unroll: other unrolls of the tile kernel's k loop (1, 2, 4);
//   late_c = false: C read before its rank-128 update instead of after.
// Measurements: bench/GPU-NOTES.md.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>

#include "bench/dataflow_kernel.cuh"
#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/fw_lookahead.cuh"
#include "kernels/cuda/tile_config.cuh"

namespace gdist::bench {

enum class FwSchedule { kLookahead, kSerial, kDataflow };

inline const char* FwScheduleName(FwSchedule s) {
  switch (s) {
    case FwSchedule::kSerial: return "serial";
    case FwSchedule::kLookahead: return "lookahead";
    case FwSchedule::kDataflow: return "dataflow";
  }
  return "?";
}

struct FwVariant {
  FwSchedule schedule = FwSchedule::kLookahead;
  int k_unroll = 0;    // 0: the engine's (TileConfig::kKUnroll); else 1, 2 or 4
  bool late_c = true;  // false: read C before its update
};

namespace detail {

using namespace gdist::cuda;

template <class E, int U> void LaunchDataflow(E* d, std::size_t stride, int tiles, cudaStream_t s) {
  using Cfg = TileConfig<E>;
  static_assert(DiagSmemBytes<E>() <= Cfg::kSmemBytes, "the closure reuses the tile kernel's shared memory");
  auto kernel = DataflowFloydWarshallKernel<E, U>;
  GDIST_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::kSmemBytes));
  int device = 0, sms = 0, per_sm = 0;
  GDIST_CUDA_CHECK(cudaGetDevice(&device));
  GDIST_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  GDIST_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Cfg::kThreads, Cfg::kSmemBytes));
  if (per_sm < 1) throw Error("dataflow schedule: the kernel does not fit on this device");
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
  if (p.total >= (1LL << 31) - blocks) throw Error("dataflow schedule: matrix too large");
  kernel<<<blocks, Cfg::kThreads, Cfg::kSmemBytes, s>>>(d, stride, p);
  GDIST_CUDA_CHECK_LAUNCH("DataflowFloydWarshallKernel");
  GDIST_CUDA_CHECK(cudaFreeAsync(scratch, s));
}

template <class E, int U, bool kLateC> void Serial(E* d, std::size_t stride, int tiles, cudaStream_t s) {
  RaiseSharedMemoryLimits<E, U, kLateC>();
  for (int r = 0; r < tiles; ++r) {
    LaunchDiagonal(d, stride, r, s);
    LaunchTiles<E, U, kLateC>(d, stride, r, tiles, TileRole::kPanels, false, s);
    LaunchTiles<E, U, kLateC>(d, stride, r, tiles, TileRole::kRest, false, s);
  }
}

template <class E, int U, bool kLateC> void Run(E* d, std::size_t stride, cudaStream_t s, FwSchedule schedule) {
  const int tiles = static_cast<int>(stride / cuda::kTile);
  switch (schedule) {
    case FwSchedule::kLookahead: return LookaheadFloydWarshall<E, U, kLateC>(d, stride, stride, s);
    case FwSchedule::kSerial: return Serial<E, U, kLateC>(d, stride, tiles, s);
    case FwSchedule::kDataflow: return LaunchDataflow<E, U>(d, stride, tiles, s);
  }
}

}  // namespace detail

// In place on d, like gdist::cuda::FloydWarshallOnDevice, in the variant asked for.
template <class E> void VariantFloydWarshall(E* d, std::size_t stride, cudaStream_t s, const FwVariant& v) {
  constexpr int kTuned = cuda::TileConfig<E>::kKUnroll;
  if (stride == 0 || stride % cuda::kTile != 0) throw Error("stride must be a positive multiple of the tile");
  if (!v.late_c) return detail::Run<E, kTuned, false>(d, stride, s, v.schedule);
  switch (v.k_unroll) {
    case 1: return detail::Run<E, 1, true>(d, stride, s, v.schedule);
    case 2: return detail::Run<E, 2, true>(d, stride, s, v.schedule);
    case 4: return detail::Run<E, 4, true>(d, stride, s, v.schedule);
    default: return detail::Run<E, kTuned, true>(d, stride, s, v.schedule);
  }
}

}  // namespace gdist::bench
