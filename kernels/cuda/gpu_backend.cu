// Host side of the GPU engine: device probe and the in-core schedule.
// First version: the textbook three-kernel round on 32x32 tiles.
#include <cuda_runtime.h>

#include <string>

#include "lib/engine/gpu_backend.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

void Check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw Error(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(e));
}

constexpr int kB = 32;

template <class T> __global__ void Phase1(T* d, std::size_t stride, int r) {
  __shared__ T t[kB][kB];
  int i = threadIdx.y, j = threadIdx.x;
  std::size_t base = (std::size_t)r * kB;
  t[i][j] = d[(base + i) * stride + base + j];
  __syncthreads();
  for (int k = 0; k < kB; ++k) {
    T v = t[i][k] + t[k][j];
    __syncthreads();
    if (v < t[i][j]) t[i][j] = v;
    __syncthreads();
  }
  d[(base + i) * stride + base + j] = t[i][j];
}

template <class T> __global__ void Phase2(T* d, std::size_t stride, int r) {
  int b = blockIdx.x;
  if (b == r) return;
  __shared__ T dg[kB][kB];
  __shared__ T p[kB][kB];
  int i = threadIdx.y, j = threadIdx.x;
  std::size_t rb = (std::size_t)r * kB, bb = (std::size_t)b * kB;
  dg[i][j] = d[(rb + i) * stride + rb + j];
  bool row_panel = blockIdx.y == 0;
  std::size_t gi = row_panel ? rb + i : bb + i;
  std::size_t gj = row_panel ? bb + j : rb + j;
  p[i][j] = d[gi * stride + gj];
  __syncthreads();
  for (int k = 0; k < kB; ++k) {
    T v = row_panel ? dg[i][k] + p[k][j] : p[i][k] + dg[k][j];
    __syncthreads();
    if (v < p[i][j]) p[i][j] = v;
    __syncthreads();
  }
  d[gi * stride + gj] = p[i][j];
}

template <class T> __global__ void Phase3(T* d, std::size_t stride, int r) {
  int bi = blockIdx.y, bj = blockIdx.x;
  if (bi == r || bj == r) return;
  __shared__ T a[kB][kB];
  __shared__ T b[kB][kB];
  int i = threadIdx.y, j = threadIdx.x;
  std::size_t rb = (std::size_t)r * kB;
  std::size_t gi = (std::size_t)bi * kB + i, gj = (std::size_t)bj * kB + j;
  a[i][j] = d[gi * stride + rb + j];
  b[i][j] = d[(rb + i) * stride + gj];
  __syncthreads();
  T c = d[gi * stride + gj];
#pragma unroll
  for (int k = 0; k < kB; ++k) c = min(c, a[i][k] + b[k][j]);
  d[gi * stride + gj] = c;
}

}  // namespace

GpuStatus ProbeGpu() {
  GpuStatus s;
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    s.reason = e != cudaSuccess ? cudaGetErrorString(e) : "no CUDA device";
    cudaGetLastError();
    return s;
  }
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
    s.reason = "cannot read device properties";
    return s;
  }
  std::size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess) {
    s.reason = "cannot read device memory";
    return s;
  }
  s.usable = true;
  s.free_bytes = free_b;
  s.reason = prop.name;
  return s;
}

template <class T> void GpuFloydWarshall(T* host, std::size_t stride, const GpuRunInfo&) {
  const std::size_t bytes = stride * stride * sizeof(T);
  T* dev = nullptr;
  Check(cudaMalloc(&dev, bytes), "cudaMalloc");
  try {
    Check(cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice), "copy to device");
    const int tiles = static_cast<int>(stride / kB);
    dim3 block(kB, kB);
    for (int r = 0; r < tiles; ++r) {
      Phase1<T><<<1, block>>>(dev, stride, r);
      Phase2<T><<<dim3(tiles, 2), block>>>(dev, stride, r);
      Phase3<T><<<dim3(tiles, tiles), block>>>(dev, stride, r);
    }
    Check(cudaGetLastError(), "kernel launch");
    Check(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost), "copy to host");
  } catch (...) {
    cudaFree(dev);
    throw;
  }
  Check(cudaFree(dev), "cudaFree");
}

template void GpuFloydWarshall<std::int32_t>(std::int32_t*, std::size_t, const GpuRunInfo&);
template void GpuFloydWarshall<float>(float*, std::size_t, const GpuRunInfo&);

}  // namespace gdist
