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
constexpr int kArcsInFlight = 4;

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
  unsigned long long relaxations = 0, rounds = 0;  // lane 0 of each warp / thread 0

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
        for (unsigned i = warp; i < size; i += kWarps) {
          const std::uint32_t v = list_cur[i];
          const std::uint32_t m = __ldcg(mask_cur + v);
          __syncwarp();
          if (lane == 0) __stcg(mask_cur + v, 0u);  // no one else writes mask_cur this round
          const bool listed = (m >> lane) & 1u;
          const W dv = listed ? __ldcg(dist + std::size_t(v) * kLanes + lane) : inf;
          const bool mine = listed && dv < threshold;
          const unsigned far = __ballot_sync(kFull, listed && !mine);
          if (far && lane == 0 && atomicOr(mask_far + v, far) == 0) list_far[atomicAdd(&s_far_size, 1u)] = v;
          const std::uint64_t begin = g.offsets[v], end = g.offsets[v + 1];
          if (lane == 0) relaxations += static_cast<unsigned long long>(__popc(m & ~far)) * (end - begin);
          if (m == far) continue;  // uniform: every lane deferred
          // kArcsInFlight arcs at a time: their heads' distance lines are
          // loaded together, so a warp waits for one memory round trip per
          // group instead of one per arc (road vertices have 2-4 arcs).
          for (std::uint64_t a0 = begin; a0 < end; a0 += kArcsInFlight) {
            std::uint32_t u[kArcsInFlight];
            W nd[kArcsInFlight], du[kArcsInFlight];
#pragma unroll
            for (int j = 0; j < kArcsInFlight; ++j) {
              const bool arc = a0 + j < end;
              u[j] = arc ? __ldg(g.targets + a0 + j) : 0;
              nd[j] = arc && mine ? dv + __ldg(g.weights + a0 + j) : inf;
              du[j] = arc && mine ? __ldcg(dist + std::size_t(u[j]) * kLanes + lane) : inf;
            }
#pragma unroll
            for (int j = 0; j < kArcsInFlight; ++j) {
              const bool better =
                  nd[j] < du[j] && nd[j] < AtomicMinNonNegative(dist + std::size_t(u[j]) * kLanes + lane, nd[j]);
              const unsigned bits = __ballot_sync(kFull, better);
              if (bits && lane == 0 && atomicOr(mask_next + u[j], bits) == 0)
                list_next[atomicAdd(&s_next_size, 1u)] = u[j];
            }
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
