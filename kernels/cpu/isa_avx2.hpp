// Tile kernels compiled for AVX2 (256-bit vectors, 16 registers), for x86-64
// CPUs without AVX-512. int64 min has no AVX2 instruction; GCC builds it from
// vpcmpgtq + blend, which is correct and slower (int64 speed is secondary).
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/cpu/tile_kernels.hpp"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)  // GCC's target pragmas
#define GDIST_CPU_HAVE_AVX2 1
#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace gdist::cpu::avx2 {

inline constexpr const char* kIsaName = "avx2";
inline constexpr int kVecBytes = 32;
// 4 rows x 2 vectors: 8 accumulators + 2 b vectors + a broadcast of the 16
// ymm registers (a 6 x 2 block would fit too but 6 does not divide the tile).
template <class T> inline constexpr int MR = 4;
template <class T> inline constexpr int NV = 2;

#include "kernels/cpu/minplus_microkernel.inc"

}  // namespace gdist::cpu::avx2
#pragma GCC pop_options
#endif
