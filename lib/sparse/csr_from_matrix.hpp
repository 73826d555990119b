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

// What CsrFromAdjacency would find, from one parallel pass that copies
// nothing: enough for the plan to keep Floyd-Warshall on a dense matrix
// without building its graph (at 30% density the graph's arcs take as many
// bytes as the matrix and many seconds to gather). The same refusal of a
// negative diagonal entry.
struct AdjacencyScan {
  std::size_t arcs = 0;  // finite off-diagonal entries: CsrFromAdjacency's arc_count()
  bool unit_weights = true;
  bool has_negative = false;
  bool zero_diagonal = true;
};
template <class W> AdjacencyScan ScanAdjacency(const MatrixView<W>& m, const MatrixMeta& meta, int threads);

}  // namespace gdist
