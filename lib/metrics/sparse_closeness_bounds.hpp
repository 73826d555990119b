// The exact 1-median (the vertex with the least total distance to all others)
// of a connected undirected or strongly connected directed graph without a
// tree from every vertex, by the bound-ordered search of Bergamini, Borassi,
// Crescenzi, Marino & Meyerhenke ("Computing top-k closeness centrality
// faster in unweighted graphs", ALENEX 2016, their BFSbound variant): every
// vertex keeps a lower bound on its total; the open vertex of least bound
// gets an exact tree, which settles it and, through the distances from it,
// raises every other vertex's bound; the search stops when every unsettled
// bound exceeds the best total. The bound from a tree at s:
//   undirected unit weights, v at level x with c[L] vertices at level L:
//     total(v) >= sum_{|L-x|>1} c[L] |L-x| + 2 (c[x-1] + c[x] + c[x+1] - 1) - deg(v)
//     (w != v is at distance >= 1, and at distance 1 only if a neighbour);
//   otherwise, by the triangle inequality: undirected,
//     total(v) >= sum_w |d(s,w) - d(s,v)| + wmin #{w != v: d(s,w) = d(s,v)};
//     directed, d(v,w) >= d(s,w) - d(s,v) and d(v,w) >= d(v,s) - d(w,s);
//   with negative arcs (distances may be negative, so nothing is clamped at
//   0): total(v) >= total(s) - n d(s,v) and total(v) >= n d(v,s) - sum_w d(w,s).
// With T threads, the T open vertices of least bound per round. Vertices
// whose bound is at most the best total are all settled exactly, so ties
// resolve to the least index, as in the dense summary.
#pragma once
#include <cstddef>

#include "lib/engine/progress.hpp"
#include "lib/metrics/bounding_tree_source.hpp"
#include "lib/metrics/metric_number.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

struct MedianResult {
  std::size_t vertex = 0;
  MetricNumber total;              // exact for integer weights
  std::size_t landmark_trees = 0;  // trees that only bound (directed: the trees to each source)
  std::size_t exact_totals = 0;    // vertices whose total was computed
};

// `progress` (when given) hears how many vertices are settled (total known
// or bound past the best), out of n, as the exact totals run (weighted graphs).
template <class W> MedianResult BoundedMedian(const CsrGraph<W>& g, int threads, ProgressFn progress = {});
// The same search on any trees of such a graph (a road hierarchy's PHAST trees).
template <class W>
MedianResult BoundedMedian(const BoundingTreeSource<W>& trees, int threads, ProgressFn progress = {});

}  // namespace gdist
