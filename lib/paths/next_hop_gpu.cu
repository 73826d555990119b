// GPU next-hop derivation (lib/paths/next_hop_gpu.hpp), the two rules of
// lib/paths/next_hop.hpp, chosen by the same UsesLeastTightNeighbour test:
//
// Positive weights (LeastTightKernel): block (i, c) fills columns
// [c * kLtColumns, (c + 1) * kLtColumns) of row i. Each thread owns kLtCols
// columns; the block walks the out-neighbours k of i in increasing order (only
// those that CanBeFirstHop, as the CPU does) and reads d(k, .) coalesced, and a
// column takes the first k whose arc is tight.
// blockIdx.x runs over rows, so the blocks resident at one time share a column
// strip of d (n * kLtColumns elements) that the L2 cache holds.
//
// Otherwise (NextHopKernel): one thread block per source runs the
// level-synchronous search over tight arcs that lib/paths/next_hop.cpp runs on
// the CPU. A warp takes one frontier vertex and its lanes split the arcs; the
// first thread to claim a vertex (atomicCAS on its level) queues it, and every
// tight arc from the previous level offers its first hop with atomicMin, so
// the result does not depend on thread timing.
#include <cuda_runtime.h>

#include <climits>
#include <string>

#include "kernels/cuda/device_memory.cuh"
#include "lib/paths/next_hop_gpu.hpp"
#include "lib/paths/tight_arc.hpp"

namespace gdist {
namespace {

constexpr unsigned kUnseen = 0xFFFFFFFFu;
constexpr int kThreads = 256;

template <class T> __global__ void __launch_bounds__(kThreads)
    NextHopKernel(const unsigned long long* __restrict first, const unsigned* __restrict head,
                  const T* __restrict weight, const T* __restrict dist, size_t stride, unsigned n, T inf, int* next,
                  unsigned* scratch) {
  __shared__ unsigned frontier_size, upcoming_size;
  unsigned* level = scratch + size_t(blockIdx.x) * 3 * n;
  unsigned* frontier = level + n;
  unsigned* upcoming = frontier + n;
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;

  for (unsigned src = blockIdx.x; src < n; src += gridDim.x) {
    const T* d = dist + size_t(src) * stride;
    int* out = next + size_t(src) * stride;
    for (unsigned v = threadIdx.x; v < n; v += blockDim.x) {
      level[v] = kUnseen;
      out[v] = INT_MAX;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      level[src] = 0;
      frontier[0] = src;
      frontier_size = 1;
    }
    __syncthreads();
    for (unsigned depth = 1; frontier_size > 0; ++depth) {
      if (threadIdx.x == 0) upcoming_size = 0;
      __syncthreads();
      for (unsigned f = warp; f < frontier_size; f += warps) {
        const unsigned u = frontier[f];
        const T du = d[u];
        const int hop_u = (u == src) ? -1 : __ldcg(out + u);  // settled last level, by atomics
        for (unsigned long long a = first[u] + lane; a < first[u + 1]; a += 32) {
          const unsigned v = head[a];
          const T dv = d[v];
          if (!(dv < inf) || !TightArc(du, weight[a], dv)) continue;
          if (__ldcg(level + v) < depth) continue;
          const unsigned old = atomicCAS(level + v, kUnseen, depth);
          if (old == kUnseen) upcoming[atomicAdd(&upcoming_size, 1u)] = v;
          else if (old != depth) continue;
          atomicMin(out + v, (u == src) ? int(v) : hop_u);
        }
      }
      __syncthreads();
      unsigned* t = frontier;
      frontier = upcoming;
      upcoming = t;
      if (threadIdx.x == 0) frontier_size = upcoming_size;
      __syncthreads();
    }
    for (unsigned v = threadIdx.x; v < n; v += blockDim.x)
      if (__ldcg(out + v) == INT_MAX) out[v] = -1;  // unreachable, or the source itself
    __syncthreads();
  }
}

constexpr int kLtThreads = 128;
constexpr int kLtCols = 4;                        // columns per thread
constexpr int kLtColumns = kLtThreads * kLtCols;  // columns per block
constexpr int kLtBatch = 4;                       // arcs whose loads are issued together
constexpr int kOpen = -1, kClosed = -2;           // as in lib/paths/next_hop.cpp

template <class T> __global__ void __launch_bounds__(kLtThreads)
    LeastTightKernel(const unsigned long long* __restrict first, const unsigned* __restrict head,
                     const T* __restrict weight, const T* __restrict dist, size_t stride, unsigned n, T inf,
                     int* __restrict next) {
  const unsigned i = blockIdx.x, lane = threadIdx.x % 32;
  const size_t j0 = size_t(blockIdx.y) * kLtColumns + threadIdx.x;
  const T* di = dist + size_t(i) * stride;
  T target[kLtCols];
  int hop[kLtCols];
  unsigned col[kLtCols];  // always inside the padded row, so the loads need no guard
  bool open = false;
#pragma unroll
  for (int q = 0; q < kLtCols; ++q) {
    const size_t j = j0 + size_t(q) * kLtThreads;
    col[q] = unsigned(j < stride ? j : stride - 1);
    const bool o = j < n && j != i && di[j] < inf;
    target[q] = o ? di[j] : T(-1);
    hop[q] = o ? kOpen : kClosed;
    open |= o;
  }
  // Each warp walks the arcs of i on its own, 32 at a time: lane l reads arc
  // base + l, a ballot keeps those that CanBeFirstHop (tight_arc.hpp), and the
  // kept ones are taken in increasing order, kLtBatch per round so that their
  // row loads are in flight together.
  const unsigned long long end = first[i + 1];
  for (unsigned long long base = first[i]; base < end; base += 32) {
    if (!__any_sync(0xFFFFFFFFu, open)) break;  // later (larger) neighbours cannot win
    const unsigned long long a = base + lane;
    unsigned my_k = 0;
    T my_w = T(0);
    bool keep = false;
    if (a < end) {
      my_k = head[a];
      my_w = weight[a];
      keep = CanBeFirstHop(my_w, di[my_k]);
    }
    unsigned kept = __ballot_sync(0xFFFFFFFFu, keep);
    while (kept != 0 && __any_sync(0xFFFFFFFFu, open)) {
      unsigned ks[kLtBatch];
      T ws[kLtBatch], v[kLtBatch][kLtCols];
      int count = 0;
#pragma unroll
      for (int u = 0; u < kLtBatch; ++u) {
        const int src = kept != 0 ? __ffs(kept) - 1 : 0;  // warp-uniform
        if (kept != 0) ++count;
        kept &= kept - 1;
        ks[u] = __shfl_sync(0xFFFFFFFFu, my_k, src);
        ws[u] = __shfl_sync(0xFFFFFFFFu, my_w, src);
      }
#pragma unroll
      for (int u = 0; u < kLtBatch; ++u) {
        if (u < count) {
          const T* dk = dist + size_t(ks[u]) * stride;
#pragma unroll
          for (int q = 0; q < kLtCols; ++q) v[u][q] = dk[col[q]];
        }
      }
#pragma unroll
      for (int u = 0; u < kLtBatch; ++u) {
        if (u < count) {
#pragma unroll
          for (int q = 0; q < kLtCols; ++q)
            if (hop[q] == kOpen && TightArc(ws[u], v[u][q], target[q])) hop[q] = int(ks[u]);
        }
      }
      open = false;
#pragma unroll
      for (int q = 0; q < kLtCols; ++q) open |= hop[q] == kOpen;
    }
  }
  int* out = next + size_t(i) * stride;
#pragma unroll
  for (int q = 0; q < kLtCols; ++q) {
    const size_t j = j0 + size_t(q) * kLtThreads;
    if (j < n) out[j] = hop[q] < 0 ? -1 : hop[q];
  }
}

}  // namespace

template <class T> NextHopMatrix GpuComputeNextHops(const ArcList<T>& arcs, const MatrixView<T>& dist) {
  const size_t n = dist.n;
  NextHopMatrix next(n);
  if (n == 0) return next;
  int device = 0, sms = 0;
  GDIST_CUDA_CHECK(cudaGetDevice(&device));
  GDIST_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>(n, size_t(sms) * 8));
  const size_t matrix_elems = dist.stride * dist.stride;
  const bool least_tight = UsesLeastTightNeighbour(arcs, dist);

  cuda::DeviceBuffer<unsigned long long> first(n + 1);
  cuda::DeviceBuffer<unsigned> head(arcs.head.size());
  cuda::DeviceBuffer<T> weight(arcs.weight.size());
  cuda::DeviceBuffer<T> d(matrix_elems);
  cuda::DeviceBuffer<int> out(matrix_elems);
  cuda::DeviceBuffer<unsigned> scratch(least_tight ? 0 : size_t(blocks) * 3 * n);

  static_assert(sizeof(size_t) == sizeof(unsigned long long));
  GDIST_CUDA_CHECK(cudaMemcpy(first.get(), arcs.first.data(), first.bytes(), cudaMemcpyHostToDevice));
  GDIST_CUDA_CHECK(cudaMemcpy(head.get(), arcs.head.data(), head.bytes(), cudaMemcpyHostToDevice));
  GDIST_CUDA_CHECK(cudaMemcpy(weight.get(), arcs.weight.data(), weight.bytes(), cudaMemcpyHostToDevice));
  GDIST_CUDA_CHECK(cudaMemcpy(d.get(), dist.data, d.bytes(), cudaMemcpyHostToDevice));
  if (least_tight) {
    const dim3 grid(static_cast<unsigned>(n), static_cast<unsigned>((n + kLtColumns - 1) / kLtColumns));
    LeastTightKernel<T><<<grid, kLtThreads>>>(first.get(), head.get(), weight.get(), d.get(), dist.stride,
                                              static_cast<unsigned>(n), ElementTraits<T>::kInf, out.get());
  } else {
    NextHopKernel<T><<<blocks, kThreads>>>(first.get(), head.get(), weight.get(), d.get(), dist.stride,
                                           static_cast<unsigned>(n), ElementTraits<T>::kInf, out.get(), scratch.get());
  }
  GDIST_CUDA_CHECK_LAUNCH("next-hop kernel");
  GDIST_CUDA_CHECK(cudaDeviceSynchronize());
  // Rows n..stride-1 and columns past n stay kNoHop, as the CPU version leaves them.
  GDIST_CUDA_CHECK(cudaMemcpy2D(next.data(), dist.stride * sizeof(int), out.get(), dist.stride * sizeof(int),
                                n * sizeof(int), n, cudaMemcpyDeviceToHost));
  return next;
}

template NextHopMatrix GpuComputeNextHops<std::int32_t>(const ArcList<std::int32_t>&, const MatrixView<std::int32_t>&);
template NextHopMatrix GpuComputeNextHops<float>(const ArcList<float>&, const MatrixView<float>&);

}  // namespace gdist
