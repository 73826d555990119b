// gcenter's report for the sparse engine through the dense path's writers
// (summary, centralities, per-vertex CSV), plus the components.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "lib/core/vertex_labels.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

void WriteSparseMetricsJson(JsonWriter& json, const SparseMetrics& m, const VertexLabels& labels, bool directed);
void WriteSparseMetricsText(std::ostream& out, const SparseMetrics& m, const VertexLabels& labels, bool directed);

// gcenter --eccentricities: "vertex,eccentricity" CSV (an infinite one
// empty), or JSON lines {"vertex", "eccentricity"} (null when infinite) for a
// .jsonl path. Written all or nothing (WriteTextFile).
void WriteEccentricitiesFile(const std::string& path, const std::vector<MetricNumber>& eccentricity,
                             const VertexLabels& labels);

}  // namespace gdist
