#include "lib/pipeline/apsp_plan.hpp"

#include <omp.h>

#include <optional>

#include "lib/matrix/adjacency.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/metrics/sparse_engine_choice.hpp"
#include "lib/pipeline/memory_plan.hpp"
#include "lib/sparse/csr_from_matrix.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

AdjacencyOptions AdjacencyFor(const Graph& g, const InputOptions& options) {
  AdjacencyOptions adj;
  adj.duplicates =
      options.duplicates.value_or(g.prefers_last_duplicate ? DuplicatePolicy::kLast : DuplicatePolicy::kMin);
  return adj;
}

template <class W> ApspCostInputs CostInputs(const CsrGraph<W>& g, const ApspRequest& request) {
  ApspCostInputs in;
  in.n = g.n;
  in.arcs = g.arc_count();
  in.method = TreeMethodFor(g);
  in.type = ElementTraits<W>::kType;
  in.threads = request.threads > 0 ? request.threads : omp_get_max_threads();
  in.fw_on_gpu = request.algorithm == ApspAlgorithm::kAuto && request.fw_on_gpu && request.fw_on_gpu();
  return in;
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

ApspPlan PlanApsp(const std::string& path, const InputOptions& options, const ApspRequest& request) {
  ApspPlan plan;
  const bool matrix_input = options.read.format == InputFormat::kAuto && IsMatrixFile(path);
  if (request.algorithm == ApspAlgorithm::kFloydWarshall ||
      (request.algorithm == ApspAlgorithm::kAuto && !request.tree_refusal.empty())) {
    plan.decision.algorithm = ApspAlgorithm::kFloydWarshall;
    plan.decision.reason = request.algorithm == ApspAlgorithm::kAuto ? request.tree_refusal : "asked for";
    plan.matrix = LoadInput(path, options);
    plan.n = std::visit([](const auto& m) { return m.n(); }, plan.matrix);
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
          ApspTreeLimits limits{request.tree_refusal, FloatSumsExact(g)};
          if (!zero_diagonal) {
            limits.refusal = "the matrix has a positive diagonal entry (Floyd-Warshall keeps it, a tree says 0)";
            if (request.algorithm == ApspAlgorithm::kTrees) throw Error("--algorithm dijkstra: " + limits.refusal);
          }
          const ApspCostInputs in = CostInputs(g, request);
          plan.method = in.method;
          plan.decision = ChooseApspAlgorithm(request.algorithm, in, limits);
          if (plan.decision.algorithm == ApspAlgorithm::kTrees) plan.csr = std::move(g);
        },
        plan.matrix);
    return plan;
  }
  Graph graph = ReadGraph(path, options.read);
  // The weights' scan (ChooseElementType) once: the CSR graph and the matrix take the type from here.
  InputOptions typed = options;
  typed.type = ElementTypeFor(graph, options);
  const ElementType type = *typed.type;
  // The n x n output first, as LoadInput would (then the CSR graph's own size, in CsrFromGraph).
  if (!request.rows_only) RefuseIfTooLarge(path, RunNeeds{graph.n, type, request.keep_adjacency});
  AnyCsrGraph csr = CsrFromGraph(graph, typed, path, request.threads);
  std::visit(
      [&](const auto& g) {
        plan.n = g.n;
        plan.method = TreeMethodFor(g);
        plan.decision = ChooseApspAlgorithm(request.algorithm, CostInputs(g, request),
                                            ApspTreeLimits{request.tree_refusal, FloatSumsExact(g)});
      },
      csr);
  const bool trees = plan.decision.algorithm == ApspAlgorithm::kTrees;
  if (!trees || request.keep_adjacency) {
    plan.matrix = MatrixFromGraph(graph, typed, path);
  } else if (!request.rows_only) {
    plan.matrix = DispatchElement(type, [&](auto zero) -> AnyMatrix {
      using W = decltype(zero);
      DistMatrix<W> m(graph.n);
      m.meta().directed = graph.directed;
      m.meta().labels = graph.labels;
      return m;
    });
  }
  if (trees) plan.csr = std::move(csr);
  return plan;
}

}  // namespace gdist
