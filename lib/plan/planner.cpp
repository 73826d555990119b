#include "lib/plan/planner.hpp"

#include <sstream>

#include "lib/matrix/matrix_size.hpp"
#include "lib/plan/cost_model.hpp"
#include "lib/plan/graph_shape.hpp"
#include "lib/plan/memory_plan.hpp"
#include "lib/plan/tree_backend.hpp"
#include "lib/sparse/tree_apsp.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"
#include "lib/util/report_number.hpp"

namespace gdist {

namespace {

// Where Floyd-Warshall would run: the GPU for 32-bit types when one is asked
// for or (auto) usable. `probe` false: auto assumes the CPU rather than
// starting a GPU for an estimate nobody compares.
Backend FloydWarshallBackend(ElementType type, const RunContext& context, bool probe) {
  if (context.backend() == Backend::kCpu || !IsGpuRowType(type)) return Backend::kCpu;
  if (context.backend() == Backend::kGpu) return Backend::kGpu;
  return probe && context.gpu().usable ? Backend::kGpu : Backend::kCpu;
}

double MatrixBytes(std::size_t n, ElementType type) {
  const double s = static_cast<double>(PaddedSize(n));
  return s * s * static_cast<double>(ElementSize(type));
}

// The whole run's estimate around the engine's `engine_s`: the input read, the
// matrix filled before an engine that runs on one (`fills`), the distances
// written, all on the share of the cores the run gets.
void SetEstimate(RunPlan& plan, const PlanRequest& request, const GraphShape& shape, const RunContext& context,
                 double engine_s, bool fills) {
  RunEstimate& e = plan.estimate;
  const double n = static_cast<double>(shape.n), stride = static_cast<double>(PaddedSize(shape.n));
  e.read_s = ReadSeconds(request.input_bytes, request.input_matrix_file);
  e.fill_s = fills ? MatrixFillSeconds(MatrixBytes(shape.n, shape.type)) : 0;
  e.compute_s = engine_s;
  e.compute_on_gpu = plan.backend == Backend::kGpu;
  const double rows = request.question == PlanQuestion::kRows     ? static_cast<double>(request.rows)
                      : request.question == PlanQuestion::kMatrix ? n
                                                                  : 0;
  if (request.output == PlanOutput::kText) {
    e.write_bytes = rows * n * cost::kTextBytesPerDistance;
    e.write_s = TextWriteSeconds(rows * n);
  } else if (request.output == PlanOutput::kBinary) {
    const bool next_hops = request.keep_adjacency && request.question == PlanQuestion::kMatrix;
    e.write_bytes =
        rows * stride * static_cast<double>(ElementSize(shape.type)) + (next_hops ? stride * stride * 4 : 0);
    e.write_s = WriteSeconds(e.write_bytes);
  }
  e.cpu_share = context.cpu_share();
  e.load = context.load();
  plan.estimate_s = e.total_s();
}

}  // namespace

const char* PlanEngineName(PlanEngine e) {
  switch (e) {
    case PlanEngine::kFloydWarshall: return "floyd-warshall";
    case PlanEngine::kTrees: return "trees";
    case PlanEngine::kHierarchy: return "hierarchy";
  }
  return "?";
}

bool ParseEngine(const std::string& s, ApspAlgorithm* out) {
  if (s == "auto") *out = ApspAlgorithm::kAuto;
  else if (s == "dense") *out = ApspAlgorithm::kFloydWarshall;
  else if (s == "sparse") *out = ApspAlgorithm::kTrees;
  else if (s == "ch") *out = ApspAlgorithm::kHierarchy;
  else return false;
  return true;
}

std::string RunPlan::Reasons() const {
  std::string out;
  for (const std::string& r : reasons) out += (out.empty() ? "" : "; ") + r;
  return out;
}

RunPlan PlanDistances(const PlanRequest& request, const GraphShape& shape, const RunContext& context) {
  RunPlan plan;
  plan.element_bits = static_cast<int>(ElementSize(shape.type) * 8);
  const bool metrics = request.question == PlanQuestion::kMetrics;
  const double n = static_cast<double>(shape.n), arcs = static_cast<double>(shape.arcs);
  const double matrix_bytes = MatrixBytes(shape.n, shape.type);
  const double trees = request.question == PlanQuestion::kRows ? static_cast<double>(request.rows) : n;

  // The trees' backend: the metrics reduce rows (the GPU's BFS for unit
  // weights), rows and matrices are written (the GPU's weighted kernel).
  const GpuTreeKind kind =
      metrics ? GpuTreeKindFor(shape.type, shape.method) : GpuRowsKindFor(shape.type, shape.method);
  std::string tree_refusal = request.tree_refusal;
  TreeBackendDecision tree_backend;
  if (tree_refusal.empty()) {
    if (context.backend() == Backend::kGpu && kind.kind == GpuTreeKind::kNone) {
      // --backend gpu: the trees are an option only where the GPU runs them.
      tree_refusal = OptionText(Option::kBackend, "gpu") + ": " + kind.why_not;
    } else {
      tree_backend = ChooseTreeBackend(context.backend(), kind, static_cast<std::size_t>(trees), shape.arcs,
                                       context.threads(), context.gpu_prober());
    }
  }

  auto decide = [&](PlanEngine engine, std::string why) {
    plan.engine = engine;
    plan.reasons.push_back(std::move(why));
  };
  // Computed once: the auto comparison's figures are the plan's (a second pass could price Floyd-Warshall
  // on another backend than the reason states).
  std::optional<Backend> estimated;
  auto estimates = [&](bool probe) {
    if (estimated) return *estimated;
    const Backend fw_where = FloydWarshallBackend(shape.type, context, probe);
    estimated = fw_where;
    plan.fw_s = FloydWarshallSeconds(n, shape.type, fw_where, context.threads()) +
                (metrics ? MetricsPassSeconds(matrix_bytes, Backend::kCpu, context.threads()) : 0);
    plan.trees_s = tree_backend.backend == Backend::kCpu && shape.shared_bfs_arcs_per_tree > 0
                       ? SharedBfsTreesSeconds(trees, n, shape.shared_bfs_arcs_per_tree, context.threads())
                       : TreesSeconds(trees, arcs, shape.method, tree_backend.backend, context.threads(), metrics);
    return fw_where;
  };
  const bool matrix_fits = DenseMatrixFits(shape.n, shape.type, context.host_memory());
  plan.matrix_fits = matrix_fits;

  if (request.algorithm == ApspAlgorithm::kHierarchy) {
    plan.engine = PlanEngine::kHierarchy;
    plan.reasons.push_back(request.hierarchy_saved ? "a saved contraction hierarchy" : "asked for");
    // The GPU sweep when asked for (auto keeps the CPU's PHAST for now).
    plan.backend = context.backend() == Backend::kGpu ? Backend::kGpu : Backend::kCpu;
    plan.hierarchy_s =
        metrics && request.bounded_metrics
            ? BoundedHierarchySeconds(n, arcs, request.hierarchy_saved, request.every_eccentricity, context.threads())
            : HierarchySeconds(trees, n, arcs, request.hierarchy_saved, context.threads(), plan.backend);
    SetEstimate(plan, request, shape, context, plan.hierarchy_s, request.question == PlanQuestion::kMatrix);
    plan.memory_bytes = SparseEngineBytes(shape.n, 3 * shape.arcs, ElementSize(shape.type), context.threads());
    return plan;
  }
  switch (request.algorithm) {
    case ApspAlgorithm::kHierarchy:  // answered above
    case ApspAlgorithm::kFloydWarshall: decide(PlanEngine::kFloydWarshall, "asked for"); break;
    case ApspAlgorithm::kTrees:
      if (!tree_refusal.empty()) throw Error(OptionText(Option::kEngine, "trees") + ": " + tree_refusal);
      decide(PlanEngine::kTrees, shape.float_sums_exact
                                     ? "asked for"
                                     : "asked for; float sums may round differently from Floyd-Warshall's");
      break;
    case ApspAlgorithm::kAuto:
      if (!request.matrix_refusal.empty()) {
        decide(PlanEngine::kTrees, request.matrix_refusal);
      } else if (!tree_refusal.empty()) {
        decide(PlanEngine::kFloydWarshall, tree_refusal);
      } else if (request.question != PlanQuestion::kMatrix && !matrix_fits) {
        decide(PlanEngine::kTrees,
               "the " + DescribeBytes(static_cast<std::uint64_t>(matrix_bytes)) + " matrix would not fit in memory");
      } else if (metrics && shape.n <= cost::kSmallGraph) {
        decide(PlanEngine::kFloydWarshall, "a small graph");
      } else if (metrics && shape.type == ElementType::kInt64) {
        decide(PlanEngine::kFloydWarshall, "int64 weights (exact report)");
      } else if (!shape.float_sums_exact) {
        decide(PlanEngine::kFloydWarshall, "float weights whose path sums may round differently in trees (" +
                                               OptionText(Option::kEngine, "trees") + " runs them)");
      } else {
        const Backend fw_where = estimates(true);
        const std::string why = "estimated " + std::string(TreeMethodName(shape.method)) + " trees " +
                                FormatSeconds(plan.trees_s) +
                                (tree_backend.backend == Backend::kGpu ? " on the GPU" : "") + ", Floyd-Warshall " +
                                FormatSeconds(plan.fw_s) + (fw_where == Backend::kGpu ? " on the GPU" : "");
        decide(plan.trees_s < plan.fw_s ? PlanEngine::kTrees : PlanEngine::kFloydWarshall, why);
      }
      break;
  }
  // Floyd-Warshall's backend is the engine's to find when it runs; the trees' estimate needs no probe.
  const Backend fw_where = estimates(plan.engine == PlanEngine::kFloydWarshall);
  if (plan.engine == PlanEngine::kTrees) {
    plan.backend = tree_backend.backend;
    plan.centralities_from_trees = request.algorithm == ApspAlgorithm::kAuto && matrix_fits;
    // The bounding searches grow a few hundred trees, not one from every vertex.
    const bool bounding = metrics && request.bounded_metrics && !plan.centralities_from_trees;
    SetEstimate(plan, request, shape, context,
                bounding ? BoundedTreesSeconds(n, arcs, shape.method, request.every_eccentricity, context.threads())
                         : plan.trees_s,
                request.question == PlanQuestion::kMatrix);
    const double streamed_bytes = trees * static_cast<double>(PaddedSize(shape.n)) * ElementSize(shape.type);
    const double rows_bytes = request.question == PlanQuestion::kMatrix ? matrix_bytes
                              : request.question == PlanQuestion::kRows
                                  ? std::min(streamed_bytes, static_cast<double>(kSourceRowsBudget))
                                  : 0.0;
    plan.memory_bytes = SparseEngineBytes(shape.n, shape.arcs, ElementSize(shape.type), context.threads()) +
                        static_cast<std::uint64_t>(rows_bytes);
    plan.reasons.push_back("trees on the " + std::string(plan.backend == Backend::kGpu ? "GPU" : "CPU") + " (" +
                           tree_backend.note + ")");
    // The road hierarchy on trial: a graph with non-negative weights whose float sums are exact, and
    // a question the hierarchy answers as the trees do (not the centralities auto's trees add).
    const bool contractible = shape.method != TreeMethod::kJohnsonRadix &&
                              shape.method != TreeMethod::kJohnsonBinaryHeap && shape.float_sums_exact;
    const bool same_answer = bounding || !(metrics && request.bounded_metrics);
    if (request.algorithm == ApspAlgorithm::kAuto && request.hierarchy_trial && contractible && same_answer) {
      // The hierarchy's sweeps priced where the trees would run (gapsp and --per-vertex sweep on the GPU
      // for GPU trees; siting's candidate rows take the CPU's PHAST, a small part beside the contraction).
      const double contract_s = HierarchySeconds(0, n, arcs, false, context.threads());
      const double sweeps_s =
          bounding ? BoundedHierarchySeconds(n, arcs, true, request.every_eccentricity, context.threads())
                   : HierarchySeconds(trees, n, arcs, true, context.threads(), plan.backend);
      plan.hierarchy_s = contract_s + sweeps_s;
      plan.hierarchy_trial_s = HierarchyTrialSeconds(contract_s, sweeps_s, plan.estimate.compute_s);
      if (plan.hierarchy_trial_s > 0) {
        plan.reasons.push_back("a road network's hierarchy would take about " + FormatSeconds(plan.hierarchy_s) +
                               (bounding ? " (the bounding searches on PHAST trees)" : "") +
                               ": contracting first, given up after " + FormatSeconds(plan.hierarchy_trial_s));
      } else {
        plan.reasons.push_back(
            "no hierarchy trial: a road network's hierarchy would take about " + FormatSeconds(plan.hierarchy_s) +
            ", its contraction up to " + FormatSeconds(cost::kTrialContractionSlack * contract_s) +
            " on a graph that is not road-like, against the trees' " + FormatSeconds(plan.estimate.compute_s));
      }
    }
  } else {
    plan.backend = fw_where;
    SetEstimate(plan, request, shape, context, plan.fw_s, true);
    plan.memory_bytes =
        PlanMemory(RunNeeds{shape.n, shape.type, request.keep_adjacency}).host_bytes.value_or(UINT64_MAX);
  }
  return plan;
}

void RecordHierarchyTrial(RunPlan& plan, bool contracted, double seconds) {
  if (!contracted) {
    plan.reasons.push_back("the contraction was given up after " + FormatSeconds(seconds) +
                           " (not road-like): the trees run");
    return;
  }
  plan.engine = PlanEngine::kHierarchy;
  plan.estimate.compute_s = plan.hierarchy_s;
  plan.estimate_s = plan.estimate.total_s();
  plan.reasons.push_back("contracted in " + FormatSeconds(seconds) + ": the hierarchy runs");
}

void WritePlanJson(JsonWriter& json, const RunPlan& plan) {
  json.Key("plan").BeginObject();
  json.Key("engine").Str(PlanEngineName(plan.engine));
  json.Key("backend").Str(BackendName(plan.backend));
  json.Key("element_bits").Integer(plan.element_bits);
  json.Key("estimate_s").Number(EstimateDigits(plan.estimate_s));
  json.Key("memory_bytes").Integer(static_cast<std::int64_t>(std::min<std::uint64_t>(plan.memory_bytes, INT64_MAX)));
  json.Key("reasons").BeginArray();
  for (const std::string& r : plan.reasons) json.Str(r);
  json.EndArray();
  json.EndObject();
}

}  // namespace gdist
