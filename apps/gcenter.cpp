// gcenter DIST: metrics and facility siting on a distance matrix (streamed
// from the mmapped file, never copied), or on any graph file / adjacency
// matrix (APSP computed in-process first). docs/METRICS.md, docs/SITING.md.
#include <omp.h>

#include <iostream>
#include <optional>
#include <sstream>

#include "apps/common/app_main.hpp"
#include "apps/common/apsp_estimate.hpp"
#include "apps/common/apsp_progress_bar.hpp"
#include "apps/common/cost_matrix_siting.hpp"
#include "apps/common/flag_checks.hpp"
#include "apps/common/input_flags.hpp"
#include "apps/common/picture_flags.hpp"
#include "apps/common/siting_progress_bar.hpp"
#include "apps/common/siting_sweep.hpp"
#include "apps/common/sparse_estimate.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/matrix/arc_list.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/distance_metrics.hpp"
#include "lib/metrics/metrics_report.hpp"
#include "lib/metrics/sparse_metrics.hpp"
#include "lib/metrics/sparse_report.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/candidate_rows.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/pipeline/road_metrics.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/plan/planner.hpp"
#include "lib/plan/run_context.hpp"
#include "lib/siting/siting_files.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/siting/siting_report.hpp"
#include "lib/sparse/components.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/output_check.hpp"

namespace {

struct Request {
  bool json = false;
  bool metrics = false;  // also print metrics when a siting model is asked for
  std::string per_vertex;
  std::string eccentricities;  // --eccentricities FILE: vertex,eccentricity only
  gdist::MetricsOptions metrics_options;
  // Siting.
  // One p each, or several: a sweep (apps/common/siting_sweep.hpp).
  std::vector<std::size_t> p_median, p_center;
  std::size_t p = 0;
  std::string curve;  // --curve: the sweep's objective against p (SVG)
  double cover = -1, max_cover = -1;
  std::size_t p_dispersion = 0;    // --p-dispersion P (lib/siting/p_dispersion.cpp)
  double backup_cover = -1;        // --backup-cover R --p P (lib/siting/backup_cover.cpp)
  std::string capacities;          // --capacities FILE: --p-median is capacitated (lib/siting/capacitated_median.cpp)
  bool facility_location = false;  // --facility-location --opening-costs FILE (lib/siting/facility_location.cpp)
  std::string opening_costs;
  std::string weights, candidates, fixed, assignment, direction = "out";
  std::string cost_matrix;  // --cost-matrix: a demand x facility cost table instead of DIST
  gdist::SitingOptions siting;
  gdist::Backend backend = gdist::Backend::kAuto;  // where APSP and the siting row passes run
  // Pictures (--svg, --histogram): the coordinates file found for them, and
  // the input's arcs when DIST was a graph (drawn under the sites).
  gdist::PictureFlags pictures;
  std::optional<std::string> coordinates_file;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
  // Graph inputs (docs/SPARSE.md).
  gdist::ApspAlgorithm engine = gdist::ApspAlgorithm::kAuto;  // --engine: dense (fw), sparse (trees) or auto
  std::optional<gdist::RunPlan> plan;                         // a graph input's run plan (--json prints it)
  std::string largest_component;                              // "", "strong" or "weak"
  bool centrality = false;                                    // sparse engine: every tree for the centralities

  bool any_siting() const {
    return !p_median.empty() || !p_center.empty() || cover >= 0 || max_cover >= 0 || p_dispersion > 0 ||
           backup_cover >= 0 || facility_location;
  }
};

std::string Num(double v) { return gdist::ExactText(v); }

// --weights, --candidates and --fixed as vertex indices, each file read once.
struct SiteLists {
  std::optional<std::vector<double>> weights;
  std::optional<std::vector<std::uint32_t>> candidates;
  std::vector<std::uint32_t> fixed;
  std::optional<std::vector<double>> capacities;     // per vertex (--capacities)
  std::optional<std::vector<double>> opening_costs;  // per vertex (--opening-costs)
};

// Names resolved against the matrix's labels (n vertices).
SiteLists ReadSiteLists(const Request& req, const gdist::VertexLabels& labels, std::size_t n) {
  SiteLists s;
  if (!req.weights.empty()) s.weights = gdist::ReadWeightsFile(req.weights, labels, n);
  if (!req.candidates.empty()) s.candidates = gdist::ReadVertexListFile(req.candidates, labels);
  if (!req.fixed.empty()) s.fixed = gdist::ReadVertexListFile(req.fixed, labels);
  if (!req.capacities.empty()) s.capacities = gdist::ReadWeightsFile(req.capacities, labels, n);
  if (!req.opening_costs.empty()) s.opening_costs = gdist::ReadWeightsFile(req.opening_costs, labels, n);
  return s;
}

// A cost table's two sides are named apart: weights name demands, sites name facilities.
SiteLists ReadSiteLists(const Request& req, const gdist::CostMatrixNames& names) {
  SiteLists s;
  if (!req.weights.empty()) s.weights = gdist::ReadWeightsFile(req.weights, names.demands, names.demands.size());
  if (!req.candidates.empty()) s.candidates = names.ReadFacilities(req.candidates);
  if (!req.fixed.empty()) s.fixed = names.ReadFacilities(req.fixed);
  if (!req.capacities.empty()) {  // facility f is vertex D + f
    const std::vector<double> by_facility =
        gdist::ReadWeightsFile(req.capacities, names.facilities, names.facilities.size());
    s.capacities = std::vector<double>(names.demands.size(), 0.0);
    s.capacities->insert(s.capacities->end(), by_facility.begin(), by_facility.end());
  }
  if (!req.opening_costs.empty()) {
    const std::vector<double> by_facility =
        gdist::ReadWeightsFile(req.opening_costs, names.facilities, names.facilities.size());
    s.opening_costs = std::vector<double>(names.demands.size(), 0.0);
    s.opening_costs->insert(s.opening_costs->end(), by_facility.begin(), by_facility.end());
  }
  return s;
}

// Everything is computed first; then the files are written and committed
// together (all or none) and only then the report goes to stdout, so a late
// error leaves neither a partial file nor a partial JSON document.
// row_vertex: d holds rows of candidates only (a rectangular file, the
// candidates' trees, a cost table's facilities): siting alone, no metrics or
// pictures. lists: the siting files already read (null: read them here).
template <class T> int Report(const gdist::MatrixView<T>& d, const gdist::MatrixMeta& meta, const Request& req,
                              const gdist::ComponentCounts* components = nullptr,
                              const std::vector<std::uint32_t>* row_vertex = nullptr,
                              const SiteLists* lists = nullptr) {
  const gdist::VertexLabels& labels = meta.labels;
  std::ostringstream report;
  gdist::JsonWriter json(report);
  if (req.json) json.BeginObject();
  std::optional<gdist::DistanceMetrics> metrics;
  if (!row_vertex && (!req.any_siting() || req.metrics || !req.per_vertex.empty() || !req.eccentricities.empty() ||
                      req.pictures.any())) {
    metrics = gdist::ComputeDistanceMetrics(d, meta.directed, req.metrics_options);
    if (metrics->fell_back && !gdist::Quiet()) std::cerr << "gcenter: metrics on the CPU: " << metrics->note << "\n";
    if (!req.any_siting() || req.metrics) {
      if (req.json) {
        gdist::WriteSummaryJson(json, metrics->summary, labels, meta.directed);
        gdist::WriteCentralityJson(json, metrics->centrality, labels, meta.directed);
        // Only a fallback is reported: the same numbers from either backend print the same JSON.
        if (metrics->fell_back) json.Key("metrics_fallback").Str(metrics->note);
        if (components) gdist::WriteComponentsJson(json, *components, meta.directed);
      } else {
        gdist::WriteSummaryText(report, metrics->summary, labels, meta.directed);
        gdist::WriteCentralityText(report, metrics->centrality, labels);
        if (components) gdist::WriteComponentsText(report, *components, meta.directed);
      }
    }
  }
  std::optional<gdist::SitingProblem<T>> prob;
  gdist::SitingResult cover, max_cover, dispersion, backup, location;
  std::vector<gdist::SweepPoint> medians, centers;  // sized before solving: `done` points into them
  std::vector<gdist::NamedResult> done;
  if (req.any_siting()) {
    gdist::SitingInput input;
    gdist::ParseDirection(req.direction, &input.direction);
    input.symmetric = !meta.directed;
    input.threads = req.metrics_options.threads;
    input.backend = req.backend;
    input.labels = &labels;
    SiteLists read = lists ? *lists : ReadSiteLists(req, labels, d.n);
    const std::optional<std::vector<double>> capacities = std::move(read.capacities);
    const std::optional<std::vector<double>> opening_costs = std::move(read.opening_costs);
    input.weights = std::move(read.weights);
    input.candidates = std::move(read.candidates);
    input.fixed = std::move(read.fixed);
    if (row_vertex) prob.emplace(d, *row_vertex, input);
    else prob.emplace(d, input);
    if (prob->num_demands() == 0) throw gdist::Error("no demand: every vertex has weight 0");
    auto show = [&](const std::string& key, const std::string& title, const gdist::SitingResult& r) {
      if (req.json) gdist::WriteSitingJson(json, key, r, *prob, labels);
      else gdist::WriteSitingText(report, title, r, *prob, labels);
      done.push_back({key, &r});
    };
    // Each model gets its own bars, ended before the next model starts.
    gdist::SitingProgressBar bar;
    auto options_for = [&](const std::string& model) {
      gdist::SitingOptions o = req.siting;
      o.progress = bar.Start(model);
      return o;
    };
    // A model with one p prints as before; with several, a table (or a JSON array) of the sweep.
    auto solve_all = [&](const std::vector<std::size_t>& ps, std::vector<gdist::SweepPoint>& points,
                         const std::string& key, const std::string& name, const std::string& objective, auto solve) {
      points.resize(ps.size());
      const bool sweep = ps.size() > 1;
      for (std::size_t i = 0; i < ps.size(); ++i) {
        points[i].p = ps[i];
        points[i].result = solve(ps[i], options_for(sweep ? name + " p=" + std::to_string(ps[i]) : name));
        if (!sweep) show(key, name + " (p = " + std::to_string(ps[i]) + ", " + objective + ")", points[i].result);
        else done.push_back({key + "_" + std::to_string(ps[i]), &points[i].result});
      }
      if (!sweep) return;
      if (req.json) gdist::WriteSweepJson(json, key, points, *prob, labels);
      else gdist::WriteSweepText(report, name + " sweep (" + objective + ")", points, *prob, labels);
    };
    solve_all(req.p_median, medians, "p_median", "p-median", "total weighted distance",
              [&](std::size_t p, const gdist::SitingOptions& o) {
                return capacities ? gdist::SolveCapacitatedPMedian(*prob, p, *capacities, o)
                                  : gdist::SolvePMedian(*prob, p, o);
              });
    solve_all(req.p_center, centers, "p_center", "p-center", "largest distance",
              [&](std::size_t p, const gdist::SitingOptions& o) { return gdist::SolvePCenter(*prob, p, o); });
    if (req.cover >= 0) {
      cover = gdist::SolveCover(*prob, req.cover, options_for("cover"));
      show("cover", "cover (radius " + Num(req.cover) + ", number of sites)", cover);
    }
    if (req.max_cover >= 0) {
      max_cover = gdist::SolveMaxCover(*prob, req.max_cover, req.p, options_for("max-cover"));
      show("max_cover",
           "max-cover (radius " + Num(req.max_cover) + ", p = " + std::to_string(req.p) + ", covered demand weight)",
           max_cover);
    }
    if (req.p_dispersion) {
      dispersion = gdist::SolvePDispersion(*prob, req.p_dispersion, options_for("p-dispersion"));
      show("p_dispersion",
           "p-dispersion (p = " + std::to_string(req.p_dispersion) + ", smallest distance between sites)", dispersion);
    }
    if (req.backup_cover >= 0) {
      backup = gdist::SolveBackupCover(*prob, req.backup_cover, req.p, options_for("backup-cover"));
      show("backup_cover",
           "backup-cover (radius " + Num(req.backup_cover) + ", p = " + std::to_string(req.p) +
               ", demand weight covered twice)",
           backup);
    }
    if (req.facility_location) {
      location = gdist::SolveFacilityLocation(*prob, *opening_costs, capacities ? &*capacities : nullptr,
                                              options_for("facility-location"));
      show(
          "facility_location",
          std::string(capacities ? "capacitated " : "") + "facility location (opening costs + total weighted distance)",
          location);
    }
  }
  if (req.json) {
    if (req.plan) gdist::WritePlanJson(json, *req.plan);
    json.EndObject();
    report << "\n";
  }
  gdist::OutputGroup files;
  if (!req.per_vertex.empty())
    gdist::WritePerVertexMetricsCsv(req.per_vertex, metrics->summary, metrics->centrality, labels);
  if (!req.eccentricities.empty())
    gdist::WriteEccentricitiesFile(req.eccentricities, metrics->summary.eccentricity, labels);
  if (!req.assignment.empty()) gdist::WriteAssignmentCsv(req.assignment, *prob, done, labels);
  if (!req.curve.empty()) {
    const bool median = medians.size() > 1;
    gdist::WriteTextFile(
        req.curve,
        gdist::SweepCurveSvg(median ? "p-median: total weighted distance by p" : "p-center: largest distance by p",
                             median ? "total weighted distance" : "largest distance", median ? medians : centers));
  }
  if (!row_vertex)
    gdist::WritePictures(req.pictures, d, meta, req.coordinates_file, metrics ? &*metrics : nullptr,
                         prob ? &*prob : nullptr, done, req.arcs);
  files.CommitAll();
  std::cout << report.str() << std::flush;
  return gdist::kExitOk;
}

// Flag combinations CLI11 cannot express, refused before any work.
void CheckFlagCombinations(const CLI::App& app, const Request& req) {
  if (!req.curve.empty() && (req.p_median.size() > 1) == (req.p_center.size() > 1))
    throw gdist::Error(
        "--curve: plots one sweep; expected several values in either --p-median or --p-center "
        "(e.g. --p-median 5,10,20)");
  if (req.p && req.max_cover < 0 && req.backup_cover < 0)
    throw gdist::Error(
        "--p: only --max-cover takes --p (and --backup-cover); expected --max-cover R --p P or --backup-cover R "
        "--p P");
  if (!req.capacities.empty() && req.p_median.empty() && !req.facility_location)
    throw gdist::Error(
        "--capacities: applies to --p-median (the capacitated p-median) and --facility-location; expected "
        "--p-median P");
  if (req.facility_location != !req.opening_costs.empty())
    throw gdist::Error(req.facility_location
                           ? "--facility-location: needs --opening-costs FILE ('label,cost' per candidate)"
                           : "--opening-costs: applies to --facility-location");
  if (req.backup_cover >= 0 && req.p == 0)
    throw gdist::Error("--backup-cover: needs --p P (the number of new sites), expected --backup-cover R --p P");
  if (req.max_cover >= 0 && req.p == 0)
    throw gdist::Error("--max-cover: needs --p P (the number of new sites), expected --max-cover R --p P");
  if (!req.any_siting())
    for (const char* flag : {"--assignment", "--weights", "--candidates", "--fixed", "--direction", "--exact",
                             "--time-limit", "--seed", "--cost-matrix"})
      if (app.count(flag))
        throw gdist::Error(std::string(flag) +
                           ": applies to a siting model; expected one of --p-median, --p-center, --cover, --max-cover");
}

// The report of the sparse engine or the hierarchy: as Report, the files
// first (all or none), then the whole report.
int SparseReport(const gdist::SparseMetrics& m, const gdist::VertexLabels& labels, bool directed, const Request& req) {
  std::ostringstream report;
  if (req.json) {
    gdist::JsonWriter json(report);
    json.BeginObject();
    gdist::WriteSparseMetricsJson(json, m, labels, directed);
    gdist::WritePlanJson(json, *req.plan);
    json.EndObject();
    report << "\n";
  } else {
    gdist::WriteSparseMetricsText(report, m, labels, directed);
  }
  gdist::OutputGroup files;
  if (!req.per_vertex.empty()) gdist::WritePerVertexMetricsCsv(req.per_vertex, m.summary, m.centrality, labels);
  if (!req.eccentricities.empty()) gdist::WriteEccentricitiesFile(req.eccentricities, m.summary.eccentricity, labels);
  files.CommitAll();
  std::cout << report.str() << std::flush;
  return gdist::kExitOk;
}

// A graph file: the CSR graph first (components, --largest-component), then
// the dense engine (matrix + APSP) or the sparse one (trees, no matrix).
int RunGraphInput(const std::string& in, const gdist::InputOptions& input, Request& req,
                  const gdist::ApspOptions& apsp) {
  gdist::Graph g = gdist::ReadGraph(in, input.read);
  gdist::AdjacencyOptions adj;
  adj.duplicates = input.duplicates.value_or(g.prefers_last_duplicate ? gdist::DuplicatePolicy::kLast
                                                                      : gdist::DuplicatePolicy::kMin);
  gdist::InputOptions typed = input;  // the weights' scan once: the matrix of the dense engine takes it too
  typed.type = gdist::ElementTypeFor(g, input);
  const gdist::ElementType type = *typed.type;
  const gdist::RunContext context(req.metrics_options.threads, req.backend);
  const int threads = context.threads();
  // Both engines start from the CSR graph: refuse one that cannot fit before building it.
  gdist::RefuseIfSparseTooLarge(in, g.n, 2 * g.edges.size(), gdist::ElementSize(type), threads);
  return gdist::DispatchElement(type, [&](auto zero) {
    using T = decltype(zero);
    gdist::CsrGraph<T> csr = gdist::BuildCsrGraph<T>(g, adj);
    if (!req.largest_component.empty()) {
      csr = gdist::LargestComponent(
          csr, req.largest_component == "weak" ? gdist::ComponentKind::kWeak : gdist::ComponentKind::kStrong);
      g = gdist::Graph{};
    }
    // Siting and pictures read the matrix: they run on the dense engine.
    const bool needs_matrix = req.any_siting() || req.pictures.any();
    if (needs_matrix && req.engine == gdist::ApspAlgorithm::kTrees)
      throw gdist::Error("--engine sparse: siting and pictures run on the dense engine (drop --engine sparse)");
    gdist::PlanRequest question;
    question.question = gdist::PlanQuestion::kMetrics;
    question.algorithm = req.engine;
    question.bounded_metrics = req.per_vertex.empty() && !req.centrality;
    question.every_eccentricity = !req.eccentricities.empty();
    if (needs_matrix) question.tree_refusal = "siting and pictures read the whole matrix";
    const gdist::GraphShape shape{csr.n, csr.arc_count(), gdist::TreeMethodFor(csr), gdist::ElementTraits<T>::kType,
                                  gdist::FloatSumsExact(csr)};
    req.plan = gdist::PlanDistances(question, shape, context);
    const bool dense = req.plan->engine == gdist::PlanEngine::kFloydWarshall;
    if (dense) {
      const gdist::ComponentCounts components = gdist::CountComponents(csr);
      // The whole graph goes through the reader's own path (memory check, duplicates, types).
      gdist::DistMatrix<T> m = req.largest_component.empty()
                                   ? std::get<gdist::DistMatrix<T>>(gdist::MatrixFromGraph(g, typed, in))
                                   : gdist::CsrToAdjacency(csr);
      g = gdist::Graph{};
      csr = gdist::CsrGraph<T>{};
      if (!req.pictures.svg.empty()) {
        // The arcs, before the engine turns the adjacency into distances.
        const auto arcs = gdist::ArcsOfAdjacency(m.view());
        for (std::uint32_t u = 0; u < arcs.n(); ++u)
          for (std::size_t a = arcs.first[u]; a < arcs.first[u + 1]; ++a) req.arcs.push_back({u, arcs.head[a]});
      }
      gdist::ApspOptions run = apsp;
      run.gpu_probe = context.gpu_probe();
      gdist::ApspProgressBar bar;
      run.progress = bar.Callback();
      gdist::PrintApspEstimate("gcenter", m, run, false);
      gdist::SolveApsp(m, run);
      bar.Finish();
      return Report(m.view(), m.meta(), req, &components);
    }
    g = gdist::Graph{};
    gdist::SparseMetricsRequest sparse;
    sparse.options = req.metrics_options;
    sparse.every_vertex = !req.per_vertex.empty();
    sparse.eccentricities = !req.eccentricities.empty();
    // auto chose the sparse engine for speed: give the dense report's centralities too.
    sparse.centrality =
        req.centrality || sparse.every_vertex || (req.engine == gdist::ApspAlgorithm::kAuto && req.plan->matrix_fits);
    gdist::ApspProgressBar bar;
    sparse.progress = bar.Callback();
    gdist::SparseMetrics m;
    if (req.plan->engine == gdist::PlanEngine::kHierarchy) {
      // Every vertex's row by PHAST over the road hierarchy (lib/pipeline/road_metrics.hpp).
      gdist::ContractionOptions contraction;
      contraction.threads = threads;
      // Every row only when every vertex's values or the centralities are asked for: bounds otherwise.
      sparse.centrality = req.centrality || sparse.every_vertex;
      m = gdist::HierarchyMetrics(gdist::BuildContractionHierarchy(csr, contraction), sparse, req.plan->backend);
    } else {
      gdist::PrintSparseMetricsEstimate("gcenter", csr, sparse, req.plan->backend);
      m = gdist::ComputeSparseMetrics(csr, sparse);
    }
    bar.Finish();
    return SparseReport(m, csr.labels, csr.directed, req);
  });
}

// A saved hierarchy (.gch) asked for metrics: the bounding searches on its
// PHAST trees, or every row (lib/pipeline/road_metrics.hpp).
int HierarchyMetricsReport(const std::string& in, const gdist::InputOptions& input, Request& req) {
  const gdist::LoadedHierarchy loaded = gdist::LoadHierarchy(in, input, req.metrics_options.threads);
  const gdist::RunContext context(req.metrics_options.threads, req.backend);
  return std::visit(
      [&](const auto& ch) {
        using W = std::decay_t<decltype(ch.up.weights[0])>;
        gdist::PlanRequest question;
        question.question = gdist::PlanQuestion::kMetrics;
        question.algorithm = gdist::ApspAlgorithm::kHierarchy;
        question.hierarchy_saved = true;
        question.bounded_metrics = req.per_vertex.empty() && !req.centrality;
        question.every_eccentricity = !req.eccentricities.empty();
        const gdist::GraphShape shape{ch.n, ch.up.size() + ch.down.size(), gdist::TreeMethod::kDijkstraRadix,
                                      gdist::ElementTraits<W>::kType, true};
        req.plan = gdist::PlanDistances(question, shape, context);
        gdist::SparseMetricsRequest sparse;
        sparse.options = req.metrics_options;
        sparse.every_vertex = !req.per_vertex.empty();
        sparse.eccentricities = !req.eccentricities.empty();
        sparse.centrality = req.centrality || sparse.every_vertex;
        gdist::ApspProgressBar bar;
        sparse.progress = bar.Callback();
        const gdist::SparseMetrics m = gdist::HierarchyMetrics(ch, sparse, req.plan->backend);
        bar.Finish();
        return SparseReport(m, ch.labels, ch.directed, req);
      },
      loaded.hierarchy);
}

// What the rows of candidates cannot give: everything that needs the whole matrix.
bool NeedsWholeMatrix(const Request& req) {
  return !req.any_siting() || req.metrics || !req.per_vertex.empty() || !req.eccentricities.empty() ||
         req.pictures.any();
}

// A rectangular file (gapsp --sources): its rows are the candidates' costs.
template <class T> int RectangularReport(const gdist::MappedMatrixFile& file, const Request& req) {
  if (NeedsWholeMatrix(req))
    throw gdist::Error(file.path() + ": holds the rows of " + std::to_string(file.info().rows()) + " sources of " +
                       std::to_string(file.info().n) +
                       " vertices; it answers a siting model (--p-median, --p-center, --cover, --max-cover) with "
                       "its sources as candidates, not metrics, --per-vertex or pictures");
  if (file.info().meta.directed && req.direction == "in")
    throw gdist::Error(file.path() +
                       ": its rows are distances from the sources (--direction out); --direction in "
                       "needs the distances into the candidates (gcenter GRAPHFILE --candidates)");
  const std::vector<std::uint32_t> rows(file.info().row_sources.begin(), file.info().row_sources.end());
  return Report(file.view<T>(), file.info().meta, req, nullptr, &rows);
}

// --cost-matrix FILE: the table's facilities as rows over its demands.
int CostMatrixReport(const CLI::App& app, const gdist::InputOptions& input, const Request& req) {
  const std::string& path = req.cost_matrix;
  if (NeedsWholeMatrix(req))
    throw gdist::Error(
        "--cost-matrix: a demand x facility cost table answers a siting model (--p-median, "
        "--p-center, --cover, --max-cover), not metrics, --per-vertex or pictures");
  for (const char* flag : {"--direction", "--engine", "--largest-component", "--centrality", "--from", "--type",
                           "--duplicates", "--undirected"})
    if (app.get_option_no_throw(flag) && app.count(flag))
      throw gdist::Error(std::string(flag) +
                         ": applies to graph and matrix inputs; a cost table's costs are read as they stand (each "
                         "from a facility of its header to a demand of its first column)");
  const gdist::CostMatrix table = gdist::ReadCostMatrix(path, input.read.limits);
  const gdist::CostMatrixNames names(table);
  return gdist::DispatchElement(gdist::CostElementType(table), [&](auto zero) {
    using T = decltype(zero);
    const gdist::FacilityRows<T> rows = gdist::CostMatrixRows<T>(table);
    gdist::MatrixMeta meta;
    meta.directed = true;
    meta.kind = gdist::MatrixKind::kDistance;
    meta.labels = names.all;
    const SiteLists lists = ReadSiteLists(req, names);
    return Report(rows.view, meta, req, nullptr, &rows.row_vertex, &lists);
  });
}

// A graph with --candidates: the candidates' (and fixed sites') trees, k x n
// costs, never the n x n matrix.
// A saved hierarchy (.gch) or --engine ch with --candidates: the candidates'
// rows from PHAST trees over the road hierarchy (lib/pipeline/road_run.hpp).
int HierarchyCandidatesReport(const std::string& in, const gdist::InputOptions& input, const Request& req) {
  const gdist::LoadedHierarchy loaded = gdist::LoadHierarchy(in, input, req.metrics_options.threads);
  return std::visit(
      [&](const auto& ch) {
        const SiteLists lists = ReadSiteLists(req, ch.labels, ch.n);
        gdist::Direction direction = gdist::Direction::kOut;
        gdist::ParseDirection(req.direction, &direction);
        const auto rows = gdist::HierarchyCandidateRows(ch, gdist::RowVerticesFor(*lists.candidates, lists.fixed),
                                                        direction, req.metrics_options.threads);
        gdist::MatrixMeta meta;
        meta.directed = ch.directed;
        meta.kind = gdist::MatrixKind::kDistance;
        meta.labels = ch.labels;
        return Report(rows.view, meta, req, nullptr, &rows.vertices, &lists);
      },
      loaded.hierarchy);
}

int CandidateTreesReport(const std::string& in, const gdist::InputOptions& input, const Request& req) {
  const gdist::Graph g = gdist::ReadGraph(in, input.read);
  gdist::AnyCsrGraph any = gdist::CsrFromGraph(g, input, in, req.metrics_options.threads);
  return std::visit(
      [&](const auto& csr) {
        using T = std::decay_t<decltype(csr.max_abs_weight)>;
        const SiteLists lists = ReadSiteLists(req, csr.labels, csr.n);
        gdist::Direction direction = gdist::Direction::kOut;
        gdist::ParseDirection(req.direction, &direction);
        gdist::ApspProgressBar bar;
        std::vector<std::uint32_t> sources = gdist::RowVerticesFor(*lists.candidates, lists.fixed);
        gdist::PrintTreeRowsEstimate(
            "gcenter", csr, sources.size(), gdist::RowBytes(csr, sources.size()), req.metrics_options.threads,
            gdist::CandidateRowsBackend(csr, sources.size(), req.metrics_options.threads, req.backend).backend);
        const gdist::CandidateRows<T> rows = gdist::ComputeCandidateRows(
            csr, std::move(sources), direction, req.metrics_options.threads, req.backend, bar.Callback());
        bar.Finish();
        gdist::MatrixMeta meta;
        meta.directed = csr.directed;
        meta.kind = gdist::MatrixKind::kDistance;
        meta.labels = csr.labels;
        return Report(rows.view, meta, req, nullptr, &rows.vertices, &lists);
      },
      any);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Distance metrics (eccentricity, diameter, radius, center, 1-median, closeness, harmonic,\n"
      "path length, Wiener index, histogram) and facility siting (p-median, p-center, LSCP, MCLP).",
      "gcenter"};
  std::string in, backend = "auto";
  Request req;
  gdist::InputFlags flags;
  app.add_option("DIST", in, "distance matrix from gapsp, or any graph/adjacency file (APSP runs first)");
  app.add_flag("--json", req.json, "machine-readable output");
  app.add_option("--per-vertex", req.per_vertex,
                 "write vertex,eccentricity,total,unreachable,closeness,harmonic CSV to FILE ('-': stdout)");
  app.add_option("--eccentricities", req.eccentricities,
                 "write vertex,eccentricity CSV to FILE (.jsonl: JSON lines; '-': stdout); on a connected graph\n"
                 "with integer weights the sparse engine bounds them instead of a tree from every vertex");
  app.add_flag("--reachable-only", req.metrics_options.reachable_only,
               "eccentricity over reachable vertices only (igraph's convention); default: infinite");
  app.add_option("-j,--threads", req.metrics_options.threads, "threads (0 = all cores)")->check(gdist::ThreadCount());
  app.add_option("--backend", backend,
                 "where the work runs: the metrics, the siting models' row passes, and the APSP when\n"
                 "DIST is a graph (auto: the GPU when present and the problem is large enough to pay)")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  flags.Add(app);
  std::string engine = "auto";
  app.add_option("--engine", engine,
                 "graph inputs: dense (matrix + APSP), sparse (shortest-path trees, no matrix: big sparse\n"
                 "graphs; docs/SPARSE.md), ch (with --candidates: PHAST trees over the road hierarchy; a .gch\n"
                 "input implies it; docs/ROAD.md) or auto (sparse when the matrix would not fit or trees are cheaper)")
      ->check(CLI::IsMember({"auto", "dense", "sparse", "ch"}))
      ->capture_default_str();
  app.add_option("--largest-component", req.largest_component,
                 "graph inputs: keep only the largest strong or weak component (labels kept)")
      ->check(CLI::IsMember({"strong", "weak"}));
  app.add_flag("--centrality", req.centrality,
               "sparse engine: also closeness, harmonic, path length, Wiener index and histogram\n"
               "(a tree from every vertex; the dense engine always computes them)");

  const std::string siting = "Siting (docs/SITING.md)";
  app.add_option("--p-median", req.p_median,
                 "P new sites minimising total weighted distance; a list (5,10,20) solves each P: a sweep")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->check(gdist::SiteCount())
      ->group(siting);
  app.add_option("--p-center", req.p_center, "P new sites minimising the largest distance; a list: a sweep")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->check(gdist::SiteCount())
      ->group(siting);
  app.add_option("--curve", req.curve, "plot a sweep's objective against p to FILE (SVG)")->group(siting);
  app.add_option("--cover", req.cover, "fewest sites with every demand within R (LSCP)")
      ->check(gdist::Radius())
      ->group(siting);
  app.add_option("--max-cover", req.max_cover, "P sites (--p) covering the most demand weight within R (MCLP)")
      ->check(gdist::Radius())
      ->group(siting);
  app.add_option("--p-dispersion", req.p_dispersion,
                 "P new sites as far apart as possible: maximise the smallest distance between two sites")
      ->check(gdist::SiteCount())
      ->group(siting);
  app.add_option("--backup-cover", req.backup_cover,
                 "P sites (--p) covering every demand within R, the most demand weight twice (LSCP-B; CBC)")
      ->check(gdist::Radius())
      ->group(siting);
  app.add_option("--p", req.p, "number of new sites for --max-cover and --backup-cover")
      ->check(gdist::SiteCount())
      ->group(siting);
  app.add_option("--capacities", req.capacities,
                 "with --p-median: site capacities, 'label,capacity' per line (unlisted: 0); each demand is\n"
                 "served whole by one site, its --weights the load (single-source capacitated p-median; CBC)")
      ->group(siting);
  app.add_flag("--facility-location", req.facility_location,
               "open any number of sites minimising opening costs (--opening-costs) plus total weighted\n"
               "distance (fixed-charge location; with --capacities single-source capacitated; CBC)")
      ->group(siting);
  app.add_option("--opening-costs", req.opening_costs, "with --facility-location: 'label,cost' per candidate")
      ->group(siting);
  app.add_option("--weights", req.weights, "demand weights, 'label,weight' per line (unlisted: 0)")->group(siting);
  app.add_option("--candidates", req.candidates, "vertices that may host a site, one label per line")->group(siting);
  app.add_option("--fixed", req.fixed, "sites that exist already, one label per line")->group(siting);
  app.add_option("--cost-matrix", req.cost_matrix,
                 "site on a demand x facility cost table instead of DIST: CSV or TSV, a header row of facility\n"
                 "names, then a demand name and its costs per row (empty or inf: cannot serve)")
      ->group(siting);
  app.add_option("--direction", req.direction,
                 "directed graphs: out = facility -> demand (default), in = demand -> facility")
      ->check(CLI::IsMember({"out", "in"}))
      ->group(siting);
  app.add_option("--assignment", req.assignment, "write model,demand,weight,site,distance CSV to FILE")->group(siting);
  app.add_flag("--exact", req.siting.exact,
               "prove the answer optimal (branch and bound; with --gap or --time-limit: the gap proven so far)")
      ->group(siting);
  app.add_option("--gap", req.siting.gap, "with --exact: stop once the proven relative gap is at most G (0.001 = 0.1%)")
      ->check(CLI::Range(0.0, 1.0))
      ->group(siting);
  auto* time_limit = app.add_option("--time-limit", req.siting.time_limit_s,
                                    "seconds for each model's improvement phase; with --exact, for the whole proof")
                         ->check(gdist::Seconds())
                         ->capture_default_str()
                         ->group(siting);
  app.add_flag("!--no-bounds", req.siting.bounds, "skip the lower bounds of the heuristic answers")->group(siting);
  app.add_option("--seed", req.siting.seed, "random seed of the heuristics")->capture_default_str()->group(siting);
  app.add_flag("--metrics", req.metrics, "print the metrics too when a siting model is asked for")->group(siting);
  req.pictures.Add(app, "Pictures (SVG)");
  app.footer(
      "EXAMPLES:\n  gcenter dist.gdm\n  gcenter dist.gdm --json --per-vertex ecc.csv\n"
      "  gcenter rome99.gr                    # APSP in-process\n"
      "  gcenter dist.gdm --p-median 10 --weights pop.csv --assignment assign.csv\n"
      "  gcenter dist.gdm --p-center 5 --fixed stations.txt --json\n"
      "  gcenter dist.gdm --max-cover 5000 --p 8 --candidates sites.txt\n"
      "  gcenter rome99.gr --p-median 10 --svg map.svg --histogram hist.svg\n"
      "  gcenter dist.gdm --p-median 5,10,20 --curve curve.svg   # a sweep: table, JSON array, plot\n"
      "  gcenter --cost-matrix costs.csv --p-median 3 --assignment a.csv   # demand x facility costs\n"
      "EXIT STATUS: 0 done, 2 bad input or flags (docs/CLI.md).");
  return gdist::RunApp(app, argc, argv, [&]() -> int {
    if (in.empty() == req.cost_matrix.empty())
      throw gdist::Error(in.empty() ? "DIST (a matrix or graph file) or --cost-matrix FILE is required"
                                    : "expected DIST or --cost-matrix FILE, not both");
    CheckFlagCombinations(app, req);
    gdist::ActiveCpuIsa();  // an unknown GDIST_CPU_ISA is refused before any work
    gdist::ParseBackend(backend, &req.backend);
    gdist::ParseEngine(engine, &req.engine);
    req.metrics_options.backend = req.backend;
    if (req.siting.gap > 0 && !req.siting.exact) throw gdist::Error("--gap needs --exact");
    // --exact runs until proven unless a time limit is given; then it bounds the whole model.
    if (req.siting.exact && time_limit->count()) req.siting.proof_time_limit_s = req.siting.time_limit_s;
    gdist::InputOptions input = flags.Options();
    if (!in.empty()) req.coordinates_file = gdist::CoordinatesFor(req.pictures, in);
    gdist::CheckOutputPaths({{"--per-vertex", req.per_vertex},
                             {"--eccentricities", req.eccentricities},
                             {"--assignment", req.assignment},
                             {"--svg", req.pictures.svg},
                             {"--histogram", req.pictures.histogram},
                             {"--curve", req.curve}},
                            {{"DIST", in},
                             {"--weights", req.weights},
                             {"--candidates", req.candidates},
                             {"--fixed", req.fixed},
                             {"--coordinates", req.coordinates_file.value_or("")},
                             {"--cost-matrix", req.cost_matrix},
                             {"--capacities", req.capacities},
                             {"--opening-costs", req.opening_costs}});
    if (!req.cost_matrix.empty()) return CostMatrixReport(app, input, req);
    const bool matrix_file = input.read.format == gdist::InputFormat::kAuto && gdist::IsMatrixFile(in);
    if (matrix_file) {
      gdist::MappedMatrixFile file(in, /*verify_crc=*/true, /*allow_rectangular=*/true);
      if (file.info().meta.kind == gdist::MatrixKind::kDistance &&
          (app.count("--engine") || app.count("--largest-component")))
        throw gdist::Error(in + ": a distance matrix file; --engine and --largest-component apply to graph files");
      if (file.info().rectangular)
        return gdist::DispatchElement(file.info().type,
                                      [&](auto zero) { return RectangularReport<decltype(zero)>(file, req); });
      if (file.info().meta.kind == gdist::MatrixKind::kDistance)
        return gdist::DispatchElement(file.info().type, [&](auto zero) {
          using T = decltype(zero);
          return Report(file.view<T>(), file.info().meta, req);
        });
    }
    const bool saved_hierarchy = gdist::IsHierarchyInput(in);
    const bool hierarchy = saved_hierarchy || req.engine == gdist::ApspAlgorithm::kHierarchy;
    if (hierarchy && !req.candidates.empty() && !NeedsWholeMatrix(req))
      return HierarchyCandidatesReport(in, input, req);
    if (saved_hierarchy && (req.any_siting() || req.pictures.any() || !req.largest_component.empty()))
      throw gdist::Error(in +
                         ": a saved hierarchy answers metrics, and siting on --candidates; pictures and "
                         "--largest-component need the graph file");
    if (saved_hierarchy) return HierarchyMetricsReport(in, input, req);
    if (hierarchy && (req.any_siting() || req.pictures.any()))
      throw gdist::Error("--engine ch: siting runs on --candidates rows, and pictures need the matrix");
    if (!matrix_file && !req.candidates.empty() && !NeedsWholeMatrix(req)) return CandidateTreesReport(in, input, req);
    gdist::ApspOptions opts;
    gdist::ParseBackend(backend, &opts.backend);
    opts.threads = req.metrics_options.threads;
    if (!matrix_file) return RunGraphInput(in, input, req, opts);
    if (req.engine == gdist::ApspAlgorithm::kTrees || !req.largest_component.empty())
      throw gdist::Error(in + ": an adjacency matrix file; --engine sparse and --largest-component need a graph file");
    gdist::AnyMatrix m = gdist::LoadInput(in, input);
    return std::visit(
        [&](auto& mat) {
          if (!req.pictures.svg.empty()) {
            // The arcs, before the engine turns the adjacency into distances.
            const auto arcs = gdist::ArcsOfAdjacency(mat.view());
            for (std::uint32_t u = 0; u < arcs.n(); ++u)
              for (std::size_t a = arcs.first[u]; a < arcs.first[u + 1]; ++a) req.arcs.push_back({u, arcs.head[a]});
          }
          gdist::ApspProgressBar bar;
          opts.progress = bar.Callback();
          gdist::PrintApspEstimate("gcenter", mat, opts, false);
          gdist::SolveApsp(mat, opts);
          bar.Finish();
          return Report(mat.view(), mat.meta(), req);
        },
        m);
  });
}
