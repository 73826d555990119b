// CPU Floyd-Warshall on a matrix larger than the memory it may use: the
// super-tile schedule (super_tile_schedule.hpp) over a working set of four
// blocks; each block is copied from the matrix (an mmapped file when it does
// not fit in RAM), updated with the CPU tile operations, and written back when
// evicted. Results are the in-core engine's, bit for bit.
#pragma once
#include <cstddef>

#include "lib/engine/checkpoint.hpp"
#include "lib/engine/progress.hpp"

namespace gdist {

// Blocks the CPU out-of-core schedule keeps in memory at once.
inline constexpr int kCpuOutOfCoreSlots = 4;

// d: stride x stride (a multiple of 128), diagonal 0. side: the block side
// (SuperTileSideFor with kCpuOutOfCoreSlots). threads <= 0: all cores. T: an
// element type of the matrices, or int16_t (an int32 matrix narrowed in place
// by NarrowToInt16InPlace, cpu_backend.hpp, when the proof allows).
// checkpoints: round-boundary snapshots (checkpoint.hpp), or null; a resumed
// run restores its snapshot into d and starts at its round.
template <class T> void CpuOutOfCoreFloydWarshall(T* d, std::size_t stride, std::size_t side, int threads,
                                                  const ProgressFn& progress = {},
                                                  RoundCheckpoints* checkpoints = nullptr);

}  // namespace gdist
