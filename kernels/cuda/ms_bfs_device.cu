#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/ms_bfs_device.cuh"

namespace gdist::cuda {

namespace {

constexpr int kWords = kMsBfsWords;
constexpr int kSources = kMsBfsSources;
constexpr int kHalves = 2 * kWords;  // 32-bit halves: the unit of the warp reductions
constexpr unsigned kFull = 0xFFFFFFFFu;
constexpr std::uint32_t kNone = 0xFFFFFFFFu;
// Resident blocks asked of the register allocator: more blocks in flight hide
// more of the random-access latency (48 registers a thread, a few bytes spilled).
constexpr int kMinBlocksPerSm = 5;

struct Mask {
  unsigned long long w[kWords];
};

// Bitmaps are read and written around the L1 (.cg): other threads of the block
// change them through atomics in L2 between the block's barriers.
__device__ inline Mask LoadMask(const unsigned long long* p) {
  const auto* q = reinterpret_cast<const ulonglong2*>(p);
  const ulonglong2 a = __ldcg(q), b = __ldcg(q + 1);
  return Mask{{a.x, a.y, b.x, b.y}};
}
__device__ inline void StoreMask(unsigned long long* p, const Mask& m) {
  auto* q = reinterpret_cast<ulonglong2*>(p);
  __stcg(q, make_ulonglong2(m.w[0], m.w[1]));
  __stcg(q + 1, make_ulonglong2(m.w[2], m.w[3]));
}
__device__ inline unsigned Half(const Mask& m, int h) { return static_cast<unsigned>(m.w[h / 2] >> (32 * (h % 2))); }

__device__ inline unsigned long long WarpSum(unsigned long long x) {
  for (int d = 16; d > 0; d /= 2) x += __shfl_down_sync(kFull, x, d);
  return x;
}

// One block per slot; thread t owns source t of the current batch.
__global__ void __launch_bounds__(kSources, kMinBlocksPerSm)
    MultiSourceBfsKernel(MsBfsDeviceGraph g, const std::uint32_t* sources, std::size_t count,
                         MsBfsDeviceScratch scratch, MsBfsDeviceOutput out) {
  __shared__ unsigned s_count[kSources];       // new vertices of the level, per source
  __shared__ std::uint32_t s_least[kSources];  // the smallest of them
  __shared__ std::uint32_t s_first_missed[kSources];
  __shared__ unsigned long long s_pending[kWords];
  __shared__ unsigned s_next_size;

  const std::size_t n = g.n;
  const unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32, warps = blockDim.x / 32;
  const std::size_t slot = blockIdx.x;
  unsigned long long* seen = scratch.masks + slot * 3 * n * kWords;
  unsigned long long* next = seen + n * kWords;
  // The frontier's masks by list position: written and read in order
  // (coalesced).
  unsigned long long* frontier_masks = next + n * kWords;
  std::uint32_t* stamp = scratch.stamps + slot * n;
  std::uint32_t* list_a = scratch.lists + slot * 2 * n;
  std::uint32_t* list_b = list_a + n;
  std::uint32_t epoch = 0;  // stamps start at 0; every level of every batch gets a new epoch

  s_count[tid] = 0;
  s_least[tid] = kNone;
  if (tid == 0) s_next_size = 0;
  const std::size_t batches = (count + kSources - 1) / kSources;
  for (std::size_t b = blockIdx.x; b < batches; b += gridDim.x) {
    const std::size_t first = b * kSources;
    const unsigned k = static_cast<unsigned>(count - first < kSources ? count - first : kSources);
    for (std::size_t v = tid; v < n; v += blockDim.x) StoreMask(seen + v * kWords, Mask{});
    ++epoch;
    __syncthreads();
    std::uint32_t* frontier = list_a;
    std::uint32_t* fresh_list = list_b;
    if (tid < k) {
      const std::uint32_t s = sources[first + tid];
      atomicOr(next + static_cast<std::size_t>(s) * kWords + tid / 64, 1ull << (tid % 64));
      if (atomicExch(stamp + s, epoch) != epoch) fresh_list[atomicAdd(&s_next_size, 1u)] = s;
    }
    std::uint32_t ecc = 0, farthest = kNone, nearest = 0;
    unsigned long long reached = 0, total = 0;
    double harmonic = 0;
    __syncthreads();
    for (std::uint32_t level = 0;; ++level) {
      // Settle the level's new vertices: seen |= next, frontier mask = next,
      // next = 0, and count each source's new bits (ballots over a warp's 32
      // vertices). The previous frontier's masks are spent: expand is done.
      const unsigned fresh_count = s_next_size;
      unsigned acc_count[kHalves];
      std::uint32_t acc_least[kHalves];
#pragma unroll
      for (int h = 0; h < kHalves; ++h) {
        acc_count[h] = 0;
        acc_least[h] = kNone;
      }
      for (unsigned base = warp * 32; base < fresh_count; base += warps * 32) {
        const unsigned i = base + lane;
        Mask x{};
        std::uint32_t v = kNone;
        if (i < fresh_count) {
          v = fresh_list[i];
          unsigned long long* nv = next + static_cast<std::size_t>(v) * kWords;
          unsigned long long* sv = seen + static_cast<std::size_t>(v) * kWords;
          x = LoadMask(nv);
          Mask s = LoadMask(sv);
#pragma unroll
          for (int w = 0; w < kWords; ++w) s.w[w] |= x.w[w];
          StoreMask(sv, s);
          StoreMask(frontier_masks + static_cast<std::size_t>(i) * kWords, x);
          StoreMask(nv, Mask{});
        }
#pragma unroll
        for (int h = 0; h < kHalves; ++h) {
          const unsigned bits = Half(x, h);
          for (unsigned any = __reduce_or_sync(kFull, bits); any; any &= any - 1) {
            const unsigned bit = __ffs(any) - 1;
            const bool mine = (bits >> bit) & 1u;
            const unsigned c = __popc(__ballot_sync(kFull, mine));
            const std::uint32_t least = __reduce_min_sync(kFull, mine ? v : kNone);
            if (lane == bit) {
              acc_count[h] += c;
              acc_least[h] = acc_least[h] < least ? acc_least[h] : least;
            }
          }
        }
      }
#pragma unroll
      for (int h = 0; h < kHalves; ++h)
        if (acc_count[h]) {
          atomicAdd(&s_count[h * 32 + lane], acc_count[h]);
          atomicMin(&s_least[h * 32 + lane], acc_least[h]);
        }
      __syncthreads();
      const unsigned c = s_count[tid];
      if (c) {
        ecc = level;
        farthest = s_least[tid];
        reached += c;
        total += static_cast<unsigned long long>(c) * level;
        if (level > 0) {
          harmonic += static_cast<double>(c) / level;
          if (nearest == 0) nearest = level;
        }
      }
      s_count[tid] = 0;
      s_least[tid] = kNone;
      if (level > 0) {
        const unsigned long long pairs = WarpSum(c);
        if (lane == 0 && pairs) atomicAdd(out.level_pairs + level, pairs);
      }
      std::uint32_t* settled = fresh_list;
      fresh_list = frontier;
      frontier = settled;
      __syncthreads();  // every thread has read s_next_size
      if (tid == 0) s_next_size = 0;
      if (fresh_count == 0) break;
      ++epoch;
      __syncthreads();
      // Expand: every source's frontier bits at u go to the neighbours that
      // source has not seen.
      for (unsigned i = tid; i < fresh_count; i += blockDim.x) {
        const std::uint32_t u = frontier[i];
        const Mask mu = LoadMask(frontier_masks + static_cast<std::size_t>(i) * kWords);
        const std::uint64_t end = g.offsets[u + 1];
        for (std::uint64_t a = g.offsets[u]; a < end; ++a) {
          const std::uint32_t v = g.targets[a];
          const Mask sv = LoadMask(seen + static_cast<std::size_t>(v) * kWords);
          unsigned long long fresh[kWords], any = 0;
#pragma unroll
          for (int w = 0; w < kWords; ++w) {
            fresh[w] = mu.w[w] & ~sv.w[w];
            any |= fresh[w];
          }
          if (!any) continue;
#pragma unroll
          for (int w = 0; w < kWords; ++w)
            if (fresh[w]) atomicOr(next + static_cast<std::size_t>(v) * kWords + w, fresh[w]);
          if (__ldcg(stamp + v) != epoch && atomicExch(stamp + v, epoch) != epoch)
            fresh_list[atomicAdd(&s_next_size, 1u)] = v;
        }
      }
      __syncthreads();
    }

    // The smallest vertex each source missed: vertices in increasing order,
    // blockDim at a time, until every source that missed some has its own.
    s_first_missed[tid] = kNone;
    if (tid < kWords) s_pending[tid] = 0;
    __syncthreads();
    if (tid < k && reached < n) atomicOr(&s_pending[tid / 64], 1ull << (tid % 64));
    __syncthreads();
    for (std::size_t base = 0; base < n; base += blockDim.x) {
      Mask pending;
#pragma unroll
      for (int w = 0; w < kWords; ++w) pending.w[w] = s_pending[w];
      unsigned long long left = 0;
#pragma unroll
      for (int w = 0; w < kWords; ++w) left |= pending.w[w];
      if (!left) break;  // uniform: every thread read the same s_pending
      const std::size_t v = base + tid;
      Mask missed{};
      if (v < n) {
        const Mask s = LoadMask(seen + v * kWords);
#pragma unroll
        for (int w = 0; w < kWords; ++w) missed.w[w] = pending.w[w] & ~s.w[w];
      }
#pragma unroll
      for (int h = 0; h < kHalves; ++h) {
        const unsigned bits = Half(missed, h);
        for (unsigned any = __reduce_or_sync(kFull, bits); any; any &= any - 1) {
          const unsigned bit = __ffs(any) - 1;
          const unsigned who = __ballot_sync(kFull, (bits >> bit) & 1u);
          // Lanes hold increasing vertices: the lowest lane holds the smallest.
          if (lane == 0)
            atomicMin(&s_first_missed[h * 32 + bit], static_cast<std::uint32_t>(base + warp * 32 + __ffs(who) - 1));
        }
      }
      __syncthreads();
      if (tid < k && s_first_missed[tid] != kNone) atomicAnd(&s_pending[tid / 64], ~(1ull << (tid % 64)));
      __syncthreads();
    }
    if (tid < k) {
      const std::size_t j = first + tid;
      out.eccentricity[j] = ecc;
      out.farthest[j] = farthest;
      out.nearest_level[j] = nearest;
      out.first_unreached[j] = s_first_missed[tid];
      out.reached[j] = reached;
      out.total[j] = total;
      out.harmonic[j] = harmonic;
    }
    __syncthreads();  // the next batch clears seen
  }
}

}  // namespace

std::size_t MsBfsScratchBytesPerSlot(std::size_t n) {
  return n * (3 * kWords * sizeof(unsigned long long) + 3 * sizeof(std::uint32_t));
}

int MsBfsBlocksPerMultiprocessor() {
  int blocks = 0;
  GDIST_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, MultiSourceBfsKernel, kSources, 0));
  return blocks;
}

void MultiSourceBfsOnDevice(const MsBfsDeviceGraph& g, const std::uint32_t* sources, std::size_t count,
                            const MsBfsDeviceScratch& scratch, const MsBfsDeviceOutput& out, cudaStream_t stream) {
  if (count == 0 || scratch.slots == 0) return;
  MultiSourceBfsKernel<<<static_cast<unsigned>(scratch.slots), kSources, 0, stream>>>(g, sources, count, scratch, out);
  GDIST_CUDA_CHECK_LAUNCH("MultiSourceBfsKernel");
}

}  // namespace gdist::cuda
