#include "lib/pipeline/road_run.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <numeric>

#include "lib/core/element_traits.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/plan/cost_model.hpp"
#include "lib/plan/graph_shape.hpp"
#include "lib/road/ch_table.hpp"
#include "lib/road/gpu_phast.hpp"
#include "lib/road/hierarchy_file.hpp"
#include "lib/road/phast.hpp"
#include "lib/sparse/row_blocks.hpp"
#include "lib/sparse/tree_apsp.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

double Since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <class W>
ApspReport HierarchyReport(const ContractionHierarchy<W>& ch, int threads, std::size_t rows, Backend where) {
  ApspReport r;
  r.used = where;
  r.note = "PHAST trees from " + std::to_string(rows) + " sources over a contraction hierarchy (" +
           std::to_string(ch.levels) + " levels, " + std::to_string(ch.shortcut_count()) + " shortcut arcs) on " +
           (where == Backend::kGpu ? std::string("the GPU") : std::to_string(threads) + " threads");
  r.element_bits = static_cast<int>(8 * sizeof(W));
  r.precision_reason = "the hierarchy runs in the graph's type";
  return r;
}

int Threads(int threads) { return threads > 0 ? threads : omp_get_max_threads(); }

// PHAST rows of `sources` at out + i * stride, on the CPU or the GPU.
template <class W> void PhastRowsOn(Backend where, const ContractionHierarchy<W>& ch,
                                    std::span<const std::uint32_t> sources, W* out, std::size_t stride, int threads) {
  if (where != Backend::kGpu) return PhastTrees<W>(ch).Rows(sources, out, stride, threads);
  if constexpr (std::is_same_v<W, std::int32_t> || std::is_same_v<W, float>) {
    GpuPhastRows(ch, sources, out, stride, threads);
  } else {
    throw Error(OptionText(Option::kBackend, "gpu") +
                ": the GPU sweep holds int32 or float32, this graph's distances are " + ElementTraits<W>::kName);
  }
}

}  // namespace

// Only a regular file can be a saved hierarchy: a pipe or stdin is never
// peeked at (its bytes are the graph reader's).
bool IsHierarchyInput(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec) && IsHierarchyFile(path);
}

const VertexLabels& LabelsOf(const AnyHierarchy& h) {
  return *std::visit([](const auto& ch) { return &ch.labels; }, h);
}

LoadedHierarchy LoadHierarchy(const std::string& path, const InputOptions& options, int threads,
                              const std::function<void(Graph&)>& prepare) {
  LoadedHierarchy out;
  auto t0 = std::chrono::steady_clock::now();
  if (IsHierarchyInput(path)) {
    if (options.largest_component)
      throw Error(path + ": is a saved contraction hierarchy; " + OptionText(Option::kLargestComponent) +
                  " applies to graph inputs only");
    out.from_file = true;
    out.hierarchy = DispatchElement(HierarchyElementType(path),
                                    [&](auto zero) -> AnyHierarchy { return ReadHierarchy<decltype(zero)>(path); });
    out.read_s = Since(t0);
  } else {
    Graph g = ReadInputGraph(path, options);
    if (prepare) prepare(g);
    out.lon_lat = g.lon_lat;
    InputOptions typed = options;
    typed.type = ElementTypeFor(g, options);
    AnyCsrGraph csr = CsrFromGraph(g, typed, path, threads);
    out.read_s = Since(t0);
    t0 = std::chrono::steady_clock::now();
    out.hierarchy = std::visit(
        [&](const auto& c) -> AnyHierarchy {
          if (c.has_negative)
            throw Error(path +
                        ": has negative arcs; a contraction hierarchy needs non-negative weights "
                        "(" +
                        OptionText(Option::kEngine, "trees") + " runs Johnson's trees)");
          ContractionOptions o;
          o.threads = threads;
          return BuildContractionHierarchy(c, o);
        },
        csr);
    out.contract_s = Since(t0);
  }
  out.shortcuts = std::visit([](const auto& ch) { return ch.shortcut_count(); }, out.hierarchy);
  return out;
}

template <class W>
std::optional<ContractionHierarchy<W>> ContractOnTrial(const CsrGraph<W>& g, double seconds_budget, int threads) {
  ContractionOptions o;
  o.threads = threads;
  o.seconds_budget = seconds_budget;
  o.max_shortcuts_per_arc = cost::kTrialMaxShortcutsPerArc;
  return TryBuildContractionHierarchy(g, o);
}

template <class W>
std::optional<ContractionHierarchy<W>> RunHierarchyTrial(const CsrGraph<W>& g, RunPlan& plan, int threads) {
  if (plan.hierarchy_trial_s <= 0) return std::nullopt;
  const auto t0 = std::chrono::steady_clock::now();
  std::optional<ContractionHierarchy<W>> ch = ContractOnTrial(g, plan.hierarchy_trial_s, threads);
  RecordHierarchyTrial(plan, ch.has_value(), Since(t0));
  return ch;
}

std::optional<LoadedHierarchy> TryContractHierarchy(const AnyCsrGraph& csr, double seconds_budget, double read_s,
                                                    int threads) {
  const auto t0 = std::chrono::steady_clock::now();
  std::optional<AnyHierarchy> hierarchy = std::visit(
      [&](const auto& c) -> std::optional<AnyHierarchy> {
        if (auto ch = ContractOnTrial(c, seconds_budget, threads)) return AnyHierarchy(std::move(*ch));
        return std::nullopt;
      },
      csr);
  if (!hierarchy) return std::nullopt;
  LoadedHierarchy out;
  out.hierarchy = std::move(*hierarchy);
  out.read_s = read_s;
  out.contract_s = Since(t0);
  out.shortcuts = std::visit([](const auto& ch) { return ch.shortcut_count(); }, out.hierarchy);
  return out;
}

template <class W> ApspReport WriteHierarchyRows(const ContractionHierarchy<W>& ch,
                                                 std::span<const std::uint32_t> sources, const std::string& path,
                                                 int threads, ProgressFn progress, Backend where) {
  const auto t0 = std::chrono::steady_clock::now();
  const int nt = Threads(threads);
  const PhastTrees<W> phast(ch);
  MatrixMeta meta;
  meta.directed = ch.directed;
  meta.kind = MatrixKind::kDistance;
  meta.labels = ch.labels;
  meta.lon_lat = ch.lon_lat;
  RowMatrixWriter<W> out(path, ch.n, meta, std::vector<std::uint64_t>(sources.begin(), sources.end()));
  const std::size_t block = RowBlockRows(sources.size(), out.stride() * sizeof(W), nt, kSourceRowsBudget);
  ProgressCounter counter(std::move(progress), "apsp", "PHAST trees", "trees", sources.size());
  ForEachRowBlock<W>(
      sources, out.stride(), block,
      [&](std::span<const std::uint32_t> some, W* rows, std::size_t stride) {
        PhastRowsOn(where, ch, some, rows, stride, nt);
        counter.Add(some.size());
      },
      [&](std::size_t, std::size_t count, const W* rows) { out.Append(rows, count); });
  counter.Finish();
  out.Commit();
  ApspReport r = HierarchyReport(ch, nt, sources.size(), where);
  r.seconds = Since(t0);
  return r;
}

template <class W> ApspReport HierarchyRowsIntoMatrix(const ContractionHierarchy<W>& ch, DistMatrix<W>& m, int threads,
                                                      ProgressFn progress, Backend where) {
  const auto t0 = std::chrono::steady_clock::now();
  if (m.n() != ch.n) throw Error("internal error: the matrix and the hierarchy differ in size");
  const int nt = Threads(threads);
  std::vector<std::uint32_t> all(ch.n);
  std::iota(all.begin(), all.end(), 0u);
  ProgressCounter counter(std::move(progress), "apsp", "PHAST trees", "trees", ch.n);
  // Blocks of rows so that the bar moves; PHAST batches its lanes inside each (the GPU: 64 batches at a time).
  const std::size_t block = where == Backend::kGpu ? 64 * kPhastGpuLanes : std::max<std::size_t>(1024, ch.n / 100);
  for (std::size_t first = 0; first < ch.n; first += block) {
    const std::size_t count = std::min(block, ch.n - first);
    PhastRowsOn(where, ch, std::span<const std::uint32_t>(all.data() + first, count), m.row(first), m.stride(), nt);
    counter.Add(count);
  }
  counter.Finish();
  m.meta().kind = MatrixKind::kDistance;
  ApspReport r = HierarchyReport(ch, nt, ch.n, where);
  r.seconds = Since(t0);
  return r;
}

template <class W> std::vector<W> HierarchyTable(const ContractionHierarchy<W>& ch,
                                                 std::span<const std::uint32_t> sources,
                                                 std::span<const std::uint32_t> targets, int threads, Backend where) {
  std::vector<W> table(sources.size() * targets.size());
  if (where != Backend::kGpu) {
    ChTable(ch, sources, targets, table.data(), targets.size(), Threads(threads));
  } else if constexpr (std::is_same_v<W, std::int32_t> || std::is_same_v<W, float>) {
    GpuPhastTable(ch, sources, targets, table.data(), Threads(threads));  // every row swept, gathered at the targets
  } else {
    throw Error(std::string("the GPU sweep holds int32 or float32, this graph's distances are ") +
                ElementTraits<W>::kName);
  }
  return table;
}

template <class W> CandidateRows<W> HierarchyCandidateRows(const ContractionHierarchy<W>& ch,
                                                           std::vector<std::uint32_t> vertices, Direction direction,
                                                           int threads) {
  CandidateRows<W> rows = BlankCandidateRows<W>(std::move(vertices), ch.n);
  W* data = static_cast<W*>(rows.buffer.data());
  const std::size_t stride = rows.view.stride;
  const PhastTrees<W> phast(ch, direction == Direction::kIn ? TreeDirection::kTo : TreeDirection::kFrom);
  phast.Rows(rows.vertices, data, stride, Threads(threads));
  return rows;
}

template <class W> RunPlan PlanCandidateRows(const CsrGraph<W>& g, std::size_t rows, ApspAlgorithm engine,
                                             const RunContext& context, double input_bytes) {
  PlanRequest question;
  question.question = PlanQuestion::kRows;
  question.rows = rows;
  // --engine sparse forces the trees; dense or auto run them too (the rows need no matrix), auto may try the hierarchy.
  question.algorithm = engine == ApspAlgorithm::kTrees ? ApspAlgorithm::kTrees : ApspAlgorithm::kAuto;
  question.matrix_refusal = "siting on candidates reads their rows, a tree each (no n x n matrix)";
  question.hierarchy_trial = engine == ApspAlgorithm::kAuto;
  question.input_bytes = input_bytes;
  return PlanDistances(question, ShapeOf(g, PlanQuestion::kRows), context);
}

template <class W> CandidateRows<W> PlannedCandidateRows(const CsrGraph<W>& g, std::vector<std::uint32_t> vertices,
                                                         Direction direction, int threads, Backend backend,
                                                         RunPlan& plan, ProgressFn progress) {
  if (const auto ch = RunHierarchyTrial(g, plan, threads))
    return HierarchyCandidateRows(*ch, std::move(vertices), direction, threads);
  return ComputeCandidateRows(g, std::move(vertices), direction, threads, backend, std::move(progress));
}

template <class W>
std::vector<W> RouteArcWeights(const ContractionHierarchy<W>& ch, const std::vector<std::uint32_t>& vertices) {
  std::vector<W> weights;
  for (std::size_t k = 0; k + 1 < vertices.size(); ++k) {
    const std::uint32_t pa = ch.position_of[vertices[k]], pb = ch.position_of[vertices[k + 1]];
    // a -> b is stored at the lower position: an up arc of a, or a down arc into b.
    const HierarchyArcs<W>& arcs = pa < pb ? ch.up : ch.down;
    const std::uint32_t at = std::min(pa, pb), end = std::max(pa, pb);
    bool found = false;
    W best = ElementTraits<W>::kInf;
    for (std::uint64_t i = arcs.offsets[at]; i < arcs.offsets[at + 1]; ++i)
      if (arcs.ends[i] == end && arcs.middles[i] == kNoMiddle && (!found || arcs.weights[i] < best)) {
        best = arcs.weights[i];
        found = true;
      }
    if (!found) throw Error("internal error: a route's arc is not an arc of the hierarchy");
    weights.push_back(best);
  }
  return weights;
}

#define GDIST_INSTANTIATE(W)                                                                                     \
  template ApspReport WriteHierarchyRows(const ContractionHierarchy<W>&, std::span<const std::uint32_t>,         \
                                         const std::string&, int, ProgressFn, Backend);                          \
  template ApspReport HierarchyRowsIntoMatrix(const ContractionHierarchy<W>&, DistMatrix<W>&, int, ProgressFn,   \
                                              Backend);                                                          \
  template std::vector<W> HierarchyTable(const ContractionHierarchy<W>&, std::span<const std::uint32_t>,         \
                                         std::span<const std::uint32_t>, int, Backend);                          \
  template std::vector<W> RouteArcWeights(const ContractionHierarchy<W>&, const std::vector<std::uint32_t>&);    \
  template std::optional<ContractionHierarchy<W>> ContractOnTrial(const CsrGraph<W>&, double, int);              \
  template std::optional<ContractionHierarchy<W>> RunHierarchyTrial(const CsrGraph<W>&, RunPlan&, int);          \
  template RunPlan PlanCandidateRows(const CsrGraph<W>&, std::size_t, ApspAlgorithm, const RunContext&, double); \
  template CandidateRows<W> PlannedCandidateRows(const CsrGraph<W>&, std::vector<std::uint32_t>, Direction, int, \
                                                 Backend, RunPlan&, ProgressFn);                                 \
  template CandidateRows<W> HierarchyCandidateRows(const ContractionHierarchy<W>&, std::vector<std::uint32_t>,   \
                                                   Direction, int);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
