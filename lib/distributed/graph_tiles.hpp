// From a graph's arc list straight to one rank's tiles, without the n x n
// adjacency matrix: the arcs resolved as lib/matrix/adjacency.cpp resolves
// them (self-loops, undirected arcs both ways, the duplicate policy in file
// order), then the entries that fall in the rank's tiles. Pure host logic,
// tested without MPI against BuildAdjacency.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/core/graph.hpp"
#include "lib/distributed/process_grid.hpp"
#include "lib/distributed/rank_tiles.hpp"
#include "lib/matrix/arc_list.hpp"

namespace gdist {

template <class T> struct ResolvedArc {
  std::uint32_t from, to;
  T weight;
};

// Sorted by (from, to), one per pair. Throws gdist::Error as BuildAdjacency
// does (a weight T cannot hold, a negative self-loop).
template <class T> std::vector<ResolvedArc<T>> ResolveArcs(const Graph& g, DuplicatePolicy policy);

// The arcs in the rank's tiles, as offsets into its packed local matrix.
template <class T>
std::vector<LocalEntry<T>> LocalEntries(const std::vector<ResolvedArc<T>>& arcs, const LocalTiles& tiles);

// The arcs as negative_cycle.hpp takes them (CSR).
template <class T> ArcList<T> SnapshotOf(std::size_t n, const std::vector<ResolvedArc<T>>& arcs);

}  // namespace gdist
