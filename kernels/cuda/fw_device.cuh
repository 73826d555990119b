// Blocked Floyd-Warshall on a matrix that already lives in device memory: the
// in-core schedule of the GPU engine, callable from the host backend
// (gpu_backend.cu), the benchmark (bench/gpu_fw_bench.cu) and device tests.
// E: int32_t, float or int16_t (the 16-bit mode; INF16 = 2^14-1).
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace gdist::cuda {

// In place on d (stride x stride, stride a multiple of kTile, row-major,
// diagonal 0; with a negative cycle the result is meaningless and the engine
// refuses it after the run). Enqueues on `stream` and returns; errors of
// launches are thrown as gdist::Error at once, errors of execution show up at
// the next synchronisation.
template <class E> void FloydWarshallOnDevice(E* d, std::size_t stride, cudaStream_t stream);
// The same, calling mark(r) on the host once round r's last work is enqueued
// on `stream` (an event recorded there then completes with round r): the
// per-round progress of the in-core engine.
template <class E>
void FloydWarshallOnDevice(E* d, std::size_t stride, cudaStream_t stream, const std::function<void(int)>& mark);

// The same on the size x size block at d whose rows are `stride` elements
// apart (size a multiple of kTile, at most stride): the closure of one block
// of the out-of-core schedule.
template <class E> void FloydWarshallOnDeviceBlock(E* d, std::size_t size, std::size_t stride, cudaStream_t stream);

// 16-bit mode conversions over count elements (count a multiple of 8):
// values are clamped at INF16 on the way down (an arc heavier than any
// distance may exist), INF16 becomes INF32 on the way up. Only valid when a
// range proof of lib/core/range_check.hpp holds.
void NarrowToInt16(const std::int32_t* src, std::int16_t* dst, std::size_t count, cudaStream_t stream);
void WidenFromInt16(const std::int16_t* src, std::int32_t* dst, std::size_t count, cudaStream_t stream);
// Whether the 16-bit file holds every one of the count int32 values at src
// (Int16FileHolds; count a multiple of 4): one read at memory speed, then a
// wait on `stream`. NarrowToInt16 is then exact.
bool Int16FileHoldsAll(const std::int32_t* src, std::size_t count, cudaStream_t stream);

// False (with the reason) when the current device cannot run our kernels,
// e.g. a GPU older than the sm_90 code and compute_90 PTX this build carries.
bool KernelsRunOnDevice(std::string* why);

}  // namespace gdist::cuda
