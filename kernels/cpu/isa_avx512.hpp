// Tile kernels compiled for AVX-512 (512-bit vectors, 32 registers). Only
// these functions carry the target; the rest of the binary stays baseline
// x86-64, and the schedule calls them only when the CPU reports AVX-512F.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/cpu/tile_kernels.hpp"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)  // GCC's target pragmas
#define GDIST_CPU_HAVE_AVX512 1
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw")
namespace gdist::cpu::avx512 {

inline constexpr const char* kIsaName = "avx512";
inline constexpr int kVecBytes = 64;
// 4 rows x 4 vectors (4 x 64 int32): 16 accumulators + 4 b vectors + a
// broadcast of the 32 zmm registers. Per pivot: 4 loads, 4 broadcasts, 32 ALU
// ops. On the Zen 5 dev machines this beat 8 x 2 (8 broadcasts) by 10-30%,
// 2 x 8 and 16 x 1 by more, and 4 x 2 (the anchors' 4 x 32) by 1.6x; see
// bench/RESULTS.md (CPU engine).
template <class T> inline constexpr int MR = 4;
template <class T> inline constexpr int NV = 4;

#include "kernels/cpu/minplus_microkernel.inc"

}  // namespace gdist::cpu::avx512
#pragma GCC pop_options
#endif
