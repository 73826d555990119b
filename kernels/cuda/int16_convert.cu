// The 16-bit mode's conversions (fw_device.cuh): int32 <-> int16 with INF
// mapped both ways, eight elements per thread and 16-byte accesses. CPU twin:
// lib/engine/cpu_int16_floyd_warshall.cpp.
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/fw_device.cuh"
#include "kernels/cuda/minplus_ops.cuh"
#include "lib/core/element_traits.hpp"

namespace gdist::cuda {
namespace {

// Clamps at INF16: values are non-negative, and one at or above INF16 (an arc
// on no shortest path, or INF32) acts as INF16 (range_check.hpp).
__global__ void NarrowKernel(const std::int32_t* src, std::int16_t* dst, std::size_t groups) {
  constexpr std::int16_t kInf16 = MinPlus<std::int16_t>::kInf;
  for (std::size_t g = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x; g < groups;
       g += (std::size_t)gridDim.x * blockDim.x) {
    const int4 a = reinterpret_cast<const int4*>(src)[2 * g];
    const int4 b = reinterpret_cast<const int4*>(src)[2 * g + 1];
    const int v[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
    unsigned int packed[4];
#pragma unroll
    for (int p = 0; p < 4; ++p) {
      const unsigned lo = static_cast<std::uint16_t>(static_cast<std::int16_t>(min(v[2 * p], std::int32_t{kInf16})));
      const unsigned hi =
          static_cast<std::uint16_t>(static_cast<std::int16_t>(min(v[2 * p + 1], std::int32_t{kInf16})));
      packed[p] = lo | (hi << 16);
    }
    reinterpret_cast<uint4*>(dst)[g] = make_uint4(packed[0], packed[1], packed[2], packed[3]);
  }
}

__global__ void WidenKernel(const std::int16_t* src, std::int32_t* dst, std::size_t groups) {
  constexpr std::int32_t kInf32 = MinPlus<std::int32_t>::kInf;
  constexpr std::int16_t kInf16 = MinPlus<std::int16_t>::kInf;
  for (std::size_t g = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x; g < groups;
       g += (std::size_t)gridDim.x * blockDim.x) {
    const uint4 p = reinterpret_cast<const uint4*>(src)[g];
    const unsigned w[4] = {p.x, p.y, p.z, p.w};
    int v[8];
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const std::int16_t lo = static_cast<std::int16_t>(w[q] & 0xffffu);
      const std::int16_t hi = static_cast<std::int16_t>(w[q] >> 16);
      v[2 * q] = lo == kInf16 ? kInf32 : lo;
      v[2 * q + 1] = hi == kInf16 ? kInf32 : hi;
    }
    reinterpret_cast<int4*>(dst)[2 * g] = make_int4(v[0], v[1], v[2], v[3]);
    reinterpret_cast<int4*>(dst)[2 * g + 1] = make_int4(v[4], v[5], v[6], v[7]);
  }
}

// Sets *wide at any value the 16-bit file cannot hold (every writer stores the same 1).
__global__ void WideValueKernel(const std::int32_t* src, std::size_t groups, unsigned* wide) {
  for (std::size_t g = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x; g < groups;
       g += (std::size_t)gridDim.x * blockDim.x) {
    const int4 a = reinterpret_cast<const int4*>(src)[g];
    if (!(Int16FileHolds(a.x) && Int16FileHolds(a.y) && Int16FileHolds(a.z) && Int16FileHolds(a.w))) *wide = 1;
  }
}

unsigned ConvertGrid(std::size_t groups) {
  const std::size_t blocks = (groups + 255) / 256;
  return static_cast<unsigned>(blocks < 65535 * 16 ? (blocks ? blocks : 1) : 65535 * 16);
}

}  // namespace

void NarrowToInt16(const std::int32_t* src, std::int16_t* dst, std::size_t count, cudaStream_t stream) {
  const std::size_t groups = count / 8;
  NarrowKernel<<<ConvertGrid(groups), 256, 0, stream>>>(src, dst, groups);
  GDIST_CUDA_CHECK_LAUNCH("NarrowKernel");
}

bool Int16FileHoldsAll(const std::int32_t* src, std::size_t count, cudaStream_t stream) {
  DeviceBuffer<unsigned> wide(1);
  GDIST_CUDA_CHECK(cudaMemsetAsync(wide.get(), 0, sizeof(unsigned), stream));
  const std::size_t groups = count / 4;
  WideValueKernel<<<ConvertGrid(groups), 256, 0, stream>>>(src, groups, wide.get());
  GDIST_CUDA_CHECK_LAUNCH("WideValueKernel");
  unsigned host = 0;
  GDIST_CUDA_CHECK(cudaMemcpyAsync(&host, wide.get(), sizeof host, cudaMemcpyDeviceToHost, stream));
  GDIST_CUDA_CHECK(cudaStreamSynchronize(stream));
  return host == 0;
}

void WidenFromInt16(const std::int16_t* src, std::int32_t* dst, std::size_t count, cudaStream_t stream) {
  const std::size_t groups = count / 8;
  WidenKernel<<<ConvertGrid(groups), 256, 0, stream>>>(src, dst, groups);
  GDIST_CUDA_CHECK_LAUNCH("WidenKernel");
}

}  // namespace gdist::cuda
