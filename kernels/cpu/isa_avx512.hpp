// Tile kernels compiled for AVX-512 (512-bit vectors, 32 registers). Only
// these functions carry the target; the rest of the binary stays baseline
// x86-64, and the schedule calls them only when the CPU reports AVX-512F.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/cpu/tile_kernels.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#define GDIST_CPU_HAVE_AVX512 1
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw")
namespace gdist::cpu::avx512 {

inline constexpr const char* kIsaName = "avx512";
inline constexpr int kVecBytes = 64;
// 8 rows x 2 vectors (8 x 32 int32): 16 accumulators + 2 b vectors + a
// broadcast of the 32 zmm registers.
template <class T> inline constexpr int MR = 8;
template <class T> inline constexpr int NV = 2;

#include "kernels/cpu/minplus_microkernel.inc"

}  // namespace gdist::cpu::avx512
#pragma GCC pop_options
#endif
