// The CPU twin of the GPU BFS kernel (kernels/cuda/ms_bfs_device.cu): the
// same batches, bitmaps, vertex lists, level stamps and per-level counters, one
// batch per thread, so that a CI machine without a GPU tests the kernel's logic
// and the host code around it. Test support: tests and bench only.
#include "lib/testing/gpu_ms_bfs_twin.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <span>

#include "lib/util/error.hpp"

namespace gdist {

namespace {

using Mask = std::array<std::uint64_t, kBatchWords>;

// One batch at a time, as one thread block of the kernel does it.
class BatchBfs {
 public:
  explicit BatchBfs(const BfsGraph& g)
      : g_(g), seen_(g.n), next_(g.n), frontier_masks_(g.n), stamp_(g.n, 0), level_pairs_(g.n, 0) {}

  void Run(std::span<const std::uint32_t> batch, BfsSourceStats* out) {
    const std::size_t k = batch.size();
    std::fill(seen_.begin(), seen_.end(), Mask{});
    ++epoch_;
    fresh_.clear();
    for (std::size_t j = 0; j < k; ++j) {
      next_[batch[j]][j / 64] |= std::uint64_t{1} << (j % 64);
      if (stamp_[batch[j]] != epoch_) {
        stamp_[batch[j]] = epoch_;
        fresh_.push_back(batch[j]);
      }
    }
    std::array<BfsSourceStats, kBatchSources> s{};
    std::array<std::uint32_t, kBatchSources> count{}, least;
    least.fill(kNoVertex);
    for (std::uint32_t level = 0;; ++level) {
      // Settle (the frontier's masks by list position).
      for (std::size_t i = 0; i < fresh_.size(); ++i) {
        const std::uint32_t v = fresh_[i];
        const Mask x = next_[v];
        for (int w = 0; w < kBatchWords; ++w) {
          seen_[v][w] |= x[w];
          for (std::uint64_t bits = x[w]; bits; bits &= bits - 1) {
            const int j = w * 64 + std::countr_zero(bits);
            ++count[j];
            least[j] = std::min(least[j], v);
          }
        }
        frontier_masks_[i] = x;
        next_[v] = Mask{};
      }
      std::uint64_t pairs = 0;
      for (std::size_t j = 0; j < k; ++j) {
        if (count[j]) {
          s[j].eccentricity = level;
          s[j].farthest = least[j];
          s[j].reached += count[j];
          s[j].total += std::uint64_t{count[j]} * level;
          if (level > 0) {
            s[j].harmonic += static_cast<double>(count[j]) / level;
            if (s[j].nearest_level == 0) s[j].nearest_level = level;
          }
        }
        pairs += count[j];
        count[j] = 0;
        least[j] = kNoVertex;
      }
      if (level > 0 && pairs) level_pairs_[level] += pairs;  // the last level, past the deepest, counts nothing
      frontier_.swap(fresh_);
      fresh_.clear();
      if (frontier_.empty()) break;
      ++epoch_;
      // Expand.
      for (std::size_t i = 0; i < frontier_.size(); ++i) {
        const std::uint32_t u = frontier_[i];
        const Mask mu = frontier_masks_[i];
        for (std::uint64_t a = g_.offsets[u]; a < g_.offsets[u + 1]; ++a) {
          const std::uint32_t v = g_.targets[a];
          Mask fresh;
          std::uint64_t any = 0;
          for (int w = 0; w < kBatchWords; ++w) {
            fresh[w] = mu[w] & ~seen_[v][w];
            any |= fresh[w];
          }
          if (!any) continue;
          for (int w = 0; w < kBatchWords; ++w) next_[v][w] |= fresh[w];
          if (stamp_[v] != epoch_) {
            stamp_[v] = epoch_;
            fresh_.push_back(v);
          }
        }
      }
    }
    // First missed vertex, in increasing order.
    Mask pending{};
    for (std::size_t j = 0; j < k; ++j)
      if (s[j].reached < g_.n) pending[j / 64] |= std::uint64_t{1} << (j % 64);
    for (std::size_t v = 0; v < g_.n; ++v) {
      std::uint64_t left = 0;
      for (int w = 0; w < kBatchWords; ++w) {
        for (std::uint64_t bits = pending[w] & ~seen_[v][w]; bits; bits &= bits - 1)
          s[w * 64 + std::countr_zero(bits)].first_unreached = static_cast<std::uint32_t>(v);
        pending[w] &= seen_[v][w];
        left |= pending[w];
      }
      if (!left) break;
    }
    std::copy(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(k), out);
  }

  const std::vector<std::uint64_t>& level_pairs() const { return level_pairs_; }

 private:
  const BfsGraph& g_;
  std::vector<Mask> seen_, next_, frontier_masks_;
  std::vector<std::uint32_t> stamp_, fresh_, frontier_;
  std::uint32_t epoch_ = 0;
  std::vector<std::uint64_t> level_pairs_;
};

}  // namespace

BfsSweep SweepSourcesOnCpu(const BfsGraph& g, const std::uint32_t* sources, std::size_t count, int threads) {
  const std::size_t k = count;
  BfsSweep sweep;
  sweep.sources.resize(k);
  for (std::size_t i = 0; i < k; ++i)
    if (const std::uint32_t s = sources[i]; s >= g.n)
      throw Error("BFS source " + std::to_string(s) + " is not a vertex (n = " + std::to_string(g.n) + ")");
  if (k == 0) return sweep;
  std::vector<std::uint32_t> ordered;
  const std::vector<std::uint32_t> order = SourcesInLocalityOrder(g, sources, k, &ordered);
  std::vector<BfsSourceStats> stats(k);
  const auto batches = static_cast<std::int64_t>((k + kBatchSources - 1) / kBatchSources);
  const int nt = static_cast<int>(std::min<std::int64_t>(threads > 0 ? threads : omp_get_max_threads(), batches));
  std::vector<std::uint64_t> pairs(g.n, 0);
#pragma omp parallel num_threads(nt)
  {
    BatchBfs bfs(g);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < batches; ++b) {
      const std::size_t first = static_cast<std::size_t>(b) * kBatchSources;
      const std::size_t count = std::min<std::size_t>(kBatchSources, k - first);
      bfs.Run(std::span<const std::uint32_t>(ordered).subspan(first, count), stats.data() + first);
    }
#pragma omp critical
    for (std::size_t l = 0; l < g.n; ++l) pairs[l] += bfs.level_pairs()[l];
  }
  for (std::size_t r = 0; r < k; ++r) sweep.sources[order[r]] = stats[r];
  std::uint32_t deepest = 0;
  for (const BfsSourceStats& s : sweep.sources) deepest = std::max(deepest, s.eccentricity);
  sweep.level_pairs.assign(pairs.begin(), pairs.begin() + deepest + 1);
  return sweep;
}

}  // namespace gdist
