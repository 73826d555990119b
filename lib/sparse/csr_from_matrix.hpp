// The arcs of an adjacency matrix (a .gdm from gconvert) as a CSR graph, so
// that the trees can answer a matrix input too. Every finite off-diagonal
// entry is an arc, read as stored (row u, column v: the arc u -> v), so the
// trees from u are the Floyd-Warshall rows of the same matrix.
#pragma once
#include "lib/matrix/dist_matrix.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

// Throws gdist::Error on a negative diagonal entry (a negative cycle, as the
// dense engine reports it). `zero_diagonal` is set false when some diagonal
// entry is positive: Floyd-Warshall then keeps min(that entry, the shortest
// cycle) where a tree says 0, so the trees must not stand in for it.
template <class W> CsrGraph<W> CsrFromAdjacency(const MatrixView<W>& m, const MatrixMeta& meta, bool* zero_diagonal);

}  // namespace gdist
