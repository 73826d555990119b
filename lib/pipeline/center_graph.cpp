#include "lib/pipeline/center_graph.hpp"

#include <cmath>
#include <optional>
#include <sstream>

#include "lib/engine/apsp.hpp"
#include "lib/matrix/arc_list.hpp"
#include "lib/matrix/decimal_matrix.hpp"
#include "lib/metrics/metrics_report.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/metrics/sparse_report.hpp"
#include "lib/pipeline/apsp_estimate.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/apsp_progress_bar.hpp"
#include "lib/pipeline/graph_map.hpp"
#include "lib/pipeline/place_snap.hpp"
#include "lib/pipeline/road_metrics.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/sparse_estimate.hpp"
#include "lib/plan/graph_shape.hpp"
#include "lib/plan/memory_plan.hpp"
#include "lib/plan/run_context.hpp"
#include "lib/road/contraction_hierarchy.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/json_writer.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

ApspOptions EngineOptions(const CenterRequest& req) {
  ApspOptions opts;
  opts.backend = req.backend;
  opts.threads = req.metrics_options.threads;
  return opts;
}

// --svg draws the input's arcs: taken before the engine turns the adjacency into distances.
template <class T> void KeepArcs(CenterRun& run, const DistMatrix<T>& m) {
  if (run.req.pictures.svg.empty()) return;
  const auto arcs = ArcsOfAdjacency(m.view());
  for (std::uint32_t u = 0; u < arcs.n(); ++u)
    for (std::size_t a = arcs.first[u]; a < arcs.first[u + 1]; ++a) run.arcs.push_back({u, arcs.head[a]});
}

// The report of the sparse engine or the hierarchy: as CenterReport, the
// files first (all or none), then the whole report.
// graph_input: a graph file (--largest-component can define an undefined
// center); decimal_scale: the graph's exact-decimal digits (0: plain numbers).
std::string SparseMetricsReport(SparseMetrics m, const VertexLabels& labels, bool directed, const CenterRun& run,
                                bool graph_input, int decimal_scale) {
  const CenterRequest& req = run.req;
  ScaleToDecimals(m.summary, m.centrality, decimal_scale);
  std::ostringstream report;
  if (req.json) {
    JsonWriter json(report);
    json.BeginObject();
    WriteSparseMetricsJson(json, m, labels, directed, graph_input);
    WriteDecimalDigitsJson(json, decimal_scale);
    WriteFallbackJson(json, false, {});  // the trees run where the plan put them; nothing falls back
    WritePlanJson(json, *run.plan);
    json.EndObject();
    report << "\n";
  } else {
    WriteSparseMetricsText(report, m, labels, directed, graph_input, req.pictures.histogram_text);
  }
  OutputGroup files;
  if (!req.per_vertex.empty()) WritePerVertexMetricsCsv(req.per_vertex, m.summary, m.centrality, labels);
  if (!req.eccentricities.empty()) WriteEccentricitiesFile(req.eccentricities, m.summary.eccentricity, labels);
  files.CommitAll();
  return report.str();
}

SparseMetricsRequest SparseRequest(const CenterRequest& req) {
  SparseMetricsRequest sparse;
  sparse.options = req.metrics_options;
  sparse.every_vertex = !req.per_vertex.empty();
  sparse.eccentricities = !req.eccentricities.empty();
  sparse.median = req.median;
  return sparse;
}

// The hierarchy's request: every row only when every vertex's values or the
// centralities are asked for, the bounding searches otherwise.
SparseMetricsRequest HierarchyRequest(const CenterRequest& req) {
  SparseMetricsRequest sparse = SparseRequest(req);
  sparse.centrality = req.centrality || sparse.every_vertex;
  return sparse;
}

// Whether the bounding searches answer on g (MetricsFromTrees' rule): no tree from every vertex
// needed, and g connected (strongly when directed); else its components or every tree do.
template <class T> bool BoundingSearchesAnswer(const CsrGraph<T>& g, const CenterRequest& req) {
  if (SparseMetricsTrees(g, SparseRequest(req)) != 0) return false;
  return (g.directed ? StrongComponents(g) : WeakComponents(g)).count <= 1;
}

// The planner's metrics question: bounded unless every vertex's values or the centralities are asked for.
PlanRequest MetricsQuestion(const CenterRequest& req, ApspAlgorithm algorithm) {
  PlanRequest question;
  question.question = PlanQuestion::kMetrics;
  question.input_bytes = InputFileBytes(req.in);
  question.input_matrix_file = IsHierarchyInput(req.in);
  question.algorithm = algorithm;
  question.bounded_metrics = req.per_vertex.empty() && !req.centrality;
  question.every_eccentricity = !req.eccentricities.empty();
  // Auto may try the hierarchy (RunPlan::hierarchy_trial_s) against every tree, or against the bounding
  // searches' typical trees where they answer (BoundingSearchesAnswer).
  question.hierarchy_trial = algorithm == ApspAlgorithm::kAuto;
  return question;
}

// The line before the road hierarchy's metrics: the plan's estimate (the
// bounding searches' trees by their fit, or a tree from every vertex).
void PrintHierarchyEstimate(const CenterRun& run, int threads) {
  if (!run.voice.speaks()) return;
  PrintRunEstimate(
      run.voice.name + " (road hierarchy, " +
          (run.plan->backend == Backend::kGpu ? std::string("the GPU")
                                              : std::to_string(EstimateThreads(threads)) + " CPU threads") +
          ")",
      static_cast<double>(run.plan->memory_bytes), run.plan->estimate, "PHAST trees");
}

template <class T> std::string SparseReport(CenterRun& run, const CsrGraph<T>& csr, int threads) {
  SparseMetrics m = SparseEngineMetrics(run, csr, threads);
  return SparseMetricsReport(std::move(m), csr.labels, csr.directed, run, true, csr.decimal_scale);
}

// Siting or pictures on the whole graph read an n x n matrix: when it cannot
// fit, the refusal names the routes that need none (never the sparse engine,
// which answers metrics only).
void RefuseMatrixRouteIfTooLarge(const CenterRequest& req, std::uint64_t n, ElementType type) {
  const MemoryPlan plan = PlanMemory(RunNeeds{n, type, false});
  const std::optional<std::uint64_t> avail = HostMemoryAvailable();
  if (plan.host_bytes && (!avail || *plan.host_bytes <= *avail)) return;
  std::string what;
  if (req.metrics) what = "the metrics report";
  else if (!req.per_vertex.empty()) what = OptionText(Option::kPerVertex);
  else if (!req.eccentricities.empty()) what = "the eccentricities file";
  else if (!req.pictures.histogram.empty()) what = "the distance histogram";
  else if (!req.pictures.svg.empty() && !req.pictures.svg_from_coordinates())
    what = OptionText(Option::kSvg) + " without coordinates";
  else if (!req.geojson.empty() && !req.any_siting()) what = OptionText(Option::kGeoJson);
  const std::string need = (plan.host_bytes ? DescribeBytes(*plan.host_bytes) : std::string("2^64 bytes or more")) +
                           " for " + std::to_string(n) + " vertices; this machine has " +
                           (avail ? DescribeBytes(*avail) : std::string("less")) + " available";
  const std::string& in = req.in;
  if (req.any_siting() && req.candidates.empty() && what.empty())
    throw Error(in + ": siting over every vertex reads a dense " + ElementName(type) + " matrix: " + need +
                ". Siting on a big graph: " + OptionText(Option::kCandidates) +
                " FILE (the vertices that may host a site, one label per line: a shortest-path tree from each, "
                "no n x n matrix), e.g. " +
                in + " " + OptionText(Option::kCandidates, "sites.txt") +
                (req.p_median.empty() ? "" : " " + OptionText(Option::kPMedian, "10")) + "; or " +
                OptionText(Option::kCostMatrix) + " FILE, a demand x facility cost table");
  const bool layout = !req.pictures.svg.empty() && !req.pictures.svg_from_coordinates();
  if (req.any_siting() && what.empty())
    what = "this model";  // --candidates given: a model that needs the whole matrix all the same
  // A map needs no matrix where coordinates place the vertices: say so rather than "drop --svg".
  const std::string map_route = layout ? "; or give " + OptionText(Option::kCoordinates, "FILE") +
                                             " (a DIMACS .co or 'label x y' lines): the map is then drawn from the rows"
                                       : "";
  throw Error(in + ": " + (what.empty() ? std::string("this report") : what) + " reads the whole n x n matrix" +
              (layout ? " (a layout of the distances)" : "") + ": " + need + "; without it: " +
              (req.any_siting() ? "siting on " + OptionText(Option::kCandidates) + " rows alone (drop " +
                                      (layout ? OptionText(Option::kSvg) : what) + ")" + map_route
                                : "the metrics from the sparse engine (drop " + what + ")"));
}

}  // namespace

template <class T> SparseMetrics SparseEngineMetrics(CenterRun& run, const CsrGraph<T>& csr, int threads) {
  const CenterRequest& req = run.req;
  ApspProgressBar bar;
  SparseMetrics m;
  std::optional<ContractionHierarchy<T>> hierarchy;
  if (run.plan->engine == PlanEngine::kHierarchy) {
    ContractionOptions contraction;
    contraction.threads = threads;
    hierarchy = BuildContractionHierarchy(csr, contraction);
  } else {
    // The plan's trial: the hierarchy when the graph contracts like a road network, else the trees.
    hierarchy = RunHierarchyTrial(csr, *run.plan, threads);
  }
  if (hierarchy) {
    // PHAST over the road hierarchy (lib/pipeline/road_metrics.hpp).
    SparseMetricsRequest sparse = HierarchyRequest(req);
    sparse.progress = bar.Callback();
    PrintHierarchyEstimate(run, threads);
    m = HierarchyMetrics(std::move(*hierarchy), sparse, run.plan->backend);
  } else {
    SparseMetricsRequest sparse = SparseRequest(req);
    // auto chose the sparse engine for speed: give the dense report's centralities too.
    sparse.centrality = req.centrality || sparse.every_vertex || run.plan->centralities_from_trees;
    sparse.progress = bar.Callback();
    if (run.voice.speaks()) {
      PrintSparseMetricsEstimate(run.voice.name, csr, sparse, run.plan->backend, run.plan->estimate);
      run.plan->estimate_s = run.plan->estimate.total_s();  // the trees this request grows, as the line said
    }
    m = ComputeSparseMetrics(csr, sparse);
  }
  bar.Finish();
  return m;
}

#define GDIST_INSTANTIATE(T) template SparseMetrics SparseEngineMetrics(CenterRun&, const CsrGraph<T>&, int);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

std::string CenterOnGraph(CenterRun& run) { return CenterOnGraph(run, ReadGraph(run.req.in, run.req.input.read)); }

std::string CenterOnGraph(CenterRun& run, Graph g) {
  const CenterRequest& req = run.req;
  const std::string& in = req.in;
  // Exact decimals (lib/core/decimal_scale.hpp) unless a type is forced: the
  // metrics print the scale back; siting and pictures read the exact distances
  // as plain numbers (below).
  if (!req.input.type) ScaleDecimalWeights(g);
  // --geojson draws the vertices where the input places them (refused when it does not).
  if (!req.geojson.empty()) run.lon_lat = GraphMapLonLat(g, in, req.pictures.coordinates);
  // --svg draws an OpenStreetMap input where it lies (a .co beside a graph is read by the pictures).
  if (!req.pictures.svg.empty() && run.lon_lat.empty() && !g.lon_lat.empty()) run.lon_lat = g.lon_lat;
  AdjacencyOptions adj;
  adj.duplicates = DuplicatesFor(g, req.input);
  InputOptions typed = req.input;  // the weights' scan once: the matrix of the dense engine takes it too
  typed.type = ElementTypeFor(g, req.input);
  const ElementType type = *typed.type;
  const RunContext context(req.metrics_options.threads, req.backend);
  const int threads = context.threads();
  // Both engines start from the CSR graph: refuse one that cannot fit before building it.
  RefuseIfSparseTooLarge(in, g.n, 2 * g.edges.size(), ElementSize(type), threads);
  return DispatchElement(type, [&](auto zero) {
    using T = decltype(zero);
    CsrGraph<T> csr = BuildCsrGraph<T>(g, adj);
    if (const auto kind = req.LargestComponentKind()) {
      csr = LargestComponent(csr, *kind);
      if (!run.lon_lat.empty()) {  // the kept vertices, renumbered: their coordinates by label
        std::vector<std::pair<double, double>> kept(csr.n);
        for (std::size_t v = 0; v < csr.n; ++v) kept[v] = run.lon_lat[*g.labels.find(csr.labels.label(v))];
        run.lon_lat = std::move(kept);
      }
      g = Graph{};
    }
    // Siting and pictures read the matrix: they run on the dense engine.
    const bool needs_matrix = req.any_siting() || req.pictures.any() || !req.geojson.empty();
    if (needs_matrix && req.engine == ApspAlgorithm::kTrees)
      throw Error(OptionText(Option::kEngine, "trees") + ": " +
                  (req.any_siting() && req.candidates.empty() && !req.pictures.any() && req.geojson.empty()
                       ? "siting over every vertex reads the dense matrix; on " + OptionText(Option::kCandidates) +
                             " FILE it runs from a tree per candidate, no matrix (add it), or drop " +
                             OptionText(Option::kEngine, "trees")
                       : "pictures and the whole-matrix reports read the dense matrix (drop " +
                             OptionText(Option::kEngine, "trees") + ")"));
    PlanRequest question = MetricsQuestion(req, req.engine);
    if (needs_matrix) question.tree_refusal = "siting and pictures read the whole matrix";
    // A graph the bounding searches do not answer (its components do, or every tree) gets no trial.
    if (question.hierarchy_trial && question.bounded_metrics && !BoundingSearchesAnswer(csr, req))
      question.hierarchy_trial = false;
    // The shared-BFS sample prices every tree against the matrix: the bounding searches on a graph
    // whose matrix cannot fit never weigh the two, and on NY the sample was half of the run
    // (bench/results/python.md).
    const bool sample = !question.bounded_metrics || needs_matrix ||
                        DenseMatrixFits(csr.n, ElementTraits<T>::kType, context.host_memory());
    run.plan = PlanDistances(question, ShapeOf(csr, question.question, sample), context);
    if (run.plan->engine != PlanEngine::kFloydWarshall) {
      g = Graph{};
      return SparseReport(run, csr, threads);
    }
    if (needs_matrix) RefuseMatrixRouteIfTooLarge(req, csr.n, type);
    const ComponentCounts components = CountComponents(csr);
    // The whole graph goes through the reader's own path (memory check, duplicates, types).
    DistMatrix<T> m =
        req.largest_component.empty() ? std::get<DistMatrix<T>>(MatrixFromGraph(g, typed, in)) : CsrToAdjacency(csr);
    g = Graph{};
    csr = CsrGraph<T>{};
    KeepArcs(run, m);
    ApspOptions opts = EngineOptions(req);
    opts.gpu_probe = context.gpu_probe();
    ApspProgressBar bar;
    opts.progress = bar.Callback();
    if (run.voice.speaks()) {
      PrintApspEstimate(run.voice.name, m, opts, false, run.plan->estimate);
      run.plan->estimate_s = run.plan->estimate.total_s();  // on the engine's backend, as the line said
    }
    SolveApsp(m, opts);
    bar.Finish();
    if (m.meta().decimal_scale > 0 && needs_matrix) {
      // Siting and pictures read plain numbers: the exact distances' nearest doubles.
      RefuseIfTooLarge(in, RunNeeds{m.n(), ElementType::kFloat64, false});
      const DistMatrix<double> plain = DescaledMatrix(m.view(), m.meta());
      m = DistMatrix<T>{};
      return CenterReport(plain.view(), plain.meta(), run, &components);
    }
    return CenterReport(m.view(), m.meta(), run, &components);
  });
}

std::string CenterOnSavedHierarchy(CenterRun& run) {
  const CenterRequest& req = run.req;
  const LoadedHierarchy loaded = LoadHierarchy(req.in, req.input, req.metrics_options.threads);
  const RunContext context(req.metrics_options.threads, req.backend);
  return std::visit(
      [&](const auto& ch) {
        using W = std::decay_t<decltype(ch.up.weights[0])>;
        PlanRequest question = MetricsQuestion(req, ApspAlgorithm::kHierarchy);
        question.hierarchy_saved = true;
        const GraphShape shape{ch.n, ch.up.size() + ch.down.size(), TreeMethod::kDijkstraRadix, ElementTraits<W>::kType,
                               true};
        run.plan = PlanDistances(question, shape, context);
        SparseMetricsRequest sparse = HierarchyRequest(req);
        ApspProgressBar bar;
        sparse.progress = bar.Callback();
        PrintHierarchyEstimate(run, req.metrics_options.threads);
        const SparseMetrics m = HierarchyMetrics(ch, sparse, run.plan->backend);
        bar.Finish();
        return SparseMetricsReport(m, ch.labels, ch.directed, run, false, 0);  // --largest-component: not on a .gch
      },
      loaded.hierarchy);
}

std::string CenterOnAdjacencyMatrix(CenterRun& run) {
  AnyMatrix m = LoadInput(run.req.in, run.req.input);
  // Exact decimals: siting and pictures read plain numbers (decimal_matrix.hpp).
  const int scale = std::visit([](const auto& x) { return x.meta().decimal_scale; }, m);
  if (scale > 0 && (run.req.any_siting() || run.req.pictures.any()))
    m = std::visit([](const auto& x) -> AnyMatrix { return DescaledMatrix(x.view(), x.meta()); }, m);
  return std::visit(
      [&](auto& mat) {
        KeepArcs(run, mat);
        ApspOptions opts = EngineOptions(run.req);
        ApspProgressBar bar;
        opts.progress = bar.Callback();
        if (run.voice.speaks()) {
          RunEstimate e = EstimateAround(opts.threads, InputFileBytes(run.req.in), true);
          PrintApspEstimate(run.voice.name, mat, opts, false, e);
        }
        SolveApsp(mat, opts);
        bar.Finish();
        return CenterReport(mat.view(), mat.meta(), run);
      },
      m);
}

}  // namespace gdist
