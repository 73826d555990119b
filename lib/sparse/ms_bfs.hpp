// Bit-parallel multi-source BFS (Then et al., "The More the Merrier", VLDB
// 2015): up to 64*kWords BFS at once, one bit per source per vertex, one sweep
// of the frontier's arcs per level for all of them. Only the vertices some
// source reached at the previous level are expanded (a frontier list, not a
// scan of all n), so batches of nearby sources (close ids on road graphs)
// share most of their work.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

namespace gdist {

template <int kWords> class MultiSourceBfs {
 public:
  static constexpr int kMaxSources = 64 * kWords;
  using Mask = std::array<std::uint64_t, kWords>;

  MultiSourceBfs(std::size_t n, const std::uint64_t* offsets, const std::uint32_t* targets)
      : n_(n), offsets_(offsets), targets_(targets), seen_(n), visit_(n), next_(n) {}

  // BFS from sources[0..k), k <= kMaxSources (repeats allowed). Calls
  // reached(level, v, mask) once per level per vertex that some sources reach
  // at that level (bit j of mask: source j), level 0 being the sources
  // themselves, then level_done(level, any) with the OR of that level's masks.
  template <class Reached, class LevelDone>
  void Run(std::span<const std::uint32_t> sources, Reached&& reached, LevelDone&& level_done) {
    std::fill(seen_.begin(), seen_.end(), Mask{});
    frontier_.clear();
    for (std::size_t j = 0; j < sources.size(); ++j) {
      const std::uint32_t s = sources[j];
      if (IsZero(visit_[s])) frontier_.push_back(s);
      visit_[s][j / 64] |= std::uint64_t{1} << (j % 64);
      seen_[s][j / 64] |= std::uint64_t{1} << (j % 64);
    }
    Mask any{};
    for (std::uint32_t s : frontier_) {
      reached(0u, s, visit_[s]);
      Or(any, visit_[s]);
    }
    level_done(0u, any);
    for (std::uint32_t level = 1; !frontier_.empty(); ++level) {
      next_list_.clear();
      for (std::uint32_t u : frontier_) {
        const Mask mu = visit_[u];
        for (std::uint64_t a = offsets_[u], e = offsets_[u + 1]; a < e; ++a) {
          const std::uint32_t v = targets_[a];
          Mask& nv = next_[v];
          const Mask& sv = seen_[v];
          std::uint64_t fresh_any = 0, was = 0;
          for (int w = 0; w < kWords; ++w) {
            const std::uint64_t fresh = mu[w] & ~sv[w];
            was |= nv[w];
            nv[w] |= fresh;
            fresh_any |= fresh;
          }
          if (fresh_any && !was) next_list_.push_back(v);
        }
      }
      for (std::uint32_t u : frontier_) visit_[u] = Mask{};
      any = Mask{};
      for (std::uint32_t v : next_list_) {
        Mask& nv = next_[v];
        for (int w = 0; w < kWords; ++w) seen_[v][w] |= nv[w];
        reached(level, v, nv);
        Or(any, nv);
        visit_[v] = nv;
        nv = Mask{};
      }
      if (!next_list_.empty()) level_done(level, any);
      frontier_.swap(next_list_);
    }
  }

  // After Run: the sources that reached v (bit j: sources[j]).
  const Mask& Seen(std::uint32_t v) const { return seen_[v]; }

  // Calls f(j) for every set bit j of mask.
  template <class F> static void ForEachBit(const Mask& mask, F&& f) {
    for (int w = 0; w < kWords; ++w)
      for (std::uint64_t bits = mask[w]; bits; bits &= bits - 1) f(w * 64 + std::countr_zero(bits));
  }

 private:
  static bool IsZero(const Mask& m) {
    std::uint64_t x = 0;
    for (int w = 0; w < kWords; ++w) x |= m[w];
    return x == 0;
  }
  static void Or(Mask& a, const Mask& b) {
    for (int w = 0; w < kWords; ++w) a[w] |= b[w];
  }

  std::size_t n_;
  const std::uint64_t* offsets_;
  const std::uint32_t* targets_;
  std::vector<Mask> seen_, visit_, next_;
  std::vector<std::uint32_t> frontier_, next_list_;
};

}  // namespace gdist
