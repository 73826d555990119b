// Dataflow schedule: one persistent launch runs every round. Work items
// (pivot closures, panel tiles, other tiles) are numbered in an order where
// every item depends only on earlier ones; blocks claim items with one
// atomic counter and wait, per item, until the tiles it reads carry the
// round version it needs (per-tile counters, release/acquire by fences).
// This removes the per-round launch gaps and partial waves, and overlaps
// round r+1's pivot closure and panels with round r's bulk update (the
// look-ahead of the three-launch schedule, without its extra partial wave).
//
// Item order, with T tiles a side and q = r+1:
//   D(0) P(0) | for r < T-1: X(r) D(q) R1(r) P(q) R2(r) | R(T-1)
// D = pivot closure, P = 2T panel slots, X = round r's tiles in row/column q
// (2T slots), R1 + R2 = round r's other tiles (T*T slots, rows rotated to
// start at r+2), split so that P(q) is claimed about `lead` slots after D(q)
// and its blocks seldom wait for the closure. Slots that name no tile are
// skipped. No deadlock: an item is claimed only by a running block, and the
// earliest unfinished item waits on nothing unfinished.
//
// Reads of a tile by a late item of round r may overlap its update in round
// r+1. That is safe for min-plus relaxation: every stored value is the length
// of some walk (>= the true distance) and only decreases, so reading a newer
// value can only lower an intermediate result towards the same final one.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>

#include "bench/dataflow_order.hpp"
#include "kernels/cuda/diagonal_kernel.cuh"
#include "kernels/cuda/minplus_tile_kernel.cuh"
#include "kernels/cuda/tile_config.cuh"

namespace gdist::cuda {

struct DataflowParams {
  int tiles = 0;           // T
  int lead = 0;            // R1 slots between D(q) and P(q)
  long long total = 0;     // number of item slots
  int* counter = nullptr;  // next slot to claim
  int* version = nullptr;  // T*T: rounds completed per tile
};

namespace detail {

__device__ __forceinline__ void WaitVersion(const int* version, int index, int need) {
  const volatile int* v = version + index;
  while (*v < need) __nanosleep(100);
}

}  // namespace detail

template <class E, int kUnroll>
__global__ void __launch_bounds__(TileConfig<E>::kThreads, TileConfig<E>::kMinBlocksPerSm)
    DataflowFloydWarshallKernel(E* d, std::size_t stride, DataflowParams p) {
  extern __shared__ __align__(16) unsigned char smem[];
  __shared__ long long s_slot;
  const int t = p.tiles;
  if (threadIdx.x == 0) s_slot = atomicAdd(p.counter, 1);
  __syncthreads();
  long long slot = s_slot;
  __syncthreads();  // all have read s_slot before thread 0 may overwrite it (skip items have no barrier)
  while (slot < p.total) {
    // Claim the next slot now; its latency hides behind this item's work.
    int next = 0;
    if (threadIdx.x == 0) next = atomicAdd(p.counter, 1);
    const WorkItem w = DecodeDataflowSlot(slot, t, p.lead);
    if (w.kind != ItemKind::kSkip) {
      if (threadIdx.x == 0) {
        const int own = w.ci * t + w.cj;
        if (w.kind == ItemKind::kDiagonal) {
          detail::WaitVersion(p.version, own, w.r);
        } else if (w.kind == ItemKind::kPanel) {
          detail::WaitVersion(p.version, w.r * t + w.r, w.r + 1);
          detail::WaitVersion(p.version, own, w.r);
        } else {
          detail::WaitVersion(p.version, w.ci * t + w.r, w.r + 1);
          detail::WaitVersion(p.version, w.r * t + w.cj, w.r + 1);
          detail::WaitVersion(p.version, own, w.r);
        }
        __threadfence();
      }
      __syncthreads();
      if (w.kind == ItemKind::kDiagonal) CloseDiagonalTile<E, TileConfig<E>::kThreads>(d, stride, w.r, smem);
      else UpdateTile<E, kUnroll>(d, stride, w.r, w.ci, w.cj, smem);
      __threadfence();  // this thread's stores of the tile are visible device-wide
      __syncthreads();
      if (threadIdx.x == 0) atomicExch(p.version + w.ci * t + w.cj, w.r + 1);
    }
    if (threadIdx.x == 0) s_slot = next;
    __syncthreads();
    slot = s_slot;
    __syncthreads();  // everyone has read s_slot before thread 0 overwrites it
  }
}

}  // namespace gdist::cuda
