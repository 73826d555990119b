#include <type_traits>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/sssp_device.cuh"
#include "lib/core/element_traits.hpp"

namespace gdist::cuda {

namespace {

constexpr int kLanes = kSsspLanes;
constexpr int kWarps = 8;
constexpr int kThreads = kWarps * 32;
constexpr unsigned kFull = 0xFFFFFFFFu;

// atomicMin on distances that are never negative: the bit patterns of
// non-negative floats (+infinity included) order as their values do.
__device__ inline std::int32_t AtomicMinNonNegative(std::int32_t* p, std::int32_t v) { return atomicMin(p, v); }
__device__ inline float AtomicMinNonNegative(float* p, float v) {
  return __int_as_float(atomicMin(reinterpret_cast<int*>(p), __float_as_int(v)));
}

// One block per slot. Distances and masks are read around the L1 (.cg):
// other warps of the block change them through atomics in L2 between barriers.
template <class W> __global__ void __launch_bounds__(kThreads)
    BatchedSsspKernel(SsspDeviceGraph<W> g, const std::uint32_t* __restrict__ sources, unsigned count,
                      SsspDeviceScratch<W> scratch, W* __restrict__ rows, std::size_t stride, W delta) {
  __shared__ W s_tile[kWarps][kLanes][kLanes + 1];  // transposition, one tile per warp
  __shared__ unsigned s_next_size, s_far_size, s_batch;

  const W inf = ElementTraits<W>::kInf;
  const std::size_t n = g.n;
  const unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  W* dist = scratch.dist + blockIdx.x * n * kLanes;
  std::uint32_t* mask_cur = scratch.masks + blockIdx.x * 3 * n;
  std::uint32_t* mask_next = mask_cur + n;
  std::uint32_t* mask_far = mask_next + n;
  std::uint32_t* list_cur = scratch.lists + blockIdx.x * 3 * n;
  std::uint32_t* list_next = list_cur + n;
  std::uint32_t* list_far = list_next + n;
  const unsigned batches = (count + kLanes - 1) / kLanes;
  unsigned long long relaxations = 0, rounds = 0;  // each thread's items / thread 0

  for (;;) {
    if (tid == 0) {
      s_batch = atomicAdd(scratch.next_batch, 1u);
      s_next_size = 0;
      s_far_size = 0;
    }
    for (std::size_t i = tid; i < n * kLanes; i += kThreads) __stcg(dist + i, inf);
    __syncthreads();
    const unsigned batch = s_batch;
    if (batch >= batches) break;  // uniform
    const unsigned first = batch * kLanes, k = min(count - first, unsigned(kLanes));
    if (tid < k) {
      const std::uint32_t s = sources[first + tid];
      __stcg(dist + std::size_t(s) * kLanes + tid, W(0));
      if (atomicOr(mask_cur + s, 1u << tid) == 0) list_cur[atomicAdd(&s_next_size, 1u)] = s;
    }
    __syncthreads();
    unsigned size = s_next_size;
    W threshold = delta > W(0) ? delta : inf;  // near: distances below it
    __syncthreads();
    if (tid == 0) s_next_size = 0;
    __syncthreads();

    for (;;) {
      while (size > 0) {
        if (tid == 0) ++rounds;
        // A warp takes 32 frontier vertices at once (lane = vertex), splits
        // each one's improved sources into near and far, then relaxes the
        // (arc, near source) items of all 32 together, 32 at a time (lane =
        // item): few sources of a batch improve a vertex in the same round,
        // so lanes per source would idle.
        for (unsigned base = warp * 32; base < size; base += kWarps * 32) {
          const unsigned i = base + lane;
          std::uint32_t v = 0, m = 0, near = 0;
          std::uint64_t begin = 0;
          unsigned degree = 0;
          if (i < size) {
            v = list_cur[i];
            m = __ldcg(mask_cur + v);
            __stcg(mask_cur + v, 0u);  // no one else writes mask_cur this round
            for (std::uint32_t bits = m; bits; bits &= bits - 1) {
              const int b = __ffs(bits) - 1;
              if (__ldcg(dist + std::size_t(v) * kLanes + b) < threshold) near |= 1u << b;
            }
            if (const std::uint32_t far = m & ~near; far && atomicOr(mask_far + v, far) == 0)
              list_far[atomicAdd(&s_far_size, 1u)] = v;
            begin = g.offsets[v];
            degree = static_cast<unsigned>(g.offsets[v + 1] - begin);
          }
          const unsigned sources = __popc(near), items = sources * degree;
          relaxations += items;
          unsigned last = items;  // inclusive prefix sum of items over the lanes
#pragma unroll
          for (int d = 1; d < 32; d *= 2) {
            const unsigned x = __shfl_up_sync(kFull, last, d);
            if (lane >= unsigned(d)) last += x;
          }
          const unsigned total = __shfl_sync(kFull, last, 31);
          for (unsigned t0 = 0; t0 < total; t0 += 32) {
            const unsigned item = t0 + lane;
            unsigned owner = 0;  // the lane whose items hold this one: the first with last > item
#pragma unroll
            for (unsigned step = 16; step >= 1; step /= 2) {
              const unsigned probe = __shfl_sync(kFull, last, owner + step - 1);
              if (item >= probe) owner += step;
            }
            const std::uint32_t ov = __shfl_sync(kFull, v, owner), onear = __shfl_sync(kFull, near, owner);
            const unsigned osources = __shfl_sync(kFull, sources, owner);
            const unsigned ofirst = __shfl_sync(kFull, last, owner) - __shfl_sync(kFull, items, owner);
            const std::uint64_t obegin = __shfl_sync(kFull, begin, owner);
            if (item >= total) continue;
            const unsigned local = item - ofirst;
            const int b = __fns(onear, 0, local % osources + 1);
            const std::uint64_t a = obegin + local / osources;
            const std::uint32_t u = __ldg(g.targets + a);
            const W nd = __ldcg(dist + std::size_t(ov) * kLanes + b) + __ldg(g.weights + a);
            W* du = dist + std::size_t(u) * kLanes + b;
            if (nd < __ldcg(du) && nd < AtomicMinNonNegative(du, nd) && atomicOr(mask_next + u, 1u << b) == 0)
              list_next[atomicAdd(&s_next_size, 1u)] = u;
          }
        }
        __syncthreads();
        size = s_next_size;
        std::uint32_t* t = list_cur;
        list_cur = list_next;
        list_next = t;
        t = mask_cur;
        mask_cur = mask_next;
        mask_next = t;
        __syncthreads();
        if (tid == 0) s_next_size = 0;
        __syncthreads();
      }
      // The near rounds are done: the deferred (far) vertices become the
      // frontier under the next threshold.
      size = s_far_size;
      if (size == 0) break;  // uniform
      threshold = threshold < inf - delta ? threshold + delta : inf;
      std::uint32_t* t = list_cur;
      list_cur = list_far;
      list_far = t;
      t = mask_cur;
      mask_cur = mask_far;
      mask_far = t;
      __syncthreads();
      if (tid == 0) s_far_size = 0;
      __syncthreads();
    }

    // Transpose: warp w reads 32 vertices' lines (coalesced), writes 32-column
    // pieces of the batch's rows (coalesced); padding columns get INF.
    W(*tile)[kLanes + 1] = s_tile[warp];
    for (std::size_t v0 = std::size_t(warp) * 32; v0 < stride; v0 += kThreads) {
      for (int j = 0; j < 32; ++j) {
        const std::size_t v = v0 + j;
        tile[j][lane] = v < n ? __ldcg(dist + v * kLanes + lane) : inf;
      }
      __syncwarp();
      if (v0 + lane < stride)
        for (unsigned r = 0; r < k; ++r) rows[std::size_t(first + r) * stride + v0 + lane] = tile[lane][r];
      __syncwarp();
    }
    __syncthreads();  // every warp is done with dist before the next batch refills it
  }
  relaxations += __shfl_down_sync(kFull, relaxations, 16);
  relaxations += __shfl_down_sync(kFull, relaxations, 8);
  relaxations += __shfl_down_sync(kFull, relaxations, 4);
  relaxations += __shfl_down_sync(kFull, relaxations, 2);
  relaxations += __shfl_down_sync(kFull, relaxations, 1);
  if (lane == 0 && relaxations) atomicAdd(scratch.counters, relaxations);
  if (tid == 0 && rounds) atomicAdd(scratch.counters + 1, rounds);
}

}  // namespace

template <class W> int SsspBlocksPerMultiprocessor() {
  int blocks = 0;
  GDIST_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, BatchedSsspKernel<W>, kThreads, 0));
  return blocks;
}

template <class W> void BatchedSsspOnDevice(const SsspDeviceGraph<W>& g, const std::uint32_t* sources,
                                            std::size_t count, const SsspDeviceScratch<W>& scratch, W* rows,
                                            std::size_t stride, W delta, cudaStream_t stream) {
  if (count == 0 || scratch.slots == 0) return;
  const std::size_t batches = (count + kLanes - 1) / kLanes;
  const unsigned grid = static_cast<unsigned>(scratch.slots < batches ? scratch.slots : batches);
  GDIST_CUDA_CHECK(cudaMemsetAsync(scratch.next_batch, 0, sizeof(unsigned), stream));
  BatchedSsspKernel<W>
      <<<grid, kThreads, 0, stream>>>(g, sources, static_cast<unsigned>(count), scratch, rows, stride, delta);
  GDIST_CUDA_CHECK_LAUNCH("BatchedSsspKernel");
}

#define GDIST_INSTANTIATE(W)                                                                      \
  template int SsspBlocksPerMultiprocessor<W>();                                                  \
  template void BatchedSsspOnDevice(const SsspDeviceGraph<W>&, const std::uint32_t*, std::size_t, \
                                    const SsspDeviceScratch<W>&, W*, std::size_t, W, cudaStream_t);
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(float)
#undef GDIST_INSTANTIATE

}  // namespace gdist::cuda
