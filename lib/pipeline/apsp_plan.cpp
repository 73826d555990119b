#include "lib/pipeline/apsp_plan.hpp"

#include <filesystem>
#include <optional>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/engine/arcs_apsp.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/plan/graph_shape.hpp"
#include "lib/plan/memory_plan.hpp"
#include "lib/sparse/csr_from_matrix.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

AdjacencyOptions AdjacencyFor(const Graph& g, const InputOptions& options) {
  AdjacencyOptions adj;
  adj.duplicates = DuplicatesFor(g, options);
  return adj;
}

PlanRequest PlanRequestOf(const ApspRequest& request) {
  PlanRequest r;
  r.question = request.question;
  r.algorithm = request.algorithm;
  r.rows = request.rows;
  r.tree_refusal = request.tree_refusal;
  r.keep_adjacency = request.keep_adjacency;
  r.hierarchy_trial = request.hierarchy_trial;
  r.output = request.output;
  return r;
}

// The estimate's reading part: the input file's bytes and kind.
void SetInput(PlanRequest& r, const std::string& path, bool matrix_file) {
  r.input_bytes = InputFileBytes(path);
  r.input_matrix_file = matrix_file;
}

// Floyd-Warshall whatever the graph (asked for, or auto with the trees
// refused): the plan of an n-vertex matrix of `type`, without a CSR graph.
void PlanForcedFloydWarshall(ApspPlan& plan, std::size_t n, ElementType type, const ApspRequest& request,
                             const RunContext& context, const std::string& path) {
  plan.n = n;
  PlanRequest forced = PlanRequestOf(request);
  SetInput(forced, path, IsMatrixFile(path));
  forced.algorithm = ApspAlgorithm::kFloydWarshall;
  GraphShape shape;
  shape.n = plan.n;
  shape.type = type;
  plan.run = PlanDistances(forced, shape, context);
  if (request.algorithm == ApspAlgorithm::kAuto) plan.run.reasons.front() = request.tree_refusal;
}

void PlanForcedFloydWarshall(ApspPlan& plan, const ApspRequest& request, const RunContext& context,
                             const std::string& path) {
  PlanForcedFloydWarshall(plan, std::visit([](const auto& m) { return m.n(); }, plan.matrix), TypeOf(plan.matrix),
                          request, context, path);
}

inline constexpr std::size_t kArcsRouteDensityDivisor = 16;  // at most n^2 / 16 edges

// Whether the run may build its adjacency on the GPU at all (before any CSR
// graph is built for it): a whole matrix to a .gdm, int32 weights, a GPU.
bool ArcsRouteAsked(const ApspRequest& request, ElementType type, const RunContext& context) {
  return request.stream_from_arcs && request.question == PlanQuestion::kMatrix && !request.keep_adjacency &&
         type == ElementType::kInt32 && request.stream_from_arcs->backend != Backend::kCpu && context.gpu().usable;
}

// The plan keeps the CSR graph and no host matrix when the GPU takes the run
// from its arcs (GpuTakesArcsRun); false: the caller builds the matrix.
bool TakeArcsRoute(ApspPlan& plan, AnyCsrGraph& csr, const ApspRequest& request) {
  auto* g = std::get_if<CsrGraph<std::int32_t>>(&csr);
  if (!g) return false;
  plan.arcs_on_device = GpuTakesArcsRun(g->Out(), g->has_negative, *request.stream_from_arcs);
  if (!plan.arcs_on_device) return false;
  plan.run.reasons.push_back("the adjacency is built on the GPU from the arcs and the result streamed to the file");
  plan.csr = std::move(csr);
  return true;
}

}  // namespace

double InputFileBytes(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return 0;
  const auto bytes = std::filesystem::file_size(path, ec);
  return ec ? 0 : static_cast<double>(bytes);
}

AnyCsrGraph CsrFromGraph(const Graph& g, const InputOptions& options, const std::string& input, int threads) {
  const ElementType type = ElementTypeFor(g, options);
  // Each edge may become two arcs (undirected, or both CSR directions).
  RefuseIfSparseTooLarge(input, g.n, 2 * static_cast<std::uint64_t>(g.edges.size()), ElementSize(type), threads);
  return DispatchElement(type, [&](auto zero) -> AnyCsrGraph {
    using W = decltype(zero);
    return BuildCsrGraph<W>(g, AdjacencyFor(g, options));
  });
}

ApspPlan PlanApsp(const std::string& path, const InputOptions& options, const ApspRequest& request,
                  const RunContext& context) {
  ApspPlan plan;
  const bool matrix_input = options.read.format == InputFormat::kAuto && IsMatrixFile(path);
  if (request.algorithm == ApspAlgorithm::kFloydWarshall ||
      (request.algorithm == ApspAlgorithm::kAuto && !request.tree_refusal.empty())) {
    // Floyd-Warshall whatever the graph: the matrix is read without its CSR
    // graph, unless the GPU builds it from the arcs.
    if (!matrix_input && request.stream_from_arcs) {
      Graph graph = ReadInputGraph(path, options);
      const ElementType type = ElementTypeFor(graph, options);
      // The CSR graph costs a sort of the arcs the matrix path does not make:
      // worth it where the arcs are few next to the n^2 matrix (a road or
      // social graph, not a 30%-dense benchmark graph, whose matrix build is
      // the cheaper pass).
      const std::size_t stride = PaddedSize(graph.n);
      if (graph.edges.size() * kArcsRouteDensityDivisor <= stride * stride && ArcsRouteAsked(request, type, context)) {
        InputOptions typed = options;
        typed.type = type;
        AnyCsrGraph csr = CsrFromGraph(graph, typed, path, context.threads());
        PlanForcedFloydWarshall(plan, graph.n, type, request, context, path);
        if (TakeArcsRoute(plan, csr, request)) return plan;
      }
      plan.matrix = MatrixFromGraph(graph, options, path);
      PlanForcedFloydWarshall(plan, request, context, path);
      return plan;
    }
    plan.matrix = LoadInput(path, options);
    PlanForcedFloydWarshall(plan, request, context, path);
    return plan;
  }
  if (matrix_input) {
    // The matrix is in memory already: its arcs become the CSR graph, and the
    // trees' rows overwrite it.
    plan.matrix = LoadInput(path, options);
    std::visit(
        [&](auto& m) {
          using W = std::decay_t<decltype(*m.data())>;
          plan.n = m.n();
          if (m.meta().kind == MatrixKind::kDistance) throw Error("the input is already a distance matrix");
          const AdjacencyScan scan = ScanAdjacency(m.view(), m.meta(), context.threads());
          PlanRequest r = PlanRequestOf(request);
          SetInput(r, path, true);
          r.hierarchy_trial = false;  // a matrix file: its trees or Floyd-Warshall
          if (!scan.zero_diagonal)
            r.tree_refusal = "the matrix has a positive diagonal entry (Floyd-Warshall keeps it, a tree says 0)";
          plan.method = TreeMethodFor<W>(scan.has_negative, scan.unit_weights);
          // The shape ShapeOf would give, from the scan: integer weights sum
          // exactly, and only the shared BFS's sample needs the graph itself.
          // Where the plan keeps Floyd-Warshall, no graph is built.
          if (std::is_integral_v<W> && plan.method != TreeMethod::kBfs) {
            plan.run =
                PlanDistances(r, GraphShape{m.n(), scan.arcs, plan.method, ElementTraits<W>::kType, true}, context);
            if (!plan.trees()) return;
          }
          bool zero_diagonal = true;
          CsrGraph<W> g = CsrFromAdjacency(m.view(), m.meta(), &zero_diagonal);
          plan.run = PlanDistances(r, ShapeOf(g, request.question), context);
          if (plan.trees()) plan.csr = std::move(g);
        },
        plan.matrix);
    return plan;
  }
  return PlanApspOfGraph(ReadInputGraph(path, options), options, request, context, path);
}

ApspPlan PlanApspOfGraph(Graph graph, const InputOptions& options, const ApspRequest& request,
                         const RunContext& context, const std::string& path) {
  ApspPlan plan;
  if (request.algorithm == ApspAlgorithm::kFloydWarshall ||
      (request.algorithm == ApspAlgorithm::kAuto && !request.tree_refusal.empty())) {
    plan.matrix = MatrixFromGraph(graph, options, path);
    PlanForcedFloydWarshall(plan, request, context, path);
    return plan;
  }
  // The weights' scan (ChooseElementType) once: the CSR graph and the matrix take the type from here.
  InputOptions typed = options;
  typed.type = ElementTypeFor(graph, options);
  const ElementType type = *typed.type;
  // The n x n output first, as LoadInput would (then the CSR graph's own size, in CsrFromGraph).
  // gapsp's metrics come from the matrix whichever engine fills it.
  if (request.question != PlanQuestion::kRows) RefuseIfTooLarge(path, RunNeeds{graph.n, type, request.keep_adjacency});
  AnyCsrGraph csr = CsrFromGraph(graph, typed, path, context.threads());
  std::visit(
      [&](const auto& g) {
        plan.n = g.n;
        plan.method = TreeMethodFor(g);
        PlanRequest r = PlanRequestOf(request);
        SetInput(r, path, false);
        plan.run = PlanDistances(r, ShapeOf(g, request.question), context);
      },
      csr);
  // The hierarchy (asked for) contracts the same CSR graph and, like the trees, fills a blank matrix.
  const bool trees = plan.trees() || plan.run.engine == PlanEngine::kHierarchy;
  if (!trees && ArcsRouteAsked(request, type, context) && TakeArcsRoute(plan, csr, request)) return plan;
  if (!trees || request.keep_adjacency) {
    plan.matrix = MatrixFromGraph(graph, typed, path);
  } else if (request.question != PlanQuestion::kRows) {
    plan.matrix = DispatchElement(type, [&](auto zero) -> AnyMatrix {
      using W = decltype(zero);
      DistMatrix<W> m(graph.n);
      m.meta().directed = graph.directed;
      m.meta().labels = graph.labels;
      m.meta().decimal_scale = graph.decimal_scale;
      m.meta().lon_lat = graph.lon_lat;
      return m;
    });
  }
  if (trees) plan.csr = std::move(csr);
  return plan;
}

}  // namespace gdist
