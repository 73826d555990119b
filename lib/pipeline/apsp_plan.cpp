#include "lib/pipeline/apsp_plan.hpp"

#include <optional>

#include "lib/core/element_traits.hpp"
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
  return r;
}

// Floyd-Warshall whatever the graph (asked for, or auto with the trees
// refused): the plan of plan.matrix as read, without a CSR graph.
void PlanForcedFloydWarshall(ApspPlan& plan, const ApspRequest& request, const RunContext& context) {
  plan.n = std::visit([](const auto& m) { return m.n(); }, plan.matrix);
  PlanRequest forced = PlanRequestOf(request);
  forced.algorithm = ApspAlgorithm::kFloydWarshall;
  GraphShape shape;
  shape.n = plan.n;
  shape.type = TypeOf(plan.matrix);
  plan.run = PlanDistances(forced, shape, context);
  if (request.algorithm == ApspAlgorithm::kAuto) plan.run.reasons.front() = request.tree_refusal;
}

}  // namespace

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
    // Floyd-Warshall whatever the graph: the matrix is read without its CSR graph.
    plan.matrix = LoadInput(path, options);
    PlanForcedFloydWarshall(plan, request, context);
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
          bool zero_diagonal = true;
          CsrGraph<W> g = CsrFromAdjacency(m.view(), m.meta(), &zero_diagonal);
          PlanRequest r = PlanRequestOf(request);
          r.hierarchy_trial = false;  // a matrix file: its trees or Floyd-Warshall
          if (!zero_diagonal)
            r.tree_refusal = "the matrix has a positive diagonal entry (Floyd-Warshall keeps it, a tree says 0)";
          plan.method = TreeMethodFor(g);
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
    PlanForcedFloydWarshall(plan, request, context);
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
        plan.run = PlanDistances(PlanRequestOf(request), ShapeOf(g, request.question), context);
      },
      csr);
  // The hierarchy (asked for) contracts the same CSR graph and, like the trees, fills a blank matrix.
  const bool trees = plan.trees() || plan.run.engine == PlanEngine::kHierarchy;
  if (!trees || request.keep_adjacency) {
    plan.matrix = MatrixFromGraph(graph, typed, path);
  } else if (request.question != PlanQuestion::kRows) {
    plan.matrix = DispatchElement(type, [&](auto zero) -> AnyMatrix {
      using W = decltype(zero);
      DistMatrix<W> m(graph.n);
      m.meta().directed = graph.directed;
      m.meta().labels = graph.labels;
      m.meta().decimal_scale = graph.decimal_scale;
      return m;
    });
  }
  if (trees) plan.csr = std::move(csr);
  return plan;
}

}  // namespace gdist
