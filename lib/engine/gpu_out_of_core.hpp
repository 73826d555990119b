// The GPU engine on a matrix larger than device memory: the super-tile
// schedule (super_tile_schedule.hpp, the same one the CPU out-of-core engine
// runs) with the blocks streamed between the pinned host matrix
// (cudaHostRegister in place, no staging copy) and kGpuOutOfCoreSlots device
// buffers. Copies run on their own stream, the next step's blocks load while
// the current step computes, and dirty blocks are written back when evicted.
// Implemented in gpu_out_of_core.cu; gpu_out_of_core_no_cuda.cpp without CUDA.
#pragma once
#include <cstddef>

#include "lib/engine/checkpoint.hpp"
#include "lib/engine/progress.hpp"

namespace gdist {

// Device blocks resident at once: the current step's three, the next step's
// two new ones, and one being written back.
inline constexpr int kGpuOutOfCoreSlots = 6;

// host: stride x stride, page aligned, diagonal 0. side: the block side
// (SuperTileSideFor with kGpuOutOfCoreSlots and the device budget). T:
// int32_t, float or int16_t (an int32 matrix narrowed in place by
// NarrowToInt16InPlace, cpu_backend.hpp, when the proof allows: the int16
// view keeps the buffer's page-aligned start and its stride, and only its
// stride x stride x 2 bytes are registered). Throws gdist::Error on any CUDA failure. checkpoints:
// round-boundary snapshots of the host matrix (checkpoint.hpp), or null: at a
// due round every dirty block is written back and both streams drained, so
// the host matrix is the exact state after the round (the CPU out-of-core
// schedule's state too); a resumed run restores its snapshot into host and
// starts at its round.
template <class T> void GpuOutOfCoreFloydWarshall(T* host, std::size_t stride, std::size_t side,
                                                  const ProgressFn& progress = {},
                                                  RoundCheckpoints* checkpoints = nullptr);

}  // namespace gdist
