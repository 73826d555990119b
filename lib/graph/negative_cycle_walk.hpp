// The negative-cycle walk: after Bellman-Ford passes (lib/engine/negative_cycle)
// or SPFA relaxations (lib/sparse/johnson), a cycle of the predecessor graph is
// a negative cycle (Cherkassky & Goldberg 1999). One walk per start vertex,
// each vertex walked once over all starts: O(n).
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

namespace gdist {

// A vertex on a cycle of parent[] (parent[v]: v's predecessor, or `none`), or
// nullopt when the predecessor graph is a forest. *walk is scratch (n entries).
template <class I> std::optional<I> VertexOnParentCycle(const std::vector<I>& parent, I none, std::vector<I>* walk) {
  const std::size_t n = parent.size();
  walk->assign(n, none);  // which start's walk passed the vertex
  for (std::size_t s = 0; s < n; ++s) {
    I x = static_cast<I>(s);
    while (x != none && (*walk)[x] == none) {
      (*walk)[x] = static_cast<I>(s);
      x = parent[x];
    }
    if (x != none && (*walk)[x] == static_cast<I>(s)) return x;  // met its own walk: a cycle
  }
  return std::nullopt;
}

}  // namespace gdist
