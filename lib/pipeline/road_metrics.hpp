// The metrics of every vertex (gcenter GRAPH --engine ch: eccentricity,
// total distance, closeness, harmonic, diameter, radius, center, periphery,
// 1-median) from the road hierarchy's PHAST rows, each row through the dense
// path's own row scans: on the CPU (ScanSummaryRow, ScanCentralityRow over
// blocks of PHAST rows) or on the GPU (GPU PHAST's blocks through the dense
// GPU metrics' row passes, which add in the CPU's lane order: the same
// numbers). No distance histogram (has_centrality stays false: the report's
// centrality block needs it); the per-vertex rows are all there.
#pragma once
#include "lib/core/backend.hpp"
#include "lib/engine/progress.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/road/contraction_hierarchy.hpp"

namespace gdist {

// where: kGpu for int32 and float32 (throws otherwise, and without a GPU);
// anything else: the CPU. The components are the caller's (the graph's).
template <class W> SparseMetrics HierarchyMetrics(const ContractionHierarchy<W>& ch, const MetricsOptions& options,
                                                  Backend where, ProgressFn progress = {});

}  // namespace gdist
