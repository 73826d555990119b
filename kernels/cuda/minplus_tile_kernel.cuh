// The min-plus rank-kTile tile update, C <- min(C, A (x) B), that carries all
// but 1/T^2 of blocked Floyd-Warshall's work (Venkataraman et al., JEA 2003):
// phase 2 (panels) and phase 3 (every other tile) are both this operation with
// A = tile (ci, r) and B = tile (r, cj) of round r; only which C tiles a launch
// covers differs (TileRole). In phase 2, C aliases A or B: safe here because
// every thread reads all of A and B (cp.async, waited on before the last
// barrier) before any thread stores C, and the pivot tile is already closed,
// so D_rr* (x) D_rj needs no in-place ordering.
//
// Register blocking as in SGEMM-style kernels (and cuASR's min-plus GEMM): the
// 8x8-word C block of a thread stays in registers; per k it reads 8 A values
// (8-byte loads that cover 2 or 4 k) and 8 B words (two 16-byte loads), then
// issues 64 Relax. Columns tx*4.. and half+tx*4.. keep each warp's B reads and
// C accesses contiguous.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "kernels/cuda/minplus_ops.cuh"
#include "kernels/cuda/tile_config.cuh"

namespace gdist::cuda {

// Which output tiles one launch of the tile kernel updates in round r.
enum class TileRole : int {
  kPanels = 0,  // phase 2: row r and column r (grid 2*T; the pivot tile is skipped)
  kCross = 1,   // look-ahead: row r+1 and column r+1 first (grid 2*T)
  kRest = 2,    // phase 3: all tiles off row/column r (and r+1 when skip_next; grid T x T)
};

namespace detail {

__device__ __forceinline__ void CpAsync16(void* smem, const void* gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem) : "memory");
}
__device__ __forceinline__ void CpAsyncCommit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N> __device__ __forceinline__ void CpAsyncWait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}

template <class W> __device__ __forceinline__ W FromBits(unsigned int u) {
  if constexpr (std::is_floating_point_v<W>) return __uint_as_float(u);
  else return static_cast<W>(u);
}
template <class W> __device__ __forceinline__ unsigned int ToBits(W w) {
  if constexpr (std::is_floating_point_v<W>) return __float_as_uint(w);
  else return static_cast<unsigned int>(w);
}

// Row of the thread's ii-th register row inside the tile: two groups of four,
// 64 rows apart, so the A rows one warp reads sit in different banks.
template <class Cfg> __device__ __forceinline__ int ThreadRow(int ty, int ii) {
  return (ii < 4 ? 0 : kTile / 2) + ty * 4 + (ii & 3);
}

// The thread's 8 words of C row ii (two 16-byte loads, L1 bypassed).
template <class Cfg, class W>
__device__ __forceinline__ void LoadCRow(const char* c_tile, std::size_t row_bytes, int ty, int tx, int ii, W* out) {
  const char* p = c_tile + ThreadRow<Cfg>(ty, ii) * row_bytes;
  const uint4 lo = __ldcg(reinterpret_cast<const uint4*>(p + tx * 16));
  const uint4 hi = __ldcg(reinterpret_cast<const uint4*>(p + Cfg::kBRowBytes / 2 + tx * 16));
  out[0] = FromBits<W>(lo.x), out[1] = FromBits<W>(lo.y), out[2] = FromBits<W>(lo.z), out[3] = FromBits<W>(lo.w);
  out[4] = FromBits<W>(hi.x), out[5] = FromBits<W>(hi.y), out[6] = FromBits<W>(hi.z), out[7] = FromBits<W>(hi.w);
}

// Maps blockIdx to the output tile (ci, cj); false when this block has none.
__device__ __forceinline__ bool PickTile(TileRole role, int r, int skip_next, int* ci, int* cj) {
  if (role == TileRole::kRest) {
    *ci = blockIdx.y;
    *cj = blockIdx.x;
    if (*ci == r || *cj == r) return false;
    if (skip_next && (*ci == r + 1 || *cj == r + 1)) return false;
    return true;
  }
  const int t = blockIdx.x >> 1;
  const bool column = blockIdx.x & 1;
  const int q = role == TileRole::kPanels ? r : r + 1;
  if (t == r) return false;
  if (role == TileRole::kCross && column && t == q) return false;  // (q, q) is done by the row side
  *ci = column ? t : q;
  *cj = column ? q : t;
  return true;
}

}  // namespace detail

// C(ci, cj) <- min(C, A(ci, r) (x) B(r, cj)) by one thread block, smem at
// least TileConfig<E>::kSmemBytes. Global reads bypass L1 (cp.async.cg, ld.cg)
// so that the dataflow schedule, where other blocks update tiles during the
// same launch, never reads a stale line. kUnroll: unroll of the k loop
// (benchmarked variants; the engine uses TileConfig<E>::kKUnroll).
// The same on three tiles given by address, each with its own row pitch in
// bytes (the out-of-core and distributed schedules keep A, B and C in
// different buffers).
template <class E, int kUnroll, bool kLateC = true>
__device__ __forceinline__ void UpdateTileAt(const char* a_tile, std::size_t a_row_bytes, const char* b_tile,
                                             std::size_t b_row_bytes, char* c_tile, std::size_t row_bytes,
                                             unsigned char* smem) {
  using Cfg = TileConfig<E>;
  using Op = MinPlus<E>;
  using W = typename Op::Word;

  const int tx = threadIdx.x % Cfg::kThreadsX;
  const int ty = threadIdx.x / Cfg::kThreadsX;

  // kLateC: accumulate from the identity and read C only at the end, after
  // asking L2 to fetch it now, so the C tile's DRAM latency overlaps the
  // arithmetic instead of stalling the first slice. Otherwise C is loaded
  // first (the variant bench/gpu_fw_variants.cuh compares). Both give
  // identical results: min is exact.
  W c[8][8];
  if constexpr (kLateC) {
#pragma unroll
    for (int ii = 0; ii < 8; ++ii) {
      const char* p = c_tile + detail::ThreadRow<Cfg>(ty, ii) * row_bytes;
      asm volatile("prefetch.global.L2 [%0];\n" ::"l"(p + tx * 16));
      asm volatile("prefetch.global.L2 [%0];\n" ::"l"(p + Cfg::kBRowBytes / 2 + tx * 16));
#pragma unroll
      for (int jj = 0; jj < 8; ++jj) c[ii][jj] = Op::Identity();
    }
  } else {
#pragma unroll
    for (int ii = 0; ii < 8; ++ii) detail::LoadCRow<Cfg, W>(c_tile, row_bytes, ty, tx, ii, c[ii]);
  }

  auto load_slice = [&](int stage, int q) {
    unsigned char* as = smem + stage * Cfg::kStageBytes;
    unsigned char* bs = as + kTile * Cfg::kARowBytes;
    constexpr int kAVecs = Cfg::kChunk * sizeof(E) / 16;  // 16-byte pieces per A slice row
#pragma unroll
    for (int v = threadIdx.x; v < kTile * kAVecs; v += Cfg::kThreads) {
      const int row = v / kAVecs, piece = v % kAVecs;
      detail::CpAsync16(as + row * Cfg::kARowBytes + piece * 16,
                        a_tile + row * a_row_bytes + q * Cfg::kChunk * sizeof(E) + piece * 16);
    }
    constexpr int kBVecs = Cfg::kBRowBytes / 16;
#pragma unroll
    for (int v = threadIdx.x; v < Cfg::kChunk * kBVecs; v += Cfg::kThreads) {
      const int kr = v / kBVecs, piece = v % kBVecs;
      detail::CpAsync16(bs + kr * Cfg::kBRowBytes + piece * 16,
                        b_tile + (std::size_t)(q * Cfg::kChunk + kr) * b_row_bytes + piece * 16);
    }
  };

  constexpr int kSlices = kTile / Cfg::kChunk;
#pragma unroll
  for (int s = 0; s < Cfg::kStages - 1; ++s) {
    load_slice(s, s);
    detail::CpAsyncCommit();
  }

#pragma unroll 1
  for (int q = 0; q < kSlices; ++q) {
    detail::CpAsyncWait<Cfg::kStages - 2>();
    __syncthreads();  // slice q visible to all; slice q-1's stage free for reuse
    if (q + Cfg::kStages - 1 < kSlices) load_slice((q + Cfg::kStages - 1) % Cfg::kStages, q + Cfg::kStages - 1);
    detail::CpAsyncCommit();  // possibly empty: keeps the group count uniform

    const unsigned char* as = smem + (q % Cfg::kStages) * Cfg::kStageBytes;
    const unsigned char* bs = as + kTile * Cfg::kARowBytes;
    constexpr int kKPerRead = 8 / sizeof(E);  // k values in one 8-byte A read
#pragma unroll kUnroll
    for (int k = 0; k < Cfg::kChunk; k += kKPerRead) {
      uint2 a_raw[8];  // indexed as uint2 so that ptxas emits one LDS.64 per row
#pragma unroll
      for (int ii = 0; ii < 8; ++ii)
        a_raw[ii] =
            reinterpret_cast<const uint2*>(as + detail::ThreadRow<Cfg>(ty, ii) * Cfg::kARowBytes)[k / kKPerRead];
#pragma unroll
      for (int kk = 0; kk < kKPerRead; ++kk) {
        const unsigned char* brow = bs + (k + kk) * Cfg::kBRowBytes;
        const uint4 lo = *reinterpret_cast<const uint4*>(brow + tx * 16);
        const uint4 hi = *reinterpret_cast<const uint4*>(brow + Cfg::kBRowBytes / 2 + tx * 16);
        const W b[8] = {detail::FromBits<W>(lo.x), detail::FromBits<W>(lo.y), detail::FromBits<W>(lo.z),
                        detail::FromBits<W>(lo.w), detail::FromBits<W>(hi.x), detail::FromBits<W>(hi.y),
                        detail::FromBits<W>(hi.z), detail::FromBits<W>(hi.w)};
#pragma unroll
        for (int ii = 0; ii < 8; ++ii) {
          const W a = Op::Splat(a_raw[ii], kk);
#pragma unroll
          for (int jj = 0; jj < 8; ++jj) c[ii][jj] = Op::Relax(c[ii][jj], a, b[jj]);
        }
      }
    }
  }

#pragma unroll
  for (int ii = 0; ii < 8; ++ii) {
    if constexpr (kLateC) {
      W old[8];
      detail::LoadCRow<Cfg, W>(c_tile, row_bytes, ty, tx, ii, old);
#pragma unroll
      for (int jj = 0; jj < 8; ++jj) c[ii][jj] = Op::Min(c[ii][jj], old[jj]);
    }
    char* p = c_tile + detail::ThreadRow<Cfg>(ty, ii) * row_bytes;
    using detail::ToBits;
    *reinterpret_cast<uint4*>(p + tx * 16) =
        make_uint4(ToBits(c[ii][0]), ToBits(c[ii][1]), ToBits(c[ii][2]), ToBits(c[ii][3]));
    *reinterpret_cast<uint4*>(p + Cfg::kBRowBytes / 2 + tx * 16) =
        make_uint4(ToBits(c[ii][4]), ToBits(c[ii][5]), ToBits(c[ii][6]), ToBits(c[ii][7]));
  }
}

template <class E, int kUnroll, bool kLateC = true>
__device__ __forceinline__ void UpdateTile(E* d, std::size_t stride, int r, int ci, int cj, unsigned char* smem) {
  const std::size_t row_bytes = stride * sizeof(E);
  const char* a_tile = reinterpret_cast<const char*>(d + (std::size_t)ci * kTile * stride + (std::size_t)r * kTile);
  const char* b_tile = reinterpret_cast<const char*>(d + (std::size_t)r * kTile * stride + (std::size_t)cj * kTile);
  char* c_tile = reinterpret_cast<char*>(d + (std::size_t)ci * kTile * stride + (std::size_t)cj * kTile);
  UpdateTileAt<E, kUnroll, kLateC>(a_tile, row_bytes, b_tile, row_bytes, c_tile, row_bytes, smem);
}

template <class E, int kUnroll = TileConfig<E>::kKUnroll, bool kLateC = true>
__global__ void __launch_bounds__(TileConfig<E>::kThreads, TileConfig<E>::kMinBlocksPerSm)
    MinPlusTileKernel(E* d, std::size_t stride, int r, TileRole role, int skip_next) {
  extern __shared__ __align__(16) unsigned char smem[];
  int ci, cj;
  if (!detail::PickTile(role, r, skip_next, &ci, &cj)) return;
  UpdateTile<E, kUnroll, kLateC>(d, stride, r, ci, cj, smem);
}

}  // namespace gdist::cuda
