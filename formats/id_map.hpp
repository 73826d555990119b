// Integer vertex id -> dense index in order of first appearance. Open
// addressing with linear probing over a power-of-two table: edge lists call it
// twice per line, and std::unordered_map's node allocation would dominate the
// parse time of a SNAP file.
#pragma once
#include <cstdint>
#include <limits>
#include <vector>

namespace gdist {

class IntIdMap {
 public:
  IntIdMap() { Rehash(1024); }

  // Index of id, inserting it as the next index when it is new.
  std::uint32_t FindOrInsert(std::int64_t id) {
    std::size_t slot = Hash(id) & mask_;
    for (;;) {
      std::uint32_t v = values_[slot];
      if (v == kEmpty) break;
      if (keys_[slot] == id) return v;
      slot = (slot + 1) & mask_;
    }
    const auto index = static_cast<std::uint32_t>(ids_.size());
    keys_[slot] = id;
    values_[slot] = index;
    ids_.push_back(id);
    if (2 * ids_.size() > keys_.size()) Rehash(2 * keys_.size());  // keep the load under 1/2
    return index;
  }

  std::size_t size() const { return ids_.size(); }
  // ids()[i] is the id that received index i.
  const std::vector<std::int64_t>& ids() const { return ids_; }

 private:
  static constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();

  // splitmix64's finaliser: sequential and strided ids spread over the table.
  static std::size_t Hash(std::int64_t id) {
    auto x = static_cast<std::uint64_t>(id);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return static_cast<std::size_t>(x ^ (x >> 31));
  }

  void Rehash(std::size_t capacity) {
    keys_.assign(capacity, 0);
    values_.assign(capacity, kEmpty);
    mask_ = capacity - 1;
    for (std::uint32_t i = 0; i < ids_.size(); ++i) {
      std::size_t slot = Hash(ids_[i]) & mask_;
      while (values_[slot] != kEmpty) slot = (slot + 1) & mask_;
      keys_[slot] = ids_[i];
      values_[slot] = i;
    }
  }

  std::vector<std::int64_t> keys_;
  std::vector<std::uint32_t> values_;
  std::vector<std::int64_t> ids_;
  std::size_t mask_ = 0;
};

}  // namespace gdist
