// Presenting a DistanceSummary: human text and JSON keys (the per-vertex CSV is metrics_report.hpp's). Every
// vertex is printed as the input's label (in text quoted as a CSV field when
// it holds a blank, comma or quote, so that lists of names read back whole).
#pragma once
#include <ostream>
#include <string>

#include "lib/core/vertex_labels.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

// A vertex label as a JSON value: a number when every label is an integer.
void WriteLabel(JsonWriter& json, const VertexLabels& labels, std::size_t v);

void WriteSummaryText(std::ostream& out, const DistanceSummary& s, const VertexLabels& labels, bool directed);
// Writes the foundation's keys into an object the caller has opened:
// n, directed, diameter, diameter_pair, radius, center, periphery, median, unreachable_pairs.
void WriteSummaryJson(JsonWriter& json, const DistanceSummary& s, const VertexLabels& labels, bool directed);

}  // namespace gdist
