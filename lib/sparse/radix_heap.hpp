// Monotone priority queue for non-negative integer keys (Ahuja, Mehlhorn,
// Orlin, Tarjan 1990): a popped key never exceeds a later pushed one, which is
// what Dijkstra guarantees. Bucket b holds keys whose highest bit differing
// from the last popped key is b-1, so each item moves down at most 64 times;
// on road-like integer weights this beats a binary heap (no comparisons, no
// log n sift per push). Lazy: a vertex may be pushed again with a smaller key.
#pragma once
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

namespace gdist {

class RadixHeap {
 public:
  using Item = std::pair<std::uint64_t, std::uint32_t>;  // (key, vertex)

  bool empty() const { return size_ == 0; }
  void clear() {
    for (auto& b : buckets_) b.clear();
    size_ = 0;
    last_ = 0;
  }
  void push(std::uint64_t key, std::uint32_t v) {
    buckets_[BucketOf(key)].push_back({key, v});
    ++size_;
  }
  // The item with the smallest key (ties in any order).
  Item pop() {
    if (buckets_[0].empty()) {
      int b = 1;
      while (buckets_[b].empty()) ++b;
      std::uint64_t smallest = buckets_[b][0].first;
      for (const Item& it : buckets_[b]) smallest = std::min(smallest, it.first);
      last_ = smallest;
      for (const Item& it : buckets_[b]) buckets_[BucketOf(it.first)].push_back(it);
      buckets_[b].clear();
    }
    Item it = buckets_[0].back();
    buckets_[0].pop_back();
    --size_;
    return it;
  }

 private:
  int BucketOf(std::uint64_t key) const { return key == last_ ? 0 : 64 - std::countl_zero(key ^ last_); }

  std::vector<Item> buckets_[65];
  std::size_t size_ = 0;
  std::uint64_t last_ = 0;
};

}  // namespace gdist
