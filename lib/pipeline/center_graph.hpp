// The center run on a graph file: the CSR graph first (components,
// --largest-component), the run's plan (lib/plan), then the dense engine
// (matrix + APSP, the full report of center_report.hpp), the sparse one
// (trees, no matrix: metrics only) or the road hierarchy's PHAST trees; a
// saved hierarchy's metrics; an adjacency matrix file.
#pragma once
#include <string>

#include "lib/core/graph.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/pipeline/center_report.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

// Returns the report text; the files are committed.
std::string CenterOnGraph(CenterRun& run);
// The same on a graph already in memory (the Python binding's); run.req.in
// only names it in messages.
std::string CenterOnGraph(CenterRun& run, Graph g);

// The metrics of csr on the sparse engine's side of run.plan (PlanDistances on the metrics
// question): the road hierarchy's PHAST trees (asked for, or auto's trial once csr contracts,
// its outcome recorded in run.plan) or the graph's trees, the same numbers either way.
template <class T> SparseMetrics SparseEngineMetrics(CenterRun& run, const CsrGraph<T>& csr, int threads);

// A saved hierarchy (.gch) asked for metrics: the bounding searches on its
// PHAST trees, or every row (lib/pipeline/road_metrics.hpp).
std::string CenterOnSavedHierarchy(CenterRun& run);

// A square adjacency matrix file: APSP in memory, then the full report.
std::string CenterOnAdjacencyMatrix(CenterRun& run);

}  // namespace gdist
