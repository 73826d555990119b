// The bit-parallel BFS's work, sampled before a run is planned. A batch of
// sources shares a sweep over every level its frontiers reach, so the arcs it
// scans per source depend on how much the batch's frontiers overlap, which
// the graph's size does not tell: per source, 4elt's mesh scans 7% of its
// arcs, SNAP ca-GrQc 2%, the power grid bcspwr10 12% (batches of 256). One
// batch, run with a counting callback, measures it for the cost model
// (lib/plan/cost_model.hpp) at under 2% of the run it plans.
#pragma once
#include <cstdint>
#include <span>

#include "lib/sparse/csr_graph.hpp"

namespace gdist {

// The arcs scanned per source by the bit-parallel BFS from the first (up to)
// 256 of `sources`, as the rows and the metrics batch them; 0 when empty.
template <class W> double SharedBfsArcsPerSource(const CsrGraph<W>& g, std::span<const std::uint32_t> sources);

}  // namespace gdist
