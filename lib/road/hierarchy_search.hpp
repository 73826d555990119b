// Dijkstra over one side of a hierarchy, step by step: from a position, along
// HierarchyArcs (the up arcs: forward search; the down arcs read backwards:
// backward search), so every vertex it settles is above the start. PHAST and
// the tables run it to the end; the route query alternates two of them.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "lib/road/contraction_hierarchy.hpp"

namespace gdist {

template <class W> class HierarchySearch {
 public:
  explicit HierarchySearch(std::size_t n) : dist_(n), parent_(n), stamp_(n, 0) {}

  void Start(std::uint32_t s) {
    if (++epoch_ == 0) {  // wrapped: clear the stamps once every 2^32 searches
      std::fill(stamp_.begin(), stamp_.end(), 0u);
      epoch_ = 1;
    }
    heap_.clear();
    settled_.clear();
    dist_[s] = 0;
    parent_[s] = kNoParent;
    stamp_[s] = epoch_;
    heap_.push_back({W{0}, s});
  }
  bool Done() {
    DropStale();
    return heap_.empty();
  }
  // The smallest tentative distance (call after Done() is false).
  W MinKey() const { return heap_.front().first; }

  // Settles the closest open vertex and relaxes its arcs; returns it. With
  // stall_arcs (the other side's arcs stored at the vertex: ch.down for a
  // forward search, ch.up for a backward one), a vertex that a reached higher
  // vertex proves too far is stalled (stall-on-demand): not relaxed, not in
  // Settled(), LastStalled() true. Its label is then no shortest distance, so
  // no shortest up-down path runs through it; the tables and routes stay exact.
  std::uint32_t SettleNext(const HierarchyArcs<W>& arcs, const HierarchyArcs<W>* stall_arcs = nullptr) {
    const auto greater = std::greater<std::pair<W, std::uint32_t>>();
    std::pop_heap(heap_.begin(), heap_.end(), greater);
    const auto [d, u] = heap_.back();
    heap_.pop_back();
    last_stalled_ = stall_arcs != nullptr && Stalls(*stall_arcs, u, d);
    if (last_stalled_) return u;
    settled_.push_back(u);
    for (std::uint64_t a = arcs.offsets[u], e = arcs.offsets[u + 1]; a < e; ++a) {
      const std::uint32_t x = arcs.ends[a];
      const W nd = d + arcs.weights[a];
      if (stamp_[x] != epoch_ || nd < dist_[x]) {
        stamp_[x] = epoch_;
        dist_[x] = nd;
        parent_[x] = a;
        heap_.push_back({nd, x});
        std::push_heap(heap_.begin(), heap_.end(), greater);
      }
    }
    return u;
  }
  void RunToEnd(const HierarchyArcs<W>& arcs, const HierarchyArcs<W>* stall_arcs = nullptr) {
    while (!Done()) SettleNext(arcs, stall_arcs);
  }
  bool LastStalled() const { return last_stalled_; }

  bool Reached(std::uint32_t v) const { return stamp_[v] == epoch_; }
  W Distance(std::uint32_t v) const { return dist_[v]; }  // valid when Reached(v)
  // The arc (an index into the searched HierarchyArcs) that reached v; the
  // vertex it came from is the one whose range holds that index.
  std::uint64_t ParentArc(std::uint32_t v) const { return parent_[v]; }
  static constexpr std::uint64_t kNoParent = ~std::uint64_t{0};
  const std::vector<std::uint32_t>& Settled() const { return settled_; }

 private:
  // Some reached vertex x above u with d(x) + w(x, u) < d(u).
  bool Stalls(const HierarchyArcs<W>& stall_arcs, std::uint32_t u, W d) const {
    for (std::uint64_t a = stall_arcs.offsets[u], e = stall_arcs.offsets[u + 1]; a < e; ++a) {
      const std::uint32_t x = stall_arcs.ends[a];
      if (stamp_[x] == epoch_ && dist_[x] + stall_arcs.weights[a] < d) return true;
    }
    return false;
  }

  void DropStale() {
    const auto greater = std::greater<std::pair<W, std::uint32_t>>();
    while (!heap_.empty() && heap_.front().first != dist_[heap_.front().second]) {
      std::pop_heap(heap_.begin(), heap_.end(), greater);
      heap_.pop_back();
    }
  }

  std::vector<W> dist_;
  std::vector<std::uint64_t> parent_;
  std::vector<std::uint32_t> stamp_;
  std::vector<std::pair<W, std::uint32_t>> heap_;
  std::vector<std::uint32_t> settled_;
  std::uint32_t epoch_ = 0;
  bool last_stalled_ = false;
};

}  // namespace gdist
