// The CPU twin of the batched GPU shortest paths (lib/sparse/gpu_sssp.hpp): the
// kernel's batches of 32 sources, vertex-major distances, rounds over the
// frontier with its masks of improved sources, the near-far piles, and the
// transposition into rows; warps become a loop over the frontier and lanes a
// loop over the set bits of a vertex's mask. Test support: tests and bench only.
#include "lib/testing/gpu_sssp_twin.hpp"

#include <omp.h>

#include <algorithm>
#include <vector>

#include "lib/core/element_traits.hpp"

namespace gdist {

namespace {

constexpr std::size_t kLanes = kSsspBatchSources;

template <class W> struct TwinScratch {
  std::vector<W> dist;  // n x kLanes
  std::vector<std::uint32_t> mask_cur, mask_next, mask_far, list_cur, list_next, list_far;
  explicit TwinScratch(std::size_t n)
      : dist(n * kLanes), mask_cur(n), mask_next(n), mask_far(n), list_cur(n), list_next(n), list_far(n) {}
};

// Marks v in a mask/list pair: appended when its mask was empty.
inline void Mark(std::vector<std::uint32_t>& mask, std::vector<std::uint32_t>& list, std::size_t& size, std::uint32_t v,
                 std::uint32_t bits) {
  if (mask[v] == 0) list[size++] = v;
  mask[v] |= bits;
}

// One batch: sources[0..k) into rows out + r * stride; returns its relaxations and rounds.
template <class W> SsspSweepStats RunBatch(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t k,
                                           TwinScratch<W>& s, W* out, std::size_t stride, W delta) {
  const W inf = ElementTraits<W>::kInf;
  const std::size_t n = g.n;
  SsspSweepStats stats;
  std::fill(s.dist.begin(), s.dist.end(), inf);
  std::size_t size = 0, next_size = 0, far_size = 0;
  for (std::size_t lane = 0; lane < k; ++lane) {
    s.dist[sources[lane] * kLanes + lane] = W(0);
    Mark(s.mask_cur, s.list_cur, size, sources[lane], 1u << lane);
  }
  W threshold = delta > W(0) ? delta : inf;
  for (;;) {
    while (size > 0) {
      ++stats.rounds;
      for (std::size_t i = 0; i < size; ++i) {
        const std::uint32_t v = s.list_cur[i];
        const std::uint32_t m = s.mask_cur[v];
        s.mask_cur[v] = 0;
        std::uint32_t near = 0;
        for (std::uint32_t bits = m; bits; bits &= bits - 1) {
          const int lane = __builtin_ctz(bits);
          if (s.dist[v * kLanes + lane] < threshold) near |= 1u << lane;
        }
        if (const std::uint32_t far = m & ~near) Mark(s.mask_far, s.list_far, far_size, v, far);
        const std::uint64_t begin = g.offsets[v], end = g.offsets[v + 1];
        stats.relaxations += static_cast<std::uint64_t>(__builtin_popcount(near)) * (end - begin);
        for (std::uint64_t a = begin; a < end; ++a) {
          const std::uint32_t u = g.targets[a];
          std::uint32_t improved = 0;
          for (std::uint32_t bits = near; bits; bits &= bits - 1) {
            const int lane = __builtin_ctz(bits);
            const W nd = s.dist[v * kLanes + lane] + g.weights[a];
            if (nd < s.dist[u * kLanes + lane]) {
              s.dist[u * kLanes + lane] = nd;
              improved |= 1u << lane;
            }
          }
          if (improved) Mark(s.mask_next, s.list_next, next_size, u, improved);
        }
      }
      std::swap(s.list_cur, s.list_next);
      std::swap(s.mask_cur, s.mask_next);
      size = next_size;
      next_size = 0;
    }
    if (far_size == 0) break;
    threshold = threshold < inf - delta ? threshold + delta : inf;
    std::swap(s.list_cur, s.list_far);
    std::swap(s.mask_cur, s.mask_far);
    size = far_size;
    far_size = 0;
  }
  for (std::size_t r = 0; r < k; ++r) {
    W* row = out + r * stride;
    for (std::size_t v = 0; v < n; ++v) row[v] = s.dist[v * kLanes + r];
    std::fill(row + n, row + stride, inf);
  }
  return stats;
}

}  // namespace

template <class W> SsspSweepStats SsspRowsOnCpu(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t count,
                                                W* out, std::size_t stride, int threads, W delta) {
  CheckSsspInputs(g, sources, count, stride);
  const std::size_t n = g.n;
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  const auto batches = static_cast<std::int64_t>((count + kLanes - 1) / kLanes);
  std::uint64_t relaxations = 0, rounds = 0;
#pragma omp parallel num_threads(nt) reduction(+ : relaxations, rounds)
  {
    TwinScratch<W> scratch(n);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < batches; ++b) {
      const std::size_t first = static_cast<std::size_t>(b) * kLanes;
      const SsspSweepStats s =
          RunBatch(g, sources + first, std::min(kLanes, count - first), scratch, out + first * stride, stride, delta);
      relaxations += s.relaxations;
      rounds += s.rounds;
    }
  }
  SsspSweepStats stats;
  stats.relaxations = relaxations;
  stats.rounds = rounds;
  return stats;
}

template SsspSweepStats SsspRowsOnCpu(const SsspGraph<std::int32_t>&, const std::uint32_t*, std::size_t, std::int32_t*,
                                      std::size_t, int, std::int32_t);
template SsspSweepStats SsspRowsOnCpu(const SsspGraph<float>&, const std::uint32_t*, std::size_t, float*, std::size_t,
                                      int, float);

}  // namespace gdist
