// PHAST (Delling, Goldberg, Nowatzyk, Werneck 2011): a shortest-path tree from
// a hierarchy as an upward search from the source and one sweep over the
// vertices in decreasing position, d[v] = min(d[v], d[u] + w) over v's down
// arcs (u above v, so d[u] is final). Sources run in batches of kLanes: a
// vertex's kLanes distances are one line (kPhastLineBytes), each down arc
// relaxes the whole line (vectorised), and batches run on separate threads.
//
// Rows come back like ShortestPathTrees' (lib/sparse/shortest_paths.hpp):
// indexed by original vertex, W's INF where unreachable; kFrom: d(s, v) (a row
// of the distance matrix), kTo: d(v, s) (a column; the search goes up the down
// arcs and the sweep relaxes the up arcs). Integer weights give exactly
// Dijkstra's distances; float sums are added in another order (docs/ROAD.md).
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "lib/road/contraction_hierarchy.hpp"
#include "lib/road/phast_sweep.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

template <class W> class PhastTrees {
 public:
  static constexpr std::size_t kLanes = kPhastLineBytes / sizeof(W);  // 16 for 4-byte types, 8 for 8-byte ones

  // ch must outlive this object.
  explicit PhastTrees(const ContractionHierarchy<W>& ch, TreeDirection direction = TreeDirection::kFrom);
  std::size_t n() const { return ch_.n; }
  TreeDirection direction() const { return direction_; }

  // dist[v] = d(s, v) (kTo: d(v, s)) for every original vertex v (one lane).
  void Tree(std::uint32_t s, W* dist) const;

  // Row i of the block (out + i*stride, stride >= n) = the tree of
  // sources[i], sources in batches of kLanes over `threads` threads (<= 0:
  // all cores).
  void Rows(std::span<const std::uint32_t> sources, W* out, std::size_t stride, int threads) const;

  // The same batches for callers that reduce the sweep's lines instead of
  // writing rows (no n-wide row is stored): visit(first, count, lines) runs on
  // the batch's thread for sources[first, first + count), lines holding n x
  // kLanes distances by vertex (lines[v * kLanes + i] = the tree of
  // sources[first + i] at vertex v; lanes >= count unspecified).
  using LinesVisit = std::function<void(std::size_t first, std::size_t count, const W* lines)>;
  void ForEachBatch(std::span<const std::uint32_t> sources, int threads, const LinesVisit& visit) const;

 private:
  const ContractionHierarchy<W>& ch_;
  TreeDirection direction_;
  std::vector<std::uint32_t> sweep_arc_vertex_;  // the swept arcs' upper ends as vertices (phast_sweep.hpp)
};

}  // namespace gdist
