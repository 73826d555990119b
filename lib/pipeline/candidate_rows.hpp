// Siting on a graph too big for its distance matrix (gcenter GRAPHFILE
// --candidates FILE): the candidates' shortest-path trees as a k x n block of
// costs, the rectangular input of SitingProblem. Memory k x n, never n x n.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/core/backend.hpp"
#include "lib/engine/progress.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "lib/metrics/gpu_tree_rows.hpp"
#include "lib/siting/siting_problem.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/row_source.hpp"

namespace gdist {

template <class T> struct CandidateRows {
  PageBuffer buffer;
  MatrixView<T> view;                   // vertices() rows, n columns, padded stride
  std::vector<std::uint32_t> vertices;  // the vertex of each row
};

// k = vertices.size() rows of n columns, every cost INF (the padding columns
// stay so): the block the trees (or the hierarchy's PHAST) then fill.
template <class W> CandidateRows<W> BlankCandidateRows(std::vector<std::uint32_t> vertices, std::size_t n);

// Row r = the costs between vertices[r] and every vertex of g in the siting
// direction: out (facility -> demand) the tree from vertices[r], in (demand ->
// facility) the tree into it. Parallel over the rows. Throws gdist::Error on a
// negative cycle or path sums past the type, as the dense engine does.
// `backend` picks where the trees run (lib/metrics/gpu_tree_rows.hpp's
// ChooseTreeBackend on k trees: the GPU's batched shortest paths for
// non-negative int32 / float32 weights, the same rows). `progress` (when
// given) hears of the trees done (task "siting rows").
template <class W> CandidateRows<W> ComputeCandidateRows(const CsrGraph<W>& g, std::vector<std::uint32_t> vertices,
                                                         Direction direction, int threads,
                                                         Backend backend = Backend::kCpu, ProgressFn progress = {});

// Where ComputeCandidateRows runs k trees of g (the estimate line asks too).
template <class W>
TreeBackendDecision CandidateRowsBackend(const CsrGraph<W>& g, std::size_t k, int threads, Backend backend);

// The GPU's trees of g as the row source of gapsp's trees (distances from each
// source, the CPU trees' rows bit for bit): non-negative int32 and float32
// weights only (GpuRowsKindOf); others throw gdist::Error.
template <class W> RowSource<W> GpuRowSource(const CsrGraph<W>& g);

// The sources needed for candidates and fixed sites: each vertex once, in
// increasing order (a SitingProblem sorts its candidates the same way).
std::vector<std::uint32_t> RowVerticesFor(const std::vector<std::uint32_t>& candidates,
                                          const std::vector<std::uint32_t>& fixed);

}  // namespace gdist
