#include "lib/metrics/sparse_report.hpp"

#include <cmath>
#include <sstream>

#include "lib/metrics/metrics_report.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/csv_field.hpp"

namespace gdist {

Connectivity ConnectivityOf(const ComponentCounts& c, bool directed, bool graph_input) {
  Connectivity k;
  k.components = directed ? c.strong : c.weak;
  k.largest = directed ? c.largest_strong : c.largest_weak;
  k.graph_input = graph_input;
  return k;
}

void WriteSparseMetricsJson(JsonWriter& json, const SparseMetrics& m, const VertexLabels& labels, bool directed,
                            bool graph_input) {
  const Connectivity c = ConnectivityOf(m.components, directed, graph_input);
  WriteSummaryJson(json, m.summary, labels, directed, &c);
  if (m.has_centrality) WriteCentralityJson(json, m.centrality, labels, directed);
  else WriteNoCentralityJson(json);
  WriteComponentsJson(json, m.components, directed);
}

void WriteSparseMetricsText(std::ostream& out, const SparseMetrics& m, const VertexLabels& labels, bool directed,
                            bool graph_input, bool histogram) {
  const Connectivity c = ConnectivityOf(m.components, directed, graph_input);
  WriteSummaryText(out, m.summary, labels, directed, &c);
  if (m.has_centrality) WriteCentralityText(out, m.centrality, labels, histogram);
  WriteComponentsText(out, m.components, directed);
}

void WriteEccentricitiesFile(const std::string& path, const std::vector<MetricNumber>& eccentricity,
                             const VertexLabels& labels) {
  std::ostringstream text;
  if (IsJsonLinesPath(path)) {
    for (std::size_t i = 0; i < eccentricity.size(); ++i) {
      JsonWriter row(text);
      row.BeginObject().Key("vertex");
      WriteLabel(row, labels, i);
      row.Key("eccentricity");
      eccentricity[i].Write(row);
      row.EndObject();
      text << '\n';
    }
  } else {
    text << "vertex,eccentricity\n";
    for (std::size_t i = 0; i < eccentricity.size(); ++i) {
      text << CsvField(labels.label(i)) << ',';
      if (eccentricity[i].finite()) text << eccentricity[i].Text();
      text << '\n';
    }
  }
  WriteTextFile(path, text.str());
}

}  // namespace gdist
