#include "python/src/metrics_calls.hpp"

#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include <optional>
#include <sstream>
#include <vector>

#include "lib/metrics/distance_metrics.hpp"
#include "lib/metrics/matrix_components.hpp"
#include "lib/metrics/metrics_report.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/pipeline/center_graph.hpp"
#include "lib/pipeline/progress_hook.hpp"
#include "lib/sparse/apsp_algorithm.hpp"
#include "lib/util/error.hpp"
#include "python/src/distance_matrix.hpp"
#include "python/src/interruption.hpp"
#include "python/src/progress_callback.hpp"

namespace gdist::python {

namespace nb = nanobind;

namespace {

struct MetricsAnswer {
  std::string json;  // gcenter --json's object
  std::vector<double> eccentricity, total, closeness, harmonic;
  std::vector<std::uint64_t> unreachable;
};

MetricsAnswer Metrics(const DistanceMatrix& d, const MetricsOptions& options) {
  MetricsAnswer a;
  std::visit(
      [&](const auto& mat) {
        const DistanceMetrics m = ComputeDistanceMetrics(mat.view(), mat.meta().directed, options);
        // gcenter's keys for a matrix (lib/pipeline/center_report.cpp): no components, the matrix's
        // connectivity where the center is undefined; the caller adds the plan.
        std::optional<Connectivity> connectivity;
        if (!UndefinedReason(m.summary, mat.meta().directed, nullptr).empty())
          connectivity = MatrixConnectivity(mat.view());
        std::ostringstream text;
        JsonWriter json(text);
        json.BeginObject();
        WriteSummaryJson(json, m.summary, mat.meta().labels, mat.meta().directed,
                         connectivity ? &*connectivity : nullptr);
        WriteCentralityJson(json, m.centrality, mat.meta().labels, mat.meta().directed);
        json.Key("components").Null();
        WriteDecimalDigitsJson(json, mat.meta().decimal_scale);
        WriteFallbackJson(json, m.fell_back, m.note);
        json.EndObject();
        a.json = text.str();
        for (const MetricNumber& e : m.summary.eccentricity) a.eccentricity.push_back(e.ToDouble());
        for (const MetricNumber& t : m.summary.total) a.total.push_back(t.ToDouble());
        a.unreachable = m.summary.unreachable_from;
        a.closeness = m.centrality.closeness;
        a.harmonic = m.centrality.harmonic;
      },
      d.matrix);
  return a;
}

// gcenter GRAPH --json [--per-vertex CSV]: the graph's own run (its plan picks
// the dense engine, the trees or the bounding searches, as for the tool). The
// reports go to `progress` wherever gcenter would draw its bars (an empty
// hook: none, and no bar on the Python process's stderr either).
std::string GraphMetrics(const Graph& g, const CenterRequest& req, ProgressFn progress) {
  const ScopedProgressHook hook(std::move(progress));
  CenterRun run{req, RunVoice{}, std::nullopt, std::nullopt, {}, nullptr, {}};
  return CenterOnGraph(run, g);
}

}  // namespace

void BindMetricsCalls(nb::module_& m) {
  m.def(
      "graph_metrics",
      [](const Graph& g, const std::string& backend, const std::string& algorithm, bool reachable_only, int threads,
         const std::string& per_vertex_csv, bool median, nb::object progress) {
        CenterRequest req;
        req.in = "graph";
        req.json = true;
        req.per_vertex = per_vertex_csv;
        req.median = median;
        if (!ParseBackend(backend, &req.backend))
          throw Error("backend must be auto, cpu or gpu, not '" + backend + "'");
        if (!ParseApspAlgorithm(algorithm, &req.engine) || req.engine == ApspAlgorithm::kHierarchy)
          throw Error("algorithm must be auto, fw or dijkstra, not '" + algorithm + "'");
        req.engine_given = req.engine != ApspAlgorithm::kAuto;
        req.metrics_options.backend = req.backend;
        req.metrics_options.reachable_only = reachable_only;
        req.metrics_options.threads = threads;
        ProgressFn hook = PythonProgress(std::move(progress));
        return Interruptible([&] { return GraphMetrics(g, req, std::move(hook)); });
      },
      nb::arg("graph"), nb::arg("backend") = "auto", nb::arg("algorithm") = "auto", nb::arg("reachable_only") = false,
      nb::arg("threads") = 0, nb::arg("per_vertex_csv") = "", nb::arg("median") = true,
      nb::arg("progress").none() = nb::none());
  m.def(
      "metrics",
      [](const DistanceMatrix& d, const std::string& backend, bool reachable_only, int threads) {
        MetricsOptions options;
        if (!ParseBackend(backend, &options.backend))
          throw Error("backend must be auto, cpu or gpu, not '" + backend + "'");
        options.reachable_only = reachable_only;
        options.threads = threads;
        MetricsAnswer a = Interruptible([&] { return Metrics(d, options); });
        nb::dict per_vertex;
        per_vertex["eccentricity"] = ArrayOf(std::move(a.eccentricity));
        per_vertex["total"] = ArrayOf(std::move(a.total));
        per_vertex["unreachable"] = ArrayOf(std::move(a.unreachable));
        per_vertex["closeness"] = ArrayOf(std::move(a.closeness));
        per_vertex["harmonic"] = ArrayOf(std::move(a.harmonic));
        return nb::make_tuple(a.json, per_vertex);
      },
      nb::arg("matrix"), nb::arg("backend") = "auto", nb::arg("reachable_only") = false, nb::arg("threads") = 0);
}

}  // namespace gdist::python
