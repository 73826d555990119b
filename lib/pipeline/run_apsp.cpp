#include "lib/pipeline/run_apsp.hpp"

#include <filesystem>
#include <optional>
#include <type_traits>

#include "lib/engine/arcs_apsp.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/matrix/matrix_export.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/matrix/next_hop_matrix.hpp"
#include "lib/matrix/nthu_output.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "lib/metrics/metrics_report.hpp"
#include "lib/paths/next_hop.hpp"
#include "lib/paths/next_hop_gpu.hpp"
#include "lib/pipeline/apsp_estimate.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/apsp_progress_bar.hpp"
#include "lib/pipeline/candidate_rows.hpp"
#include "lib/pipeline/distance_table.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/sources_file.hpp"
#include "lib/pipeline/sparse_estimate.hpp"
#include "lib/pipeline/write_distances.hpp"
#include "lib/sparse/row_blocks.hpp"
#include "lib/sparse/tree_apsp.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/option_names.hpp"
#include "lib/util/phase_timer.hpp"

namespace gdist {

namespace {

// The trees' rows from the GPU when the plan put them there, else the CPU's.
template <class W> RowSource<W> RowSourceFor(const RunPlan& plan, const CsrGraph<W>& g) {
  return plan.backend == Backend::kGpu ? GpuRowSource(g) : RowSource<W>{};
}

void NoteMetricsFallback(const RunVoice& voice, const std::string& note) {
  if (!note.empty()) voice.Note("metrics on the CPU: " + note);
}

// The hierarchy of a .gch or --algorithm ch, or (`trial`) the one the plan's
// trial contracted, whose plan keeps the trial's reasons.
ApspRunResult RunHierarchy(const ApspRunRequest& r, const RunVoice& voice, const LoadedHierarchy* trial = nullptr,
                           const RunPlan* tried = nullptr) {
  ApspProgressBar bar;
  // The trial's hierarchy sweeps where its plan priced it: where the trees would have run.
  const Backend where = tried ? tried->backend : r.backend;
  const HierarchyApspRequest request{r.in,      r.out, r.to,          r.sources, r.targets,
                                     r.threads, where, r.allow_int16, voice,     r.as_float};
  HierarchyApspResult h =
      trial ? RunHierarchyApsp(request, *trial, bar.Callback()) : RunHierarchyApsp(request, r.input, bar.Callback());
  bar.Finish();
  if (tried) {
    RunPlan outcome = *tried;
    RecordHierarchyTrial(outcome, true, h.contract_s);
    h.plan.reasons = outcome.reasons;
  }
  ApspRunResult result;
  result.shape = ApspRunResult::Shape::kHierarchy;
  result.n = h.n;
  if (h.rows) result.rows = h.rows;
  result.plan = h.plan;
  result.engine = h.report;
  result.read_s = h.read_s;
  result.apsp_s = h.apsp_s;
  result.write_s = h.write_s;
  result.hierarchy = std::move(h);
  return result;
}

ApspOptions EngineOptions(const ApspRunRequest& r, const RunContext& context) {
  ApspOptions opts;
  opts.backend = r.backend;
  opts.threads = r.threads;
  opts.allow_int16 = r.allow_int16;
  if (!r.distributed()) opts.gpu_probe = context.gpu_probe();
  opts.memory_limit = r.memory_limit ? r.memory_limit : DefaultMemoryLimit();
  opts.device_memory = r.device_memory;
  opts.checkpoint = r.checkpoint;
  opts.schedule = r.schedule;
  opts.schedule_note = r.schedule_note;
  opts.schedule_backend = r.schedule_backend;
  return opts;
}

// The input's labels: the trees' graph's or the matrix's. A pointer, not a
// reference: GCC 13 mistakes a reference through std::visit for a dangling temporary.
const VertexLabels* LabelsOf(const ApspPlan& plan) {
  return plan.csr ? std::visit([](const auto& g) { return &g.labels; }, *plan.csr)
                  : std::visit([](const auto& x) { return &x.meta().labels; }, plan.matrix);
}

// --sources: the trees stream the rows to OUT block by block; a
// Floyd-Warshall run (asked for) solves the matrix and writes its rows.
void RunSourceRows(const ApspRunRequest& req, ApspPlan& plan, const ApspOptions& opts, ApspProgressBar& bar,
                   PhaseTimer& timer, const RunVoice& voice, ApspRunResult& result) {
  const VertexLabels* labels = LabelsOf(plan);
  const std::vector<std::uint32_t> rows = ReadSourcesFile(req.sources, *labels);
  if (plan.csr) {
    result.engine = std::visit(
        [&](const auto& g) {
          using W = std::decay_t<decltype(g.max_abs_weight)>;
          const std::size_t block =
              RowBlockRows(rows.size(), PaddedSize(g.n) * sizeof(W), EstimateThreads(req.threads), kSourceRowsBudget);
          if (voice.speaks())
            PrintTreeRowsEstimate(voice.name, g, rows.size(), RowBytes(g, block), req.threads, plan.run.backend,
                                  plan.run.estimate, false);
          return WriteSourceRows(g, rows, req.out, req.threads, kSourceRowsBudget, opts.progress,
                                 RowSourceFor(plan.run, g));
        },
        *plan.csr);
    bar.Finish();
    result.apsp_s = timer.Lap();
  } else {
    std::visit(
        [&](auto& mat) {
          using T = std::decay_t<decltype(*mat.data())>;
          result.engine = SolveApsp(mat, opts);
          bar.Finish();
          result.apsp_s = timer.Lap();
          RowMatrixWriter<T> w(req.out, mat.n(), mat.meta(), std::vector<std::uint64_t>(rows.begin(), rows.end()));
          for (std::uint32_t s : rows) w.Append(mat.row(s), 1);
          w.Commit();
        },
        plan.matrix);
  }
  result.n = plan.n;
  result.rows = rows.size();
  result.write_s = timer.Lap();
}

// --sources S --targets T on a graph the hierarchy does not serve: the trees'
// rows gathered at the targets, or (Floyd-Warshall asked for) the matrix's.
void RunSourceTable(const ApspRunRequest& req, ApspPlan& plan, const ApspOptions& opts, ApspProgressBar& bar,
                    PhaseTimer& timer, ApspRunResult& result) {
  const VertexLabels* labels = LabelsOf(plan);
  const std::vector<std::uint32_t> rows = ReadSourcesFile(req.sources, *labels);
  const std::vector<std::uint32_t> cols = ReadSourcesFile(req.targets, *labels);
  const auto write = [&](const auto& table, bool directed) {
    result.apsp_s = timer.Lap();
    WriteDistanceTable(req.out, req.to, table, rows, cols, *labels, directed, req.as_float);
  };
  if (plan.csr) {
    std::visit(
        [&](const auto& g) {
          write(TreeTable(g, rows, cols, Direction::kOut, req.threads, plan.run.backend), g.directed);
        },
        *plan.csr);
  } else {
    std::visit(
        [&](auto& mat) {
          using T = std::decay_t<decltype(*mat.data())>;
          result.engine = SolveApsp(mat, opts);
          bar.Finish();
          std::vector<T> table;
          for (std::uint32_t s : rows)
            for (std::uint32_t t : cols) table.push_back(mat.row(s)[t]);
          write(table, mat.meta().directed);
        },
        plan.matrix);
  }
  result.n = plan.n;
  result.rows = rows.size();
  result.write_s = timer.Lap();
}

// Every row: the engine in place on the matrix, then OUT, the next hops and
// the metrics, committed together.
void RunWholeMatrix(const ApspRunRequest& req, ApspPlan& plan, const ApspOptions& opts, ApspProgressBar& bar,
                    PhaseTimer& timer, const RunVoice& voice, ApspRunResult& result) {
  const bool trees = plan.trees();
  if (trees && !req.checkpoint.dir.empty())
    throw Error(OptionText(req.checkpoint.resume ? Option::kResume : Option::kCheckpoint) +
                ": the plan runs shortest-path trees, which take no checkpoints; " +
                OptionText(Option::kEngine, "floyd_warshall") + " runs the out-of-core Floyd-Warshall that does");
  std::visit(
      [&](auto& mat) {
        using T = std::decay_t<decltype(*mat.data())>;
        ArcList<T> arcs;
        if (req.paths) arcs = ArcsOfAdjacency(mat.view());  // before the engine overwrites the arcs
        double paths_s = timer.Lap();
        if (voice.speaks() && !req.distributed() && !trees) {
          PrintApspEstimate(voice.name, mat, opts, req.paths, plan.run.estimate);
          result.plan.estimate = plan.run.estimate;  // priced on the engine's backend and schedule
          result.plan.estimate_s = plan.run.estimate.total_s();
        }
        if (voice.speaks() && trees)
          PrintTreeRowsEstimate(voice.name, std::get<CsrGraph<T>>(*plan.csr), mat.n(),
                                static_cast<double>(mat.payload_bytes()), req.threads, plan.run.backend,
                                plan.run.estimate, false);
        const ApspReport r = trees ? SolveApspByTrees(std::get<CsrGraph<T>>(*plan.csr), mat, req.threads, opts.progress,
                                                      RowSourceFor(plan.run, std::get<CsrGraph<T>>(*plan.csr)))
                                   : SolveApsp(mat, opts);
        bar.Finish();
        result.engine = r;
        result.apsp_s = timer.Lap();
        result.n = mat.n();
        if (!req.writer) return;  // the result was gathered on rank 0
        NextHopMatrix next;
        if (req.paths) {
          // Same rule on both sides (lib/paths/next_hop.hpp): the routes do not depend on the backend.
          if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float>) {
            if (r.used == Backend::kGpu) next = GpuComputeNextHops(arcs, mat.view());
          }
          if (!next.data()) next = ComputeNextHops(arcs, mat.view(), req.threads);
        }
        paths_s += timer.Lap();
        OutputGroup files;  // OUT, --metrics and --per-vertex: all or none
        if (!req.out.empty())
          WriteDistances(req.out, req.to, mat, req.paths ? &next : nullptr, req.allow_int16, req.as_float);
        if (!req.metrics.empty())
          NoteMetricsFallback(voice,
                              WriteMetricsJsonFile(req.metrics, mat.view(), mat.meta(),
                                                   MetricsOptions{false, req.threads, req.backend}, req.per_vertex));
        files.CommitAll();
        // The outputs are whole: a kill from here on needs no checkpoint.
        if (!req.checkpoint.dir.empty()) RemoveCheckpoint(req.checkpoint.dir);
        result.write_s = timer.Lap();
        if (req.paths) result.next_hops_s = paths_s;
      },
      plan.matrix);
}

// Whether the whole matrix goes straight to a .gdm file, nothing else
// needing it in host memory: an in-core GPU run may then build its adjacency
// on the device and stream the result (ApspRequest::stream_from_arcs).
bool StreamsMatrixToFile(const ApspRunRequest& req) {
  return req.to == "gdm" && !req.out.empty() && req.sources.empty() && req.targets.empty() && !req.paths &&
         req.metrics.empty() && !req.distributed() && req.checkpoint.dir.empty() && req.writer &&
         OutputTakesStreamedHeader(req.out);
}

// Every row from the arcs (plan.arcs_on_device): the GPU builds the adjacency,
// runs Floyd-Warshall and the result streams into OUT in the width the proof
// chose; apsp_s ends at the first chunk written, write_s is the rest.
void RunWholeMatrixFromArcs(const ApspRunRequest& req, ApspPlan& plan, const ApspOptions& opts, ApspProgressBar& bar,
                            PhaseTimer& timer, ApspRunResult& result) {
  const auto& g = std::get<CsrGraph<std::int32_t>>(*plan.csr);
  MatrixMeta meta;
  meta.kind = MatrixKind::kDistance;
  meta.directed = g.directed;
  meta.labels = g.labels;
  meta.decimal_scale = g.decimal_scale;
  meta.lon_lat = g.lon_lat;
  std::optional<SquareMatrixWriter<std::int16_t>> file16;
  std::optional<SquareMatrixWriter<std::int32_t>> file32;
  bool first = true;
  ArcsResultSink sink;
  sink.begin = [&](int bits) {
    if (bits == 16) file16.emplace(req.out, g.n, meta).ShowProgress();
    else file32.emplace(req.out, g.n, meta).ShowProgress();
  };
  sink.write = [&](const void* bytes, std::size_t size) {
    if (first) {
      bar.Finish();
      result.apsp_s = timer.Lap();
      first = false;
    }
    if (file16) file16->Append(bytes, size);
    else file32->Append(bytes, size);
  };
  OutputGroup files;
  result.engine = SolveApspOfArcs(g.Out(), static_cast<double>(g.max_abs_weight), opts, *plan.arcs_on_device, sink);
  if (file16) file16->Commit();
  else file32->Commit();
  files.CommitAll();
  result.n = g.n;
  result.write_s = timer.Lap();
}

}  // namespace

std::size_t KeepLargeMatricesOnDisk(const ApspRunRequest& req) {
  const std::size_t limit = req.memory_limit ? req.memory_limit : DefaultMemoryLimit();
  const std::filesystem::path dir =
      req.out.empty() ? std::filesystem::path(TempFolder()) : std::filesystem::absolute(req.out).parent_path();
  SetFileBackedAbove(limit, dir.string());
  return limit;
}

ApspRunResult RunApsp(const ApspRunRequest& req, RunContext& context, const RunVoice& voice) {
  if (req.algorithm == ApspAlgorithm::kHierarchy || IsHierarchyInput(req.in)) return RunHierarchy(req, voice);
  ApspOptions opts = EngineOptions(req, context);
  KeepLargeMatricesOnDisk(req);
  // A bar of rounds, relaxations/s and ETA; under mpirun one line per rank and report instead.
  ApspProgressBar bar;
  opts.progress = bar.Callback();
  if (req.distributed() && opts.progress) opts.progress = PrintProgressLine;
  PhaseTimer timer;
  InputOptions input = req.input;
  input.next_hops = req.paths;
  // Exact decimals wherever the output keeps the scale: not in NTHU's int32 file.
  input.exact_decimals = req.to != "nthu";
  ApspRequest plan_request;
  // Checkpoints are the out-of-core Floyd-Warshall's: asking for them asks for it.
  plan_request.algorithm = req.algorithm == ApspAlgorithm::kAuto && !req.checkpoint.dir.empty()
                               ? ApspAlgorithm::kFloydWarshall
                               : req.algorithm;
  plan_request.question = !req.sources.empty()                      ? PlanQuestion::kRows
                          : req.out.empty() && !req.metrics.empty() ? PlanQuestion::kMetrics
                                                                    : PlanQuestion::kMatrix;
  if (!req.sources.empty()) plan_request.rows = CountSourcesFileLines(req.sources);
  plan_request.keep_adjacency = req.paths;
  plan_request.output = req.out.empty() ? PlanOutput::kNone : req.to == "csv" ? PlanOutput::kText : PlanOutput::kBinary;
  if (req.distributed()) plan_request.tree_refusal = "Floyd-Warshall under mpirun (the trees run in one process)";
  // The hierarchy writes rows and matrices (no metrics, routes or MPI): auto may try it there.
  if (StreamsMatrixToFile(req)) plan_request.stream_from_arcs = &opts;
  plan_request.hierarchy_trial = req.algorithm == ApspAlgorithm::kAuto && !req.distributed() && !req.paths &&
                                 req.metrics.empty() && plan_request.question != PlanQuestion::kMetrics;
  ApspPlan plan = PlanApsp(req.in, input, plan_request, context);
  const int decimal_scale = plan.csr ? std::visit([](const auto& g) { return g.decimal_scale; }, *plan.csr)
                                     : std::visit([](const auto& m) { return m.meta().decimal_scale; }, plan.matrix);
  // The hierarchy's rows keep no decimal scale: exact decimals run on the trees.
  if (plan.run.hierarchy_trial_s > 0 && plan.csr && decimal_scale == 0) {
    const double read_s = timer.Lap();
    if (const auto loaded = TryContractHierarchy(*plan.csr, plan.run.hierarchy_trial_s, read_s, req.threads)) {
      const RunPlan tried = plan.run;
      plan = ApspPlan{};  // the trees' blank matrix and arcs go before the hierarchy's rows
      return RunHierarchy(req, voice, &*loaded, &tried);
    }
    RecordHierarchyTrial(plan.run, false, timer.Lap());
  }
  ApspRunResult result;
  result.plan = plan.run;
  result.decimal_scale = decimal_scale;
  if (plan.trees()) result.tree_method = plan.method;
  result.read_s = timer.Lap();
  if (!req.targets.empty()) RunSourceTable(req, plan, opts, bar, timer, result);
  else if (!req.sources.empty()) RunSourceRows(req, plan, opts, bar, timer, voice, result);
  else if (plan.arcs_on_device) RunWholeMatrixFromArcs(req, plan, opts, bar, timer, result);
  else RunWholeMatrix(req, plan, opts, bar, timer, voice, result);
  result.printable = req.writer;
  return result;
}

}  // namespace gdist
