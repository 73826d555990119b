// The engine's in-core schedule: look-ahead (fw_lookahead.cuh) over the tuned
// tile kernel variant, on a whole matrix or on one block of the out-of-core
// schedule. Other schedules and variants are compared in
// bench/gpu_fw_variants.cuh; measurements in bench/GPU-NOTES.md.
#include <cuda_runtime.h>

#include <string>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/fw_device.cuh"
#include "kernels/cuda/fw_lookahead.cuh"
#include "kernels/cuda/tile_config.cuh"

namespace gdist::cuda {

template <class E> void FloydWarshallOnDevice(E* d, std::size_t stride, cudaStream_t stream) {
  FloydWarshallOnDeviceBlock(d, stride, stride, stream);
}

template <class E>
void FloydWarshallOnDevice(E* d, std::size_t stride, cudaStream_t stream, const std::function<void(int)>& mark) {
  if (stride == 0 || stride % kTile != 0)
    throw Error("GPU engine: stride must be a positive multiple of " + std::to_string(kTile));
  LookaheadFloydWarshall<E>(d, stride, stride, stream, mark);
}

template <class E> void FloydWarshallOnDeviceBlock(E* d, std::size_t size, std::size_t stride, cudaStream_t stream) {
  if (stride == 0 || stride % kTile != 0)
    throw Error("GPU engine: stride must be a positive multiple of " + std::to_string(kTile));
  if (size == 0 || size % kTile != 0 || size > stride)
    throw Error("GPU engine: the block size must be a positive multiple of " + std::to_string(kTile) +
                ", at most the stride");
  LookaheadFloydWarshall<E>(d, size, stride, stream);
}

bool KernelsRunOnDevice(std::string* why) {
  cudaFuncAttributes attr{};
  const cudaError_t e = cudaFuncGetAttributes(&attr, MinPlusTileKernel<std::int32_t>);
  if (e == cudaSuccess) return true;
  cudaGetLastError();
  *why = std::string("the GPU kernels cannot run on it (") + cudaGetErrorString(e) + "; built for sm_90)";
  return false;
}

template void FloydWarshallOnDevice<std::int32_t>(std::int32_t*, std::size_t, cudaStream_t);
template void FloydWarshallOnDevice<float>(float*, std::size_t, cudaStream_t);
template void FloydWarshallOnDevice<std::int16_t>(std::int16_t*, std::size_t, cudaStream_t);
template void FloydWarshallOnDevice<std::int32_t>(std::int32_t*, std::size_t, cudaStream_t,
                                                  const std::function<void(int)>&);
template void FloydWarshallOnDevice<float>(float*, std::size_t, cudaStream_t, const std::function<void(int)>&);
template void FloydWarshallOnDevice<std::int16_t>(std::int16_t*, std::size_t, cudaStream_t,
                                                  const std::function<void(int)>&);
template void FloydWarshallOnDeviceBlock<std::int32_t>(std::int32_t*, std::size_t, std::size_t, cudaStream_t);
template void FloydWarshallOnDeviceBlock<float>(float*, std::size_t, std::size_t, cudaStream_t);
template void FloydWarshallOnDeviceBlock<std::int16_t>(std::int16_t*, std::size_t, std::size_t, cudaStream_t);

}  // namespace gdist::cuda
