// Phase 1 of blocked Floyd-Warshall: closure of the kTile x kTile pivot tile,
// plain Floyd-Warshall inside one block with the tile in shared memory.
// Each thread keeps its 16 cells (one column j, rows i0 + 8m) in registers and
// writes a cell back to shared memory only when it shrinks. In step k only row
// k and column k are read by others, and those never shrink in step k (the
// pivot's diagonal is 0 when no cycle is negative), so one barrier per k
// orders everything and no cell is written while another thread may read it.
// On a graph with a negative cycle the result is garbage that the engine
// detects after the run and discards (lib/engine/negative_cycle.hpp).
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/tile_config.cuh"

namespace gdist::cuda {

template <class E> __device__ __forceinline__ auto WidenForSum(E v) {
  if constexpr (sizeof(E) < 4) return static_cast<int>(v);  // int16: sum in int, <= 2*INF16 fits anyway
  else return v;
}

// The closure by a block of kThreads threads (a multiple of kTile); smem at
// least DiagSmemBytes<E>(). Global reads bypass L1 (see UpdateTile).
template <class E, int kThreads>
__device__ __forceinline__ void CloseDiagonalTile(E* d, std::size_t stride, int r, unsigned char* smem) {
  E* t = reinterpret_cast<E*>(smem);
  E* tile = d + (std::size_t)r * kTile * stride + (std::size_t)r * kTile;

  constexpr int kVecsPerRow = kTile * sizeof(E) / 16;
  for (int v = threadIdx.x; v < kTile * kVecsPerRow; v += kThreads) {
    const int row = v / kVecsPerRow, piece = v % kVecsPerRow;
    reinterpret_cast<uint4*>(t + row * kTile)[piece] =
        __ldcg(reinterpret_cast<const uint4*>(tile + row * stride) + piece);
  }
  __syncthreads();

  constexpr int kRowGroups = kThreads / kTile;  // 8 (1024 threads), 2 (256) or 1 (128)
  constexpr int kCells = kTile / kRowGroups;    // 16, 64 or 128 cells per thread
  const int j = threadIdx.x % kTile;
  const int i0 = threadIdx.x / kTile;
  auto own = [&](int m) { return (i0 + kRowGroups * m) * kTile + j; };
  if constexpr (kCells <= 16) {  // the 1024-thread kernel; inside the dataflow kernel registers are taken
    decltype(WidenForSum(E{})) cell[kCells];
#pragma unroll
    for (int m = 0; m < kCells; ++m) cell[m] = WidenForSum(t[own(m)]);
#pragma unroll 2
    for (int k = 0; k < kTile; ++k) {
      const auto b = WidenForSum(t[k * kTile + j]);
#pragma unroll
      for (int m = 0; m < kCells; ++m) {
        const auto v = WidenForSum(t[(i0 + kRowGroups * m) * kTile + k]) + b;
        if (v < cell[m]) {
          cell[m] = v;
          t[own(m)] = static_cast<E>(v);
        }
      }
      __syncthreads();
    }
  } else {  // cells stay in shared memory
    for (int k = 0; k < kTile; ++k) {
      const auto b = WidenForSum(t[k * kTile + j]);
#pragma unroll 8
      for (int m = 0; m < kCells; ++m) {
        const auto v = WidenForSum(t[(i0 + kRowGroups * m) * kTile + k]) + b;
        if (v < WidenForSum(t[own(m)])) t[own(m)] = static_cast<E>(v);
      }
      __syncthreads();
    }
  }

  for (int v = threadIdx.x; v < kTile * kVecsPerRow; v += kThreads) {
    const int row = v / kVecsPerRow, piece = v % kVecsPerRow;
    reinterpret_cast<uint4*>(tile + row * stride)[piece] = reinterpret_cast<const uint4*>(t + row * kTile)[piece];
  }
}

template <class E> __global__ void __launch_bounds__(kDiagThreads)
    CloseDiagonalKernel(E* d, std::size_t stride, int r) {
  extern __shared__ __align__(16) unsigned char smem[];
  CloseDiagonalTile<E, kDiagThreads>(d, stride, r, smem);
}

}  // namespace gdist::cuda
