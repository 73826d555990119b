#include "lib/metrics/sparse_report.hpp"

#include "lib/metrics/metrics_report.hpp"
#include "lib/metrics/summary_report.hpp"

namespace gdist {

void WriteSparseMetricsJson(JsonWriter& json, const SparseMetrics& m, const VertexLabels& labels, bool directed) {
  WriteSummaryJson(json, m.summary, labels, directed);
  if (m.has_centrality) WriteCentralityJson(json, m.centrality, labels, directed);
  WriteComponentsJson(json, m.components, directed);
}

void WriteSparseMetricsText(std::ostream& out, const SparseMetrics& m, const VertexLabels& labels, bool directed) {
  WriteSummaryText(out, m.summary, labels, directed);
  if (m.has_centrality) WriteCentralityText(out, m.centrality, labels);
  WriteComponentsText(out, m.components, directed);
}

}  // namespace gdist
