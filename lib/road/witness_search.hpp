// The witness search of a contraction: Dijkstra from one neighbour u of the
// vertex being contracted, over the shrinking graph's out-arcs, never through
// the vertex itself (avoid) nor a vertex of the current round (excluded), bounded by the longest shortcut it
// could make redundant and by a settle limit. A target whose distance stays
// above its shortcut's length needs the shortcut.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "lib/road/contraction_graph.hpp"

namespace gdist {

// alignas: each thread has one, side by side in a vector; the heap's end
// pointer changes on every push, so two of them must not share a cache line.
template <class W> class alignas(64) WitnessSearch {
 public:
  explicit WitnessSearch(std::size_t n) : state_(n) {}

  // Distances from `source` up to `bound`; stops early once every vertex
  // marked with MarkTarget since the last Run is settled.
  void Run(const ContractionGraph<W>& g, const std::vector<std::uint8_t>& excluded, std::uint32_t avoid,
           std::uint32_t source, W bound, std::size_t settle_limit) {
    heap_.clear();
    state_[source].dist = 0;
    state_[source].stamp = epoch_;
    heap_.push_back({W{0}, source});
    std::size_t settled = 0, targets_left = targets_;
    const auto greater = std::greater<std::pair<W, std::uint32_t>>();
    while (!heap_.empty() && targets_left > 0 && settled < settle_limit) {
      std::pop_heap(heap_.begin(), heap_.end(), greater);
      const auto [d, u] = heap_.back();
      heap_.pop_back();
      if (d != state_[u].dist) continue;  // stale
      if (bound < d) break;
      ++settled;
      if (state_[u].target == epoch_) {
        --targets_left;
        state_[u].target = 0;  // a vertex settles once; duplicates in the heap are stale
      }
      for (const auto& a : g.Out(u)) {
        if (a.other == avoid || excluded[a.other] || bound - d < a.weight) continue;  // no sum past bound: no overflow
        const W nd = d + a.weight;
        VertexState& x = state_[a.other];
        if (x.stamp != epoch_ || nd < x.dist) {
          x.stamp = epoch_;
          x.dist = nd;
          heap_.push_back({nd, a.other});
          std::push_heap(heap_.begin(), heap_.end(), greater);
        }
      }
    }
  }

  // Call before Run for each target; Finish after reading the distances.
  void MarkTarget(std::uint32_t v) {
    if (state_[v].target != epoch_) {
      state_[v].target = epoch_;
      ++targets_;
    }
  }
  // The distance found (an upper bound when a limit stopped the search); false
  // when v was not reached.
  bool Reached(std::uint32_t v, W* d) const {
    if (state_[v].stamp != epoch_) return false;
    *d = state_[v].dist;
    return true;
  }
  void Finish() {
    targets_ = 0;
    if (++epoch_ == 0) {  // wrapped: clear the stamps once every 2^32 searches
      std::fill(state_.begin(), state_.end(), VertexState{});
      epoch_ = 1;
    }
  }

 private:
  struct VertexState {  // one cache line holds all a relaxation reads
    W dist{};
    std::uint32_t stamp = 0;   // dist is this search's when stamp == epoch_
    std::uint32_t target = 0;  // a target of this search, not yet settled
  };
  std::vector<VertexState> state_;
  std::vector<std::pair<W, std::uint32_t>> heap_;
  std::uint32_t epoch_ = 1;
  std::size_t targets_ = 0;
};

}  // namespace gdist
