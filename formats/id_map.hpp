// Integer vertex id -> dense index in order of first appearance. Edge lists
// call it twice per line and on large files the cost is cache misses, so:
// small non-negative ids (the common SNAP case, 0..n-ish) index a direct
// array; other ids go to an open-addressing table with linear probing whose
// slots hold key and value together (one cache line touched per lookup).
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace gdist {

class IntIdMap {
 public:
  IntIdMap() { Rehash(1024); }

  // Index of id, inserting it as the next index when it is new.
  std::uint32_t FindOrInsert(std::int64_t id) {
    if (id >= 0 && id < kDirectLimit) {
      const auto d = static_cast<std::size_t>(id);
      if (d >= direct_.size()) direct_.resize(std::max<std::size_t>(d + 1, 2 * direct_.size()), 0);
      std::uint32_t& slot = direct_[d];
      if (slot == 0) {
        ids_.push_back(id);
        slot = static_cast<std::uint32_t>(ids_.size());  // index + 1; 0 means absent
      }
      return slot - 1;
    }
    std::size_t i = Hash(id) & mask_;
    for (;;) {
      Slot& s = slots_[i];
      if (s.value == kEmpty) break;
      if (s.key == id) return s.value;
      i = (i + 1) & mask_;
    }
    const auto index = static_cast<std::uint32_t>(ids_.size());
    slots_[i] = {id, index};
    ids_.push_back(id);
    if (2 * ++hashed_ > slots_.size()) Rehash(2 * slots_.size());  // keep the load under 1/2
    return index;
  }

  // Starts loading the cache line FindOrInsert(id) will touch. Lookups are
  // random accesses into a table larger than the cache; prefetching a batch
  // of them first lets the misses overlap (memory-level parallelism).
  void Prefetch(std::int64_t id) const {
    if (id >= 0 && id < kDirectLimit) {
      if (static_cast<std::size_t>(id) < direct_.size()) __builtin_prefetch(&direct_[static_cast<std::size_t>(id)]);
    } else {
      __builtin_prefetch(&slots_[Hash(id) & mask_]);
    }
  }

  std::size_t size() const { return ids_.size(); }
  // ids()[i] is the id that received index i.
  const std::vector<std::int64_t>& ids() const { return ids_; }

 private:
  static constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();
  // Ids below this use the direct array: at most 2^23 * 4 bytes = 32 MiB.
  static constexpr std::int64_t kDirectLimit = std::int64_t{1} << 23;

  struct Slot {
    std::int64_t key;
    std::uint32_t value;
  };

  // splitmix64's finaliser (Steele, Lea, Flood, OOPSLA 2014): sequential and
  // strided ids spread over the table.
  static std::size_t Hash(std::int64_t id) {
    auto x = static_cast<std::uint64_t>(id) + 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return static_cast<std::size_t>(x ^ (x >> 31));
  }

  void Rehash(std::size_t capacity) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{0, kEmpty});
    mask_ = capacity - 1;
    for (const Slot& s : old) {
      if (s.value == kEmpty) continue;
      std::size_t i = Hash(s.key) & mask_;
      while (slots_[i].value != kEmpty) i = (i + 1) & mask_;
      slots_[i] = s;
    }
  }

  std::vector<std::uint32_t> direct_;
  std::vector<Slot> slots_;
  std::vector<std::int64_t> ids_;
  std::size_t hashed_ = 0;
  std::size_t mask_ = 0;
};

}  // namespace gdist
