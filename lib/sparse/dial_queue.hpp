// Dijkstra with Dial's bucket queue for small non-negative integer weights:
// every pending key lies in [d, d + C) for the key d being settled (C = the
// largest weight + 1), so a circular array of C buckets indexed by key mod C
// holds them exactly; a bitmap of non-empty buckets finds the next key in
// C/64 word reads at most. Each push and pop is O(1), with no comparisons: on
// weights up to a few thousand it runs about 1.4-2x faster than the radix heap
// (bench/RESULTS.md, "Sparse APSP and siting on graphs"). Used by the all-pairs
// trees (tree_apsp.cpp); dist[v] = distance from s, or `inf`.
#pragma once
#include <bit>
#include <cstdint>
#include <vector>

#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/relax_arcs.hpp"

namespace gdist {

// Largest weight + 1 at which the bucket array (C vectors, C bits) is used.
inline constexpr std::uint64_t kDialMaxBuckets = std::uint64_t{1} << 16;

class DialQueue {
 public:
  explicit DialQueue(std::size_t buckets = 1) { Resize(buckets); }
  void Resize(std::size_t buckets) {
    buckets_.assign(buckets, {});
    bits_.assign((buckets + 63) / 64, 0);
  }
  std::size_t buckets() const { return buckets_.size(); }

  template <class D, class W> void Run(const CsrView<W>& g, std::uint32_t s, D* dist, D inf) {
    const std::uint64_t c = buckets_.size();
    std::fill(dist, dist + g.n, inf);
    dist[s] = 0;
    Push(0, s);
    std::size_t pending = 1;
    std::uint64_t key = 0;
    while (pending) {
      key = NextKey(key);
      std::vector<std::uint32_t>& b = buckets_[key % c];
      for (std::size_t i = 0; i < b.size(); ++i) {  // zero-weight arcs append to b while it is read
        --pending;
        const std::uint32_t u = b[i];
        if (static_cast<std::uint64_t>(dist[u]) != key) continue;  // stale entry
        RelaxOutArcs(g, u, dist, [&](D nd, std::uint32_t v) {
          Push(static_cast<std::uint64_t>(nd), v);
          ++pending;
        });
      }
      b.clear();
      bits_[(key % c) / 64] &= ~(std::uint64_t{1} << (key % c % 64));
    }
  }

 private:
  void Push(std::uint64_t key, std::uint32_t v) {
    const std::uint64_t i = key % buckets_.size();
    buckets_[i].push_back(v);
    bits_[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  // The smallest key >= from whose bucket is non-empty (one exists).
  std::uint64_t NextKey(std::uint64_t from) const {
    const std::uint64_t c = buckets_.size(), start = from % c;
    std::uint64_t i = start;
    for (;;) {
      const std::uint64_t word = bits_[i / 64] >> (i % 64);
      if (word) {
        const std::uint64_t j = i + static_cast<std::uint64_t>(std::countr_zero(word));
        if (j < c) return from + (j - start + c) % c;
      }
      i = (i / 64 + 1) * 64;  // the next word, wrapping at c
      if (i >= c) i = 0;
    }
  }

  std::vector<std::vector<std::uint32_t>> buckets_;
  std::vector<std::uint64_t> bits_;
};

}  // namespace gdist
