// Tile kernels for any CPU: 128-bit GCC vectors, which the baseline target
// lowers to SSE2 on x86-64 (NEON on AArch64). The fallback when the CPU has
// neither AVX-512F nor AVX2, and the path tests use to check the others.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/cpu/tile_kernels.hpp"

namespace gdist::cpu::portable {

inline constexpr const char* kIsaName = "portable";
inline constexpr int kVecBytes = 16;
template <class T> inline constexpr int MR = 4;
template <class T> inline constexpr int NV = 2;

#include "kernels/cpu/minplus_microkernel.inc"

}  // namespace gdist::cpu::portable
