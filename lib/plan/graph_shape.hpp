// What the planner needs to know of a graph (GraphShape, planner.hpp), read
// off its CSR arcs once: size, tree method, element type, whether float sums
// are exact, and for unit weights the shared BFS's sampled work
// (lib/sparse/bfs_work_sample.hpp) when every vertex is a source.
#pragma once
#include "lib/plan/planner.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

template <class W> GraphShape ShapeOf(const CsrGraph<W>& g, PlanQuestion question);

}  // namespace gdist
