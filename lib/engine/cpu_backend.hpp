// CPU blocked Floyd-Warshall over a padded matrix (stride x stride, row-major).
// Same tile operations as the GPU engine: diagonal closure, panels, rank-B
// min-plus update; threads over tiles. The tile kernels exist per instruction
// set and are chosen at run time, so one binary runs on any x86-64.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/cpu/tile_kernels.hpp"
#include "lib/engine/progress.hpp"

namespace gdist {

// Instruction sets the CPU tile kernels are built for, slowest first.
enum class CpuIsa { kPortable = 0, kAvx2 = 1, kAvx512 = 2 };
const char* CpuIsaName(CpuIsa isa);
// The best ISA this CPU (and OS) supports.
CpuIsa DetectCpuIsa();
// DetectCpuIsa(), lowered by the environment variable GDIST_CPU_ISA
// (portable | avx2 | avx512) when set; never above what the CPU supports.
CpuIsa ActiveCpuIsa();  // throws gdist::Error for an unknown GDIST_CPU_ISA

// stride: a multiple of kTile (128). threads <= 0: all cores. Uses ActiveCpuIsa().
// progress: called after each round (from the calling thread), when set.
template <class T> void CpuFloydWarshall(T* d, std::size_t stride, int threads, const ProgressFn& progress = {});
// The same on an explicit ISA (lowered to DetectCpuIsa() if the CPU lacks it):
// tests run every kernel build through this.
// T: int16_t, int32_t, int64_t or float.
template <class T>
void CpuFloydWarshallIsa(T* d, std::size_t stride, int threads, CpuIsa isa, const ProgressFn& progress = {});
// The in-core schedule on the size x size block at d whose rows are ld
// elements apart (size a multiple of kCpuTile): the closure of one super-tile
// in the out-of-core and distributed schedules.
template <class T> void CpuFloydWarshallBlock(T* d, std::size_t size, std::size_t ld, int threads);
// The tile operations of ActiveCpuIsa(), for schedules composed of them elsewhere.
template <class T> cpu::TileKernels<T> ActiveCpuTileKernels();

// An int32 matrix computed in 16 bits: narrowed to an int16 copy (values
// clamped at INF16), Floyd-Warshall on it, widened back (INF16 -> INF32).
// Bit-identical to CpuFloydWarshall<int32_t> when a range proof of
// range_check.hpp holds (non-negative weights, every finite distance below
// INF16); the caller must have checked it. CPU twin of the GPU's 16-bit mode.
// Returns false, with d untouched, when the int16 copy cannot be allocated.
bool CpuFloydWarshallInt16(std::int32_t* d, std::size_t stride, int threads, CpuIsa isa,
                           const ProgressFn& progress = {});

// The 16-bit view of an int32 matrix without a second buffer (the out-of-core
// schedules, whose matrix leaves no room for one): the count values at d are
// narrowed (clamped at INF16, as above) into int16 values packed at the front
// of the same buffer, value i at byte 2i, which is returned (d itself: the
// page alignment stays, and a stride x stride matrix keeps its stride: the
// int16 view is a stride x stride matrix in the buffer's first half). Front
// to back, in rounds [lo, 2 lo): a round writes bytes [2 lo, 4 lo), which
// held values already read, and reads bytes [4 lo, 8 lo), so each round runs
// in parallel. Widening reverses the rounds, back to front (INF16 -> INF32);
// the round trip gives the input back wherever it was in [0, INF16) or INF32.
// Only valid when a range proof of range_check.hpp holds.
std::int16_t* NarrowToInt16InPlace(std::int32_t* d, std::size_t count, int threads);
std::int32_t* WidenFromInt16InPlace(std::int16_t* d, std::size_t count, int threads);

}  // namespace gdist
