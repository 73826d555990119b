// One shortest-path tree over one direction of a CSR graph: BFS for unit
// weights, Dijkstra with a radix heap for non-negative integer weights and a
// binary heap for floating weights. dist[v] = distance from s, or `inf`.
#pragma once
#include <cstdint>
#include <functional>
#include <queue>
#include <type_traits>
#include <vector>

#include "lib/graph/relax_arcs.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/radix_heap.hpp"

namespace gdist {

// Scratch space reused across trees of one thread.
struct TreeWorkspace {
  std::vector<std::uint32_t> queue;
  RadixHeap radix;
  std::vector<std::pair<double, std::uint32_t>> heap;  // binary heap storage (float keys)
  std::vector<std::int64_t> wide_int;                  // Johnson: re-weighted distances
  std::vector<double> wide_float;
};

// Unit weights. Returns the number r of vertices reached; queue[0..r) holds
// them in visiting order, i.e. by non-decreasing distance.
template <class D, class W>
std::size_t Bfs(const CsrView<W>& g, std::uint32_t s, D* dist, D inf, std::vector<std::uint32_t>& queue) {
  std::fill(dist, dist + g.n, inf);
  queue.resize(g.n);
  std::size_t head = 0, tail = 0;
  dist[s] = 0;
  queue[tail++] = s;
  while (head < tail) {
    const std::uint32_t u = queue[head++];
    const D next = dist[u] + 1;
    for (std::uint64_t a = g.offsets[u], e = g.offsets[u + 1]; a < e; ++a) {
      const std::uint32_t v = g.targets[a];
      if (dist[v] == inf) {
        dist[v] = next;
        queue[tail++] = v;
      }
    }
  }
  return tail;
}

// Non-negative integer weights; D an integer type wide enough for every sum.
template <class D, class W> void DijkstraRadix(const CsrView<W>& g, std::uint32_t s, D* dist, D inf, RadixHeap& heap) {
  static_assert(std::is_integral_v<D> && std::is_integral_v<W>);
  std::fill(dist, dist + g.n, inf);
  heap.clear();
  dist[s] = 0;
  heap.push(0, s);
  while (!heap.empty()) {
    auto [key, u] = heap.pop();
    if (static_cast<D>(key) != dist[u]) continue;  // stale entry
    RelaxOutArcs(g, u, dist, [&](D nd, std::uint32_t v) { heap.push(static_cast<std::uint64_t>(nd), v); });
  }
}

// Non-negative floating weights (sums rounded in D, along the path).
template <class D, class W> void DijkstraBinaryHeap(const CsrView<W>& g, std::uint32_t s, D* dist, D inf,
                                                    std::vector<std::pair<double, std::uint32_t>>& heap) {
  std::fill(dist, dist + g.n, inf);
  heap.clear();
  auto greater = std::greater<std::pair<double, std::uint32_t>>();
  dist[s] = 0;
  heap.push_back({0.0, s});
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), greater);
    auto [key, u] = heap.back();
    heap.pop_back();
    if (static_cast<D>(key) != dist[u]) continue;
    RelaxOutArcs(g, u, dist, [&](D nd, std::uint32_t v) {
      heap.push_back({static_cast<double>(nd), v});
      std::push_heap(heap.begin(), heap.end(), greater);
    });
  }
}

}  // namespace gdist
