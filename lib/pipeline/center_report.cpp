#include "lib/pipeline/center_report.hpp"

#include <sstream>
#include <stdexcept>

#include "lib/metrics/centrality.hpp"
#include "lib/metrics/distance_metrics.hpp"
#include "lib/metrics/matrix_components.hpp"
#include "lib/metrics/metrics_report.hpp"
#include "lib/metrics/sparse_report.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/pipeline/center_pictures.hpp"
#include "lib/pipeline/graph_map.hpp"
#include "lib/pipeline/place_siting.hpp"
#include "lib/util/atomic_file.hpp"

namespace gdist {

template <class T> std::string CenterReport(const MatrixView<T>& d, const MatrixMeta& meta, const CenterRun& run,
                                            const ComponentCounts* components,
                                            const std::vector<std::uint32_t>* row_vertex, const SiteLists* lists) {
  const CenterRequest& req = run.req;
  const VertexLabels& labels = meta.labels;
  std::ostringstream report;
  JsonWriter json(report);
  if (req.json) json.BeginObject();
  std::optional<DistanceMetrics> metrics;
  if (!row_vertex && (!req.any_siting() || req.metrics || !req.per_vertex.empty() || !req.eccentricities.empty() ||
                      req.pictures.any())) {
    metrics = ComputeDistanceMetrics(d, meta.directed, req.metrics_options);
    ScaleToDecimals(metrics->summary, metrics->centrality, meta.decimal_scale);
    if (metrics->fell_back) run.voice.Note("metrics on the CPU: " + metrics->note);
    if (!req.any_siting() || req.metrics) {
      // Why the center or periphery is undefined: the graph's components, or the matrix's when it came alone.
      std::optional<Connectivity> connectivity;
      if (components) connectivity = ConnectivityOf(*components, meta.directed, true);
      else if (!UndefinedReason(metrics->summary, meta.directed, nullptr).empty()) connectivity = MatrixConnectivity(d);
      const Connectivity* conn = connectivity ? &*connectivity : nullptr;
      if (req.json) {
        WriteSummaryJson(json, metrics->summary, labels, meta.directed, conn);
        WriteCentralityJson(json, metrics->centrality, labels, meta.directed);
        // The keys in the sparse engine's order (lib/metrics/sparse_report.cpp); a matrix file has no components.
        if (components) WriteComponentsJson(json, *components, meta.directed);
        else json.Key("components").Null();
        WriteDecimalDigitsJson(json, meta.decimal_scale);
        WriteFallbackJson(json, metrics->fell_back, metrics->note);
      } else {
        WriteSummaryText(report, metrics->summary, labels, meta.directed, conn);
        WriteCentralityText(report, metrics->centrality, labels, req.pictures.histogram_text);
        if (components) WriteComponentsText(report, *components, meta.directed);
      }
    }
  }
  SitingAnswers<T> siting;
  if (req.any_siting()) SolveSitingModels(d, meta, req, row_vertex, lists, json, report, siting);
  if (req.json) {
    if (run.plan) WritePlanJson(json, *run.plan);
    else json.Key("plan").Null();
    json.EndObject();
    report << "\n";
  }
  OutputGroup files;
  if (!req.per_vertex.empty()) WritePerVertexMetricsCsv(req.per_vertex, metrics->summary, metrics->centrality, labels);
  if (!req.eccentricities.empty()) WriteEccentricitiesFile(req.eccentricities, metrics->summary.eccentricity, labels);
  WriteSitingFiles(req, siting, labels);
  if (run.places && !req.snapped.empty()) WriteTextFile(req.snapped, run.places->snapped_csv);
  // Every route that maps a graph's vertices placed them all before its work (GraphMapLonLat); a route
  // that did not is ours to fix, said as such rather than as an index out of range.
  if (!run.places && !req.geojson.empty() && run.lon_lat.size() != labels.size())
    throw std::logic_error(OptionText(Option::kGeoJson) + ": the vertices were not placed before the run");
  if (!run.places && !req.geojson.empty())
    WriteGeoJson(req.geojson, GraphMapFeatures(run.lon_lat, labels, metrics ? &metrics->summary : nullptr,
                                               siting.prob ? &*siting.prob : nullptr, siting.done));
  if (run.places && !req.geojson.empty() && siting.prob)
    WriteGeoJson(req.geojson, PlaceSitingFeatures(*run.places, *siting.prob, siting.done, req));
  // Rows of candidates: the map from the input's coordinates alone (no layout without the whole matrix).
  WritePictures(req.pictures, d, meta, run.lon_lat, run.coordinates_file, metrics ? &*metrics : nullptr,
                siting.prob ? &*siting.prob : nullptr, siting.done, run.arcs, run.voice, row_vertex != nullptr);
  files.CommitAll();
  return report.str();
}

#define GDIST_CENTER_REPORT(T)                                                                                         \
  template std::string CenterReport(const MatrixView<T>&, const MatrixMeta&, const CenterRun&, const ComponentCounts*, \
                                    const std::vector<std::uint32_t>*, const SiteLists*);
GDIST_CENTER_REPORT(std::int32_t)
GDIST_CENTER_REPORT(std::int64_t)
GDIST_CENTER_REPORT(float)
GDIST_CENTER_REPORT(double)
#undef GDIST_CENTER_REPORT

}  // namespace gdist
