// Tile shapes of the GPU engine, one place for all of them. The blocked
// Floyd-Warshall tile is kTile x kTile (the matrix stride is a multiple of it,
// lib/matrix/dist_matrix.hpp). A thread block of the min-plus kernel owns one
// output tile and keeps it in registers: 16 x kThreadsX threads, each with an
// 8-row x 8-word block (8x8 int32/float, 8x16 int16). The rank-kTile update
// streams A and B through shared memory in kChunk-deep slices, kStages deep
// (cp.async), so loads of slice q+2 overlap the arithmetic on slice q.
#pragma once
#include <cstddef>
#include <type_traits>

#include "kernels/cuda/minplus_ops.cuh"
#include "lib/core/element_traits.hpp"

namespace gdist::cuda {

inline constexpr int kTile = static_cast<int>(gdist::kTile);  // lib/core/element_traits.hpp

template <class E> struct TileConfig {
  static constexpr int kChunk = 32;  // k values per pipeline stage
  static constexpr int kStages = 3;
  static constexpr int kRowsPerThread = 8;
  static constexpr int kWordsPerThread = 8;
  static constexpr int kWordsPerRow = kTile / MinPlus<E>::kPerWord;  // 32-bit words in a tile row
  static constexpr int kThreadsX = kWordsPerRow / kWordsPerThread;   // 16 (int32/float) or 8 (int16)
  static constexpr int kThreadsY = kTile / kRowsPerThread;           // 16
  static constexpr int kThreads = kThreadsX * kThreadsY;             // 256 or 128
  // A slice: kTile rows of kChunk elements, each row padded by 16 bytes so the
  // rows a warp reads at one k fall into different banks.
  static constexpr int kARowBytes = kChunk * static_cast<int>(sizeof(E)) + 16;
  static constexpr int kBRowBytes = kTile * static_cast<int>(sizeof(E));  // B slice: kChunk full rows
  static constexpr int kStageBytes = kTile * kARowBytes + kChunk * kBRowBytes;
  static constexpr int kSmemBytes = kStages * kStageBytes;
  // Resident blocks per SM we ask the register allocator to allow: two
  // 256-thread blocks (<= 128 registers each) or three 128-thread blocks.
  static constexpr int kMinBlocksPerSm = kThreads >= 256 ? 2 : 3;
  // Unroll of the k loop (in 8-byte A reads): the fastest measured on the
  // H100 with C read last (bench/GPU-NOTES.md; gpu_fw_bench --variants
  // compares them): 1 for int32 and int16, 2 for float.
  static constexpr int kKUnroll = std::is_same_v<E, float> ? 2 : 1;
  static_assert(kTile % kChunk == 0, "whole slices per tile");
  static_assert(kChunk * sizeof(E) % 16 == 0, "16-byte cp.async per slice row");
};

// Diagonal closure: one block of kDiagThreads threads, whole tile in shared memory.
inline constexpr int kDiagThreads = 1024;
template <class E> constexpr int DiagSmemBytes() { return kTile * kTile * static_cast<int>(sizeof(E)); }

}  // namespace gdist::cuda
