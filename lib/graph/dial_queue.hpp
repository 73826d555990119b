// Dial's bucket queue, the one of the tree: for small non-negative integer
// keys whose pending keys all lie in [d, d + C) while key d is settled (C =
// the largest weight + 1), a circular array of C buckets indexed by key mod C
// holds them exactly; a bitmap of non-empty buckets finds the next key in
// C/64 word reads at most. Each push and pop is O(1), with no comparisons.
// Two users: Dijkstra over a CSR view (Run; the all-pairs trees of
// lib/sparse/tree_apsp.cpp: on weights up to a few thousand about 1.4-2x
// faster than the radix heap, bench/results/sparse.md) and the bounded trees
// inside strong components of the 16-bit distance bound
// (lib/engine/distance_bound.cpp, through Drain).
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "lib/graph/csr.hpp"
#include "lib/graph/relax_arcs.hpp"

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

  // Pushes (key 0, first), then pops every entry in key order until the queue
  // is empty: visit(key, v, push) for each, stale entries included (the
  // caller skips them); push(k, w) adds an entry with key k in [key, key + C).
  // Entries of one key come in push order, those pushed at the key being
  // settled (zero-weight arcs) included. The queue is empty again after.
  template <class Visit> void Drain(std::uint32_t first, Visit&& visit) {
    const std::uint64_t c = buckets_.size();
    Push(0, first);
    std::size_t pending = 1;
    auto push = [&](std::uint64_t k, std::uint32_t w) {
      Push(k, w);
      ++pending;
    };
    std::uint64_t key = 0;
    while (pending) {
      key = NextKey(key);
      std::vector<std::uint32_t>& b = buckets_[key % c];
      for (std::size_t i = 0; i < b.size(); ++i) {  // zero-weight arcs append to b while it is read
        --pending;
        visit(key, b[i], push);
      }
      b.clear();
      bits_[(key % c) / 64] &= ~(std::uint64_t{1} << (key % c % 64));
    }
  }

  // Dijkstra from s: dist[v] = distance from s, or `inf`.
  template <class D, class W> void Run(const CsrView<W>& g, std::uint32_t s, D* dist, D inf) {
    std::fill(dist, dist + g.n, inf);
    dist[s] = 0;
    Drain(s, [&](std::uint64_t key, std::uint32_t u, auto& push) {
      if (static_cast<std::uint64_t>(dist[u]) != key) return;  // stale entry
      RelaxOutArcs(g, u, dist, [&](D nd, std::uint32_t v) { push(static_cast<std::uint64_t>(nd), v); });
    });
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
