// The exact 1-median (the vertex with the least total distance to all others)
// of a connected undirected or strongly connected directed graph without a
// tree from every vertex: lower bounds on every vertex's total from a few
// landmark trees, then exact totals in increasing order of the bound until
// the bound passes the best total found (the idea of Bergamini, Borassi,
// Crescenzi, Marino & Meyerhenke, "Computing top-k closeness centrality
// faster in unweighted graphs", ALENEX 2016, with landmark bounds instead of
// their level cut-offs). The bound from a landmark s, by the triangle
// inequality: undirected, d(v,w) >= |d(s,w) - d(s,v)|, so
//   total(v) >= sum_w |d(s,w) - d(s,v)| + wmin * (#{w != v: d(s,w) = d(s,v)});
// directed, d(v,w) >= d(s,w) - d(s,v) and d(v,w) >= d(v,s) - d(w,s).
// Vertices whose bound is at most the best total are all settled exactly, so
// ties resolve to the least index, as in the dense summary. Undirected
// unit-weight graphs take a faster route (sparse_closeness_bounds.cpp,
// UnitMedianSearch): every exact tree also tightens every bound, trees come 64
// per bit-parallel sweep, and a descent from a sampled estimate finds a near
// optimal total first.
#pragma once
#include <cstddef>

#include "lib/engine/progress.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

struct MedianResult {
  std::size_t vertex = 0;
  double total = 0;
  std::size_t landmark_trees = 0;
  std::size_t exact_totals = 0;  // vertices whose total was computed
};

// `progress` (when given) hears how many vertices are settled (total known
// or bound past the best), out of n, as the exact totals run (weighted graphs).
template <class W> MedianResult BoundedMedian(const CsrGraph<W>& g, int threads, ProgressFn progress = {});

}  // namespace gdist
