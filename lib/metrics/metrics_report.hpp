// Presenting the full metrics (summary + centralities), and the one-call
// entry point for `gapsp IN OUT --metrics FILE`: the distance matrix is still
// in memory after the APSP, so the metrics cost a few row passes and no
// second read of the output file.
#pragma once
#include <ostream>
#include <string>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/distance_metrics.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

// Metrics of a matrix of exact decimals (MatrixMeta::decimal_scale = digits,
// lib/core/decimal_scale.hpp), made ready to print: every distance and sum
// (eccentricities, totals, diameter, radius, median total, Wiener index,
// histogram edges) prints as its exact decimal, and the ratios are the true
// values': closeness from the exact totals, harmonic x 10^digits, the average
// path length from the exact sum. No-op for digits 0.
void ScaleToDecimals(DistanceSummary& s, Centrality& c, int digits);
// "decimal_digits": digits when the weights were read as exact decimals
// (digits > 0), else null.
void WriteDecimalDigitsJson(JsonWriter& json, int digits);
// "metrics_fallback": why the CPU computed them when the GPU ran out of
// memory, else null (the same numbers from either backend print the same JSON).
void WriteFallbackJson(JsonWriter& json, bool fell_back, const std::string& note);
// The centrality keys, each null: an engine that did not compute them
// (docs/schema: the metrics question has one key set on every engine).
void WriteNoCentralityJson(JsonWriter& json);

// Keys added to the summary's: average_shortest_path_length, wiener_index,
// reachable_pairs, closeness_max, harmonic_max ({vertex, value}) and
// distance_histogram {min, bin_width, unit_bins, pairs, counts}.
void WriteCentralityJson(JsonWriter& json, const Centrality& c, const VertexLabels& labels, bool directed);
// `histogram`: the distance histogram's bins too (gcenter --histogram; the JSON always has them).
void WriteCentralityText(std::ostream& out, const Centrality& c, const VertexLabels& labels, bool histogram);
// vertex,eccentricity,total,unreachable,closeness,harmonic (the summary's CSV plus two columns).
void WritePerVertexMetricsCsv(const std::string& path, const DistanceSummary& s, const Centrality& c,
                              const VertexLabels& labels);

// The JSON object of metrics computed elsewhere (the distributed schedule
// reduces them where the rows are), and the per-vertex CSV when asked for.
// Returns the note of a GPU run that fell back to the CPU (empty: none), for
// the caller to print. connectivity: the components, for the reason an
// undefined center gives (as gcenter's report gives it); may be null.
std::string WriteMetricsJson(const std::string& path, const DistanceMetrics& m, const MatrixMeta& meta,
                             const std::string& per_vertex_csv = "", const Connectivity* connectivity = nullptr);

// ComputeDistanceMetrics (on options.backend) and write one JSON object (every summary key
// and every centrality key) to `path` (atomically), and the per-vertex CSV to
// per_vertex_csv when it is not empty. Throws gdist::Error. Returns
// WriteMetricsJson's fallback note.
template <class T> std::string WriteMetricsJsonFile(const std::string& path, const MatrixView<T>& d,
                                                    const MatrixMeta& meta, const MetricsOptions& options = {},
                                                    const std::string& per_vertex_csv = "");

}  // namespace gdist
