// Kernels of adjacency_build.cuh: one pass writing INF and the diagonal, then
// one warp per vertex writing its arcs.
#include "kernels/cuda/adjacency_build.cuh"
#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/minplus_ops.cuh"

namespace gdist::cuda {
namespace {

constexpr unsigned kThreads = 256;
constexpr unsigned kMaxBlocks = 65535u * 16u;

unsigned BlocksFor(std::size_t work, std::size_t per_block) {
  const std::size_t blocks = (work + per_block - 1) / per_block;
  return static_cast<unsigned>(blocks == 0 ? 1 : blocks < kMaxBlocks ? blocks : kMaxBlocks);
}

// One block per row at a time: coalesced stores along the row.
template <class E> __global__ void FillKernel(E* d, std::size_t stride) {
  const E inf = MinPlus<E>::kInf;
  for (std::size_t r = blockIdx.x; r < stride; r += gridDim.x) {
    E* row = d + r * stride;
    for (std::size_t j = threadIdx.x; j < stride; j += blockDim.x) row[j] = j == r ? E(0) : inf;
  }
}

template <class E> __global__ void ScatterKernel(E* d, std::size_t stride, std::size_t n, const std::uint64_t* offsets,
                                                 const std::uint32_t* targets, const std::int32_t* weights) {
  const std::int32_t cap = MinPlus<E>::kInf;  // INF16 for int16; int32 weights stay below INF32
  const unsigned lane = threadIdx.x % 32;
  const std::size_t warps = (std::size_t)gridDim.x * (blockDim.x / 32);
  for (std::size_t u = (blockIdx.x * (std::size_t)blockDim.x + threadIdx.x) / 32; u < n; u += warps) {
    E* row = d + u * stride;
    for (std::uint64_t a = offsets[u] + lane; a < offsets[u + 1]; a += 32)
      row[targets[a]] = static_cast<E>(min(weights[a], cap));
  }
}

}  // namespace

template <class E> void BuildAdjacencyOnDevice(E* d, std::size_t stride, std::size_t n, const std::uint64_t* offsets,
                                               const std::uint32_t* targets, const std::int32_t* weights,
                                               cudaStream_t stream) {
  FillKernel<E><<<BlocksFor(stride, 1), kThreads, 0, stream>>>(d, stride);
  GDIST_CUDA_CHECK_LAUNCH("FillKernel");
  if (n == 0) return;
  ScatterKernel<E><<<BlocksFor(n, kThreads / 32), kThreads, 0, stream>>>(d, stride, n, offsets, targets, weights);
  GDIST_CUDA_CHECK_LAUNCH("ScatterKernel");
}

template void BuildAdjacencyOnDevice<std::int16_t>(std::int16_t*, std::size_t, std::size_t, const std::uint64_t*,
                                                   const std::uint32_t*, const std::int32_t*, cudaStream_t);
template void BuildAdjacencyOnDevice<std::int32_t>(std::int32_t*, std::size_t, std::size_t, const std::uint64_t*,
                                                   const std::uint32_t*, const std::int32_t*, cudaStream_t);

}  // namespace gdist::cuda
