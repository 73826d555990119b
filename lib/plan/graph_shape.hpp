// What the planner needs to know of a graph (GraphShape, planner.hpp), read
// off its CSR arcs once: size, tree method, element type, whether float sums
// are exact, and for unit weights the shared BFS's sampled work
// (lib/sparse/bfs_work_sample.hpp) when every vertex is a source.
#pragma once
#include <cstdint>
#include <optional>

#include "lib/plan/planner.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

// sample_shared_bfs false: no sample (it prices every tree against the matrix;
// a run whose bounding searches have no matrix to weigh them against skips it).
template <class W> GraphShape ShapeOf(const CsrGraph<W>& g, PlanQuestion question, bool sample_shared_bfs = true);

// The n x n matrix of `type` within cost::kDenseMatrixShareOfMemory of the
// host's memory (unknown memory: it may fit). The planner's rule, also asked
// before planning (whether the shared-BFS sample can matter).
bool DenseMatrixFits(std::size_t n, ElementType type, std::optional<std::uint64_t> host_memory);

}  // namespace gdist
