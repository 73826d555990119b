// Presenting a DistanceSummary: human text and JSON keys (the per-vertex CSV is metrics_report.hpp's). Every
// vertex is printed as the input's label (in text quoted as a CSV field when
// it holds a blank, comma or quote, so that lists of names read back whole).
#pragma once
#include <cstdint>
#include <ostream>
#include <string>

#include "lib/core/vertex_labels.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

// A vertex label as a JSON value: always a string ("785", "Rome").
void WriteLabel(JsonWriter& json, const VertexLabels& labels, std::size_t v);

// What the report knows of the components when the center or the periphery is
// undefined (docs/METRICS.md): the center is undefined when the radius is
// infinite (no vertex reaches every other), the periphery when the diameter
// is (some vertex does not). Both are then null in JSON, with the reason.
struct Connectivity {
  std::uint64_t components = 0;  // strong ones when directed, 0: not known
  std::uint64_t largest = 0;     // vertices in the largest
  bool graph_input = false;      // --largest-component applies to this input
};

// "not strongly connected: 14 strong components, largest 1" ("not connected:
// ..." when undirected); "" when the center and periphery are both defined.
std::string UndefinedReason(const DistanceSummary& s, bool directed, const Connectivity* c);

void WriteSummaryText(std::ostream& out, const DistanceSummary& s, const VertexLabels& labels, bool directed,
                      const Connectivity* connectivity = nullptr);
// Writes the foundation's keys into an object the caller has opened:
// n, directed, diameter, diameter_pair, radius, center, periphery, median, unreachable_pairs,
// and undefined_reason (null when the center and periphery are defined).
void WriteSummaryJson(JsonWriter& json, const DistanceSummary& s, const VertexLabels& labels, bool directed,
                      const Connectivity* connectivity = nullptr);

}  // namespace gdist
