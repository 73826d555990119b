// gcenter's report for the sparse engine through the dense path's writers
// (summary, centralities, per-vertex CSV), plus the components.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "lib/core/vertex_labels.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

// `graph_input`: --largest-component applies (the report names it when the center is undefined).
void WriteSparseMetricsJson(JsonWriter& json, const SparseMetrics& m, const VertexLabels& labels, bool directed,
                            bool graph_input = true);
void WriteSparseMetricsText(std::ostream& out, const SparseMetrics& m, const VertexLabels& labels, bool directed,
                            bool graph_input = true, bool histogram = false);

// The summary report's view of the components (strong ones when directed).
Connectivity ConnectivityOf(const ComponentCounts& c, bool directed, bool graph_input);

// gcenter --eccentricities: "vertex,eccentricity" CSV (an infinite one
// empty), or JSON lines {"vertex", "eccentricity"} (null when infinite) for a
// .jsonl path. Written all or nothing (WriteTextFile).
void WriteEccentricitiesFile(const std::string& path, const std::vector<MetricNumber>& eccentricity,
                             const VertexLabels& labels);

}  // namespace gdist
