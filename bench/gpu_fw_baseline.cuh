// The textbook baseline the GPU benchmark compares against: 32x32 tiles, one
// element per thread, three kernels per round (Katz & Kider 2008 style). Not
// used by the engine.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>

namespace gdist::bench {

constexpr int kBaseB = 32;

template <class T> __global__ void BasePhase1(T* d, std::size_t stride, int r) {
  __shared__ T t[kBaseB][kBaseB];
  int i = threadIdx.y, j = threadIdx.x;
  std::size_t base = (std::size_t)r * kBaseB;
  t[i][j] = d[(base + i) * stride + base + j];
  __syncthreads();
  for (int k = 0; k < kBaseB; ++k) {
    T v = t[i][k] + t[k][j];
    __syncthreads();
    if (v < t[i][j]) t[i][j] = v;
    __syncthreads();
  }
  d[(base + i) * stride + base + j] = t[i][j];
}

template <class T> __global__ void BasePhase2(T* d, std::size_t stride, int r) {
  int b = blockIdx.x;
  if (b == r) return;
  __shared__ T dg[kBaseB][kBaseB];
  __shared__ T p[kBaseB][kBaseB];
  int i = threadIdx.y, j = threadIdx.x;
  std::size_t rb = (std::size_t)r * kBaseB, bb = (std::size_t)b * kBaseB;
  dg[i][j] = d[(rb + i) * stride + rb + j];
  bool row_panel = blockIdx.y == 0;
  std::size_t gi = row_panel ? rb + i : bb + i;
  std::size_t gj = row_panel ? bb + j : rb + j;
  p[i][j] = d[gi * stride + gj];
  __syncthreads();
  for (int k = 0; k < kBaseB; ++k) {
    T v = row_panel ? dg[i][k] + p[k][j] : p[i][k] + dg[k][j];
    __syncthreads();
    if (v < p[i][j]) p[i][j] = v;
    __syncthreads();
  }
  d[gi * stride + gj] = p[i][j];
}

template <class T> __global__ void BasePhase3(T* d, std::size_t stride, int r) {
  int bi = blockIdx.y, bj = blockIdx.x;
  if (bi == r || bj == r) return;
  __shared__ T a[kBaseB][kBaseB];
  __shared__ T b[kBaseB][kBaseB];
  int i = threadIdx.y, j = threadIdx.x;
  std::size_t rb = (std::size_t)r * kBaseB;
  std::size_t gi = (std::size_t)bi * kBaseB + i, gj = (std::size_t)bj * kBaseB + j;
  a[i][j] = d[gi * stride + rb + j];
  b[i][j] = d[(rb + i) * stride + gj];
  __syncthreads();
  T c = d[gi * stride + gj];
#pragma unroll
  for (int k = 0; k < kBaseB; ++k) c = min(c, a[i][k] + b[k][j]);
  d[gi * stride + gj] = c;
}

// Enqueues the whole baseline run on `s` (no error checks inside: the caller
// checks cudaGetLastError and the synchronisation).
template <class T> void BaselineFloydWarshall(T* dev, std::size_t stride, cudaStream_t s) {
  const int tiles = static_cast<int>(stride / kBaseB);
  dim3 block(kBaseB, kBaseB);
  for (int r = 0; r < tiles; ++r) {
    BasePhase1<T><<<1, block, 0, s>>>(dev, stride, r);
    BasePhase2<T><<<dim3(tiles, 2), block, 0, s>>>(dev, stride, r);
    BasePhase3<T><<<dim3(tiles, tiles), block, 0, s>>>(dev, stride, r);
  }
}

}  // namespace gdist::bench
