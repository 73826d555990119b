// The metrics of a graph from its road hierarchy (gcenter GRAPH --engine ch,
// gcenter G.gch): the sparse engine's choices (sparse_metrics.hpp) on PHAST
// trees. Connected (strongly, when directed): diameter, radius, center,
// periphery and the 1-median by the bounding searches, every eccentricity by
// bounding for integer weights; otherwise, or when every vertex's values are
// asked for, every vertex's row, each through the dense path's own row scans:
// on the CPU (ScanSummaryRow, ScanCentralityRow over blocks of PHAST rows) or
// on the GPU (GPU PHAST's blocks through the dense GPU metrics' row passes,
// which add in the CPU's lane order: the same numbers). No distance histogram
// (has_centrality stays false: the report's centrality block needs it); the
// per-vertex rows are all there. The components come from the hierarchy's
// own arcs (hierarchy_reach.hpp), so a saved .gch needs no graph.
#pragma once
#include "lib/core/backend.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/road/contraction_hierarchy.hpp"

namespace gdist {

// where (every row only): kGpu for int32 and float32 (throws otherwise, and
// without a GPU); anything else: the CPU. The bounding searches run on the CPU.
template <class W>
SparseMetrics HierarchyMetrics(const ContractionHierarchy<W>& ch, const SparseMetricsRequest& request, Backend where);

}  // namespace gdist
