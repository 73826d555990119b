// PHAST (Delling, Goldberg, Nowatzyk, Werneck 2011): a shortest-path tree from
// a hierarchy as an upward search from the source and one sweep over the
// vertices in decreasing position, d[v] = min(d[v], d[u] + w) over v's down
// arcs (u above v, so d[u] is final). Sources run in batches of kLanes: a
// vertex's kLanes distances are one 64-byte line, each down arc relaxes the
// whole line (vectorised), and batches run on separate threads.
//
// Rows come back like ShortestPathTrees' (lib/sparse/shortest_paths.hpp):
// indexed by original vertex, W's INF where unreachable; kFrom: d(s, v) (a row
// of the distance matrix), kTo: d(v, s) (a column; the search goes up the down
// arcs and the sweep relaxes the up arcs). Integer weights give exactly
// Dijkstra's distances; float sums are added in another order (docs/ROAD.md).
#pragma once
#include <cstdint>
#include <span>

#include "lib/road/contraction_hierarchy.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

template <class W> class PhastTrees {
 public:
  static constexpr std::size_t kLanes = 64 / sizeof(W);  // 16 for 4-byte types, 8 for 8-byte ones

  // ch must outlive this object.
  explicit PhastTrees(const ContractionHierarchy<W>& ch, TreeDirection direction = TreeDirection::kFrom)
      : ch_(ch), direction_(direction) {}
  std::size_t n() const { return ch_.n; }
  TreeDirection direction() const { return direction_; }

  // dist[v] = d(s, v) (kTo: d(v, s)) for every original vertex v (one lane).
  void Tree(std::uint32_t s, W* dist) const;

  // Row i of the block (out + i*stride, stride >= n) = the tree of
  // sources[i], sources in batches of kLanes over `threads` threads (<= 0:
  // all cores).
  void Rows(std::span<const std::uint32_t> sources, W* out, std::size_t stride, int threads) const;

 private:
  const ContractionHierarchy<W>& ch_;
  TreeDirection direction_;
};

}  // namespace gdist
