// gapsp IN OUT: all-pairs shortest paths, graph or adjacency file in,
// distance matrix file (or raw NTHU output) out; or gapsp IN --metrics FILE:
// the metrics alone, no matrix written; or gapsp IN OUT --sources FILE: the
// rows of some sources, a rectangular matrix file. Floyd-Warshall over the
// matrix or a shortest-path tree per source, whichever is faster (same bytes).
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>

#include "apps/common/app_main.hpp"
#include "apps/common/apsp_estimate.hpp"
#include "apps/common/apsp_progress_bar.hpp"
#include "apps/common/flag_checks.hpp"
#include "apps/common/input_flags.hpp"
#include "apps/common/sparse_estimate.hpp"
#include "lib/distributed/distributed_fw.hpp"
#include "lib/distributed/mpi_session.hpp"
#include "lib/distributed/process_grid.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/matrix/matrix_export.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/matrix/nthu_output.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "lib/metrics/metrics_report.hpp"
#include "lib/paths/next_hop.hpp"
#include "lib/paths/next_hop_gpu.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/candidate_rows.hpp"
#include "lib/pipeline/road_apsp.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/sources_file.hpp"
#include "lib/plan/planner.hpp"
#include "lib/plan/run_context.hpp"
#include "lib/sparse/row_blocks.hpp"
#include "lib/sparse/tree_apsp.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/json_writer.hpp"
#include "lib/util/output_check.hpp"
#include "lib/util/phase_timer.hpp"

namespace {

// --sources writes a rectangular .gdm: one regular file whose header is
// written last, and nothing else.
void CheckSourcesFlags(const std::string& out, const std::string& to, bool paths, const std::string& metrics,
                       bool distributed) {
  if (out.empty()) throw gdist::Error("--sources needs OUT (the rows are written to a matrix file)");
  if (to != "gdm") throw gdist::Error("--sources writes a rectangular matrix file: --to gdm only");
  if (paths) throw gdist::Error("--sources: --paths needs the full matrix (routes go through every vertex)");
  if (!metrics.empty()) throw gdist::Error("--sources: --metrics needs the full matrix");
  if (distributed) throw gdist::Error("--sources: runs in one process (not under mpirun)");
  std::error_code ec;
  const auto st = std::filesystem::status(out, ec);
  if (out == "-" || (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st)))
    throw gdist::Error("--sources: OUT must be a regular file (its header is written last), got '" + out + "'");
}

// The trees' rows from the GPU when the plan put them there, else the CPU's.
template <class W> gdist::RowSource<W> RowSourceFor(const gdist::RunPlan& plan, const gdist::CsrGraph<W>& g) {
  return plan.backend == gdist::Backend::kGpu ? gdist::GpuRowSource(g) : gdist::RowSource<W>{};
}

void PrintMetricsFallback(const std::string& note) {
  if (!note.empty() && !gdist::Quiet()) std::cerr << "gapsp: metrics on the CPU: " << note << "\n";
}

// gapsp --algorithm ch (or a .gch IN): the road hierarchy's PHAST rows, every
// row, or a sources x targets table (lib/pipeline/road_apsp.hpp).
struct HierarchyRun {
  std::string in, out, to, sources, targets;
  bool paths = false, metrics = false, json = false;
  int threads = 0;
  gdist::Backend backend = gdist::Backend::kAuto;  // gpu: the GPU sweep (auto: the CPU's PHAST for now)
};

void DescribeHierarchyRun(const HierarchyRun& r, const gdist::HierarchyApspResult& h) {
  if (r.json) {
    gdist::JsonWriter w(std::cout);
    w.BeginObject();
    w.Key("n").Number(static_cast<double>(h.n));
    if (h.rows) w.Key("rows").Number(static_cast<double>(h.rows));
    w.Key("algorithm").Str("ch");
    w.Key("algorithm_reason").Str(h.plan.reasons.front());
    w.Key("backend").Str(gdist::BackendName(h.report.used)).Key("backend_note").Str(h.report.note);
    w.Key("element_bits").Number(h.report.element_bits);
    w.Key("hierarchy").Str(h.from_file ? "read" : "built");
    w.Key("shortcuts").Number(static_cast<double>(h.shortcuts));
    w.Key("read_s").Number(h.read_s).Key("contract_s").Number(h.contract_s);
    w.Key("apsp_s").Number(h.apsp_s).Key("write_s").Number(h.write_s);
    gdist::WritePlanJson(w, h.plan);
    w.EndObject();
    std::cout << "\n";
  }
  if (!gdist::Quiet()) {
    std::cerr << std::fixed << std::setprecision(3) << "gapsp: " << h.n << " vertices";
    if (h.rows) std::cerr << ", " << h.rows << " rows";
    std::cerr << ", algorithm ch (" << h.plan.reasons.front() << "; " << h.report.note << "); read " << h.read_s
              << " s, contract " << h.contract_s << " s, apsp " << h.apsp_s << " s, write " << h.write_s << " s\n";
  }
}

void CheckHierarchyFlags(const HierarchyRun& r) {
  if (r.paths)
    throw gdist::Error(
        "--algorithm ch: --paths stores a next-hop matrix; routes come from the hierarchy itself: "
        "gpath GRAPH (or a .gch) --from A --to B");
  if (r.metrics) throw gdist::Error("--algorithm ch: --metrics: run 'gcenter GRAPH' for the metrics of a road graph");
  if (r.out.empty()) throw gdist::Error("--algorithm ch: OUT is required");
  if (!r.targets.empty() && r.sources.empty()) throw gdist::Error("--targets needs --sources (the table's rows)");
  if (!r.targets.empty() && r.to != "csv" && r.to != "npy")
    throw gdist::Error("--targets: a sources x targets table is written --to csv or --to npy");
  if (r.targets.empty() && !r.sources.empty()) CheckSourcesFlags(r.out, r.to, false, "", false);
}

int RunHierarchy(const HierarchyRun& r, const gdist::InputOptions& input, gdist::ProgressFn progress) {
  CheckHierarchyFlags(r);
  const gdist::HierarchyApspResult result = gdist::RunHierarchyApsp(
      gdist::HierarchyApspRequest{r.in, r.out, r.to, r.sources, r.targets, r.threads, r.backend}, input, progress);
  DescribeHierarchyRun(r, result);
  return gdist::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"All-pairs shortest paths by blocked Floyd-Warshall (GPU or CPU).", "gapsp"};
  std::string in, out, backend = "auto", to = "gdm", metrics, per_vertex, element_bits = "auto", algorithm = "auto",
                       sources, targets;
  int threads = 0;
  bool paths = false, json = false;
  std::size_t memory_limit = 0, device_memory = 0;
  gdist::InputFlags flags;
  app.add_option("IN", in, "matrix file from gconvert, or any graph file gconvert reads")->required();
  app.add_option("OUT", out, "distance output (may be left out with --metrics: then no matrix is written)");
  app.add_option("--backend", backend, "auto (GPU when present), cpu or gpu")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}))
      ->capture_default_str();
  app.add_option("--to", to,
                 "output: gdm (matrix file), nthu (raw n x n int32, INF = 1073741823), npy (NumPy, n x n,\n"
                 "values >= the type's INF mean no path) or csv (labels in the first row and column, inf)")
      ->check(CLI::IsMember({"gdm", "nthu", "npy", "csv"}))
      ->capture_default_str();
  app.add_option("--metrics", metrics, "also write the gcenter metrics (JSON) to FILE, without a second pass");
  app.add_option("--per-vertex", per_vertex, "with --metrics: also write the per-vertex metrics (CSV) to FILE");
  app.add_option("--memory-limit", memory_limit,
                 "bytes of RAM the CPU backend may hold of the matrix (e.g. 8G); a larger matrix is kept in a "
                 "temporary file beside OUT and solved out of core (default: 3/4 of physical memory)")
      ->transform(CLI::AsSizeValue(false));
  app.add_option("--device-memory", device_memory,
                 "bytes of GPU memory the GPU backend may use (e.g. 2G); a larger matrix is streamed through it "
                 "out of core from the pinned host matrix (default: the free device memory)")
      ->transform(CLI::AsSizeValue(false));
  app.add_flag("--paths", paths, "also store the next-hop matrix (routes for gpath) in OUT");
  app.add_option("-j,--threads", threads, "CPU threads (0 = all cores)")
      ->check(gdist::ThreadCount())
      ->capture_default_str();
  app.add_option("--element-bits", element_bits,
                 "auto: int32 inputs run in 16 bits when every distance is proven to fit (results stay int32); "
                 "32: never")
      ->check(CLI::IsMember({"auto", "32"}))
      ->capture_default_str();
  app.add_option("--algorithm", algorithm,
                 "fw: Floyd-Warshall over the matrix; dijkstra: a shortest-path tree from every source (BFS for\n"
                 "unit weights, Dijkstra, Johnson with negative arcs; CPU threads over sources), the same bytes;\n"
                 "auto: the faster of the two by the run's plan (lib/plan); ch: PHAST trees over a contraction\n"
                 "hierarchy (road graphs; docs/ROAD.md), built now or read from a .gch IN (gconvert --to ch)")
      ->check(CLI::IsMember({"auto", "fw", "dijkstra", "ch"}))
      ->capture_default_str();
  app.add_option("--sources", sources,
                 "write only the rows of these vertices (FILE: one label per line) to OUT: a rectangular\n"
                 "k x n matrix file (docs/FORMAT.md), computed and written in blocks of rows");
  app.add_option("--targets", targets,
                 "with --sources and --algorithm ch (or a .gch IN): only the distances to these vertices, a\n"
                 "k x t table (CH many-to-many), written --to csv or --to npy");
  app.add_flag("--json", json, "print the run summary (backend, element_bits, precision_reason, times) as JSON");
  flags.Add(app);
  app.footer(
      "EXIT STATUS: 0 written, 2 bad input, flags or output, no GPU for --backend gpu, out of memory\n"
      "(docs/CLI.md); nothing is left half-written.\n"
      "EXAMPLES:\n  gapsp rome.gdm dist.gdm\n  gapsp c01.1 c01.1.out --to nthu --backend cpu\n"
      "  gapsp rome99.gr dist.npy --to npy      # numpy.load('dist.npy')\n"
      "  gapsp 4elt.graph dist.gdm --algorithm dijkstra\n"
      "  gapsp NY.gr.gz rows.gdm --sources depots.txt   # 1 row per listed vertex");
  return gdist::RunApp(app, argc, argv, [&] {
    // Under mpirun every rank runs this; rank 0 alone writes OUT and the metrics.
    gdist::MpiSession mpi(&argc, &argv);
    gdist::ApspOptions opts;
    gdist::ParseBackend(backend, &opts.backend);
    opts.threads = threads;
    opts.allow_int16 = element_bits == "auto";
    // One context for the run: the planner, the estimate line and the engine share its GPU probe.
    gdist::RunContext context(threads, opts.backend);
    if (!mpi.distributed()) {
      context.StartGpuProbe();  // overlaps reading the input
      opts.gpu_probe = context.gpu_probe();
    }
    if (paths && to != "gdm") throw gdist::Error("--paths needs --to gdm (only the matrix file has room for routes)");
    if (out.empty() && metrics.empty()) throw gdist::Error("OUT is required unless --metrics FILE is given");
    if (out.empty() && paths) throw gdist::Error("--paths needs OUT (the routes are stored in the matrix file)");
    if (!per_vertex.empty() && metrics.empty()) throw gdist::Error("--per-vertex needs --metrics FILE");
    if (algorithm == "ch" || gdist::IsHierarchyInput(in)) {
      if (mpi.distributed()) throw gdist::Error("--algorithm ch: runs in one process (not under mpirun)");
      gdist::CheckOutputPaths({{"OUT", out}}, {{"IN", in}, {"--sources", sources}, {"--targets", targets}});
      gdist::ApspProgressBar bar;
      const HierarchyRun run{in, out, to, sources, targets, paths, !metrics.empty(), json, threads, opts.backend};
      const int rc = RunHierarchy(run, flags.Options(), bar.Callback());
      bar.Finish();
      return rc;
    }
    if (!targets.empty())
      throw gdist::Error("--targets: a table of sources x targets comes from the road hierarchy; add --algorithm ch");
    if (!sources.empty()) CheckSourcesFlags(out, to, paths, metrics, mpi.distributed());
    gdist::ActiveCpuIsa();  // an unknown GDIST_CPU_ISA is refused before any work
    gdist::CheckOutputPaths({{"OUT", out}, {"--metrics", metrics}, {"--per-vertex", per_vertex}},
                            {{"IN", in}, {"--sources", sources}});
    opts.memory_limit = memory_limit ? memory_limit : gdist::DefaultMemoryLimit();
    opts.device_memory = device_memory;
    {
      // A matrix over the limit lives in a temporary file (beside OUT, or in
      // TMPDIR without one) and the engine works on it out of core.
      std::filesystem::path dir =
          out.empty() ? std::filesystem::temp_directory_path() : std::filesystem::absolute(out).parent_path();
      gdist::SetFileBackedAbove(opts.memory_limit, dir.string());
    }
    // A bar of rounds, relaxations/s and ETA; under mpirun one line per rank and report instead.
    gdist::ApspProgressBar bar;
    opts.progress = bar.Callback();
    if (mpi.distributed() && opts.progress) opts.progress = gdist::PrintProgressLine;
    if (mpi.distributed()) {
      // Each rank decides for itself: its GPU when asked for or (auto) when
      // one is usable here, else the CPU tile kernels.
      gdist::DistributedOptions dist;
      dist.threads = threads;
      dist.progress = opts.progress;
      if (opts.backend != gdist::Backend::kCpu) {
        const gdist::GpuStatus gpu = gdist::ProbeGpu();
        if (opts.backend == gdist::Backend::kGpu && !gpu.usable)
          throw gdist::Error("--backend gpu: no usable GPU on " + mpi.where() + " (" + gpu.reason + ")");
        dist.use_gpu = gpu.usable;
      }
      const gdist::ProcessGrid grid = gdist::ChooseProcessGrid(mpi.size());
      opts.schedule_note = "distributed over " + std::to_string(mpi.size()) + " MPI ranks (" +
                           std::to_string(grid.rows) + " x " + std::to_string(grid.cols) +
                           " block-cyclic tiles; rank 0 on the " + (dist.use_gpu ? "GPU" : "CPU") + ")";
      opts.schedule_backend = dist.use_gpu ? gdist::Backend::kGpu : gdist::Backend::kCpu;
      opts.schedule = [&mpi, dist](void* d, std::size_t stride, gdist::ElementType type) {
        gdist::DistributedOptions o = dist;
        // int64 has CPU kernels only.
        if (type == gdist::ElementType::kInt64) o.use_gpu = false;
        gdist::DistributedFloydWarshall(mpi, d, stride, type, o);
      };
      const gdist::InputOptions input = flags.Options();
      if (!paths && !(input.read.format == gdist::InputFormat::kAuto && gdist::IsMatrixFile(in))) {
        // A graph: each rank builds only its tiles from the arcs, and the
        // metrics are reduced where the rows are; rank 0 writes.
        gdist::PhaseTimer timer;
        const gdist::Graph g = gdist::ReadGraph(in, input.read);
        const gdist::ElementType type = gdist::ElementTypeFor(g, input);
        const double read_s = timer.Lap();
        gdist::DistributedGraphRequest request;
        request.duplicates = input.duplicates.value_or(g.prefers_last_duplicate ? gdist::DuplicatePolicy::kLast
                                                                                : gdist::DuplicatePolicy::kMin);
        request.gather_matrix = !out.empty();
        request.metrics = !metrics.empty();
        request.metrics_options = gdist::MetricsOptions{false, threads, opts.backend};
        gdist::DistributedOptions o = dist;
        if (type == gdist::ElementType::kInt64) o.use_gpu = false;
        gdist::DistributedGraphResult r = gdist::DistributedApspFromGraph(mpi, g, type, o, request);
        timer.Lap();
        if (mpi.rank() != 0) return gdist::kExitOk;
        gdist::OutputGroup files;  // OUT, --metrics and --per-vertex: all or none
        if (r.matrix) {
          std::visit(
              [&](auto& mat) {
                if (to == "nthu") gdist::WriteNthuOutput(out, mat);
                else if (to == "npy") gdist::WriteNpy(out, mat.view());
                else if (to == "csv") gdist::WriteCsvMatrix(out, mat.view(), mat.meta().labels);
                else gdist::WriteMatrixFile(out, mat, nullptr);
              },
              *r.matrix);
        }
        if (r.metrics) {
          gdist::MatrixMeta meta;
          meta.directed = g.directed;
          meta.labels = g.labels;
          PrintMetricsFallback(gdist::WriteMetricsJson(metrics, *r.metrics, meta, per_vertex));
        }
        files.CommitAll();
        const double apsp_s = r.build_seconds + r.rounds_seconds, write_s = timer.Lap();
        const double rest_s = r.metrics_seconds + r.gather_seconds + write_s;
        if (json) {
          gdist::JsonWriter w(std::cout);
          w.BeginObject();
          w.Key("n").Number(static_cast<double>(g.n));
          w.Key("backend").Str(dist.use_gpu ? "gpu" : "cpu");
          w.Key("backend_note").Str(r.note);
          w.Key("element_bits").Number(r.element_bits);
          w.Key("read_s").Number(read_s).Key("apsp_s").Number(apsp_s);
          w.Key("metrics_s").Number(r.metrics_seconds).Key("write_s").Number(rest_s);
          w.EndObject();
          std::cout << "\n";
        }
        if (!gdist::Quiet()) {
          std::cerr << std::fixed << std::setprecision(3);
          std::cerr << "gapsp: " << g.n << " vertices, " << r.note << "; read " << read_s << " s, apsp " << apsp_s
                    << " s, metrics " << r.metrics_seconds << " s, write " << rest_s << " s\n";
        }
        return gdist::kExitOk;
      }
    }
    gdist::PhaseTimer timer;
    gdist::InputOptions input = flags.Options();
    input.next_hops = paths;
    gdist::ApspRequest request;
    gdist::ParseApspAlgorithm(algorithm, &request.algorithm);
    request.question = !sources.empty()                  ? gdist::PlanQuestion::kRows
                       : out.empty() && !metrics.empty() ? gdist::PlanQuestion::kMetrics
                                                         : gdist::PlanQuestion::kMatrix;
    if (!sources.empty()) request.rows = gdist::CountSourcesFileLines(sources);
    request.keep_adjacency = paths;
    if (mpi.distributed()) request.tree_refusal = "Floyd-Warshall under mpirun (the trees run in one process)";
    gdist::ApspPlan plan = gdist::PlanApsp(in, input, request, context);
    gdist::AnyMatrix& m = plan.matrix;
    const bool trees = plan.trees();
    const double load_s = timer.Lap();
    auto describe = [&](const gdist::ApspReport& r, std::size_t n, double apsp_s, double write_s,
                        std::optional<double> paths_s, std::optional<std::size_t> rows) {
      if (json) {
        gdist::JsonWriter w(std::cout);
        w.BeginObject();
        w.Key("n").Number(static_cast<double>(n));
        if (rows) w.Key("rows").Number(static_cast<double>(*rows));
        w.Key("algorithm").Str(gdist::ApspAlgorithmName(plan.run.algorithm()));
        w.Key("algorithm_reason").Str(plan.run.reasons.front());
        if (trees) w.Key("tree_method").Str(gdist::TreeMethodName(plan.method));
        w.Key("backend").Str(gdist::BackendName(r.used));
        w.Key("backend_note").Str(r.note);
        w.Key("element_bits").Number(r.element_bits);
        w.Key("precision_reason").Str(r.precision_reason);
        w.Key("distance_bound");
        if (r.distance_bound >= 0) w.Number(static_cast<double>(r.distance_bound));
        else w.Null();
        w.Key("read_s").Number(load_s).Key("apsp_s").Number(apsp_s);
        if (paths_s) w.Key("next_hops_s").Number(*paths_s);
        w.Key("write_s").Number(write_s);
        gdist::WritePlanJson(w, plan.run);
        w.EndObject();
        std::cout << "\n";
      }
      if (!gdist::Quiet()) {
        std::cerr << std::fixed << std::setprecision(3);
        std::cerr << "gapsp: " << n << " vertices";
        if (rows) std::cerr << ", " << *rows << " rows";
        std::cerr << ", algorithm " << gdist::ApspAlgorithmName(plan.run.algorithm()) << " ("
                  << plan.run.reasons.front() << "), backend " << gdist::BackendName(r.used) << " (" << r.note << "), "
                  << r.element_bits << "-bit elements (" << r.precision_reason << "); read " << load_s << " s, apsp "
                  << apsp_s << " s";
        if (paths_s) std::cerr << ", next hops " << *paths_s << " s";
        std::cerr << ", write " << write_s << " s\n";
      }
    };
    if (!sources.empty()) {
      // Rows of some sources: the trees stream them to OUT block by block; a
      // Floyd-Warshall run (asked for) solves the matrix and writes its rows.
      // A pointer, not a reference: GCC 13 mistakes a reference through std::visit for a dangling temporary.
      const gdist::VertexLabels* labels = plan.csr ? std::visit([](const auto& g) { return &g.labels; }, *plan.csr)
                                                   : std::visit([](const auto& x) { return &x.meta().labels; }, m);
      const std::vector<std::uint32_t> rows = gdist::ReadSourcesFile(sources, *labels);
      gdist::ApspReport r;
      double apsp_s = 0;
      if (plan.csr) {
        r = std::visit(
            [&](const auto& g) {
              using W = std::decay_t<decltype(g.max_abs_weight)>;
              const std::size_t block = gdist::RowBlockRows(rows.size(), gdist::PaddedSize(g.n) * sizeof(W),
                                                            gdist::EstimateThreads(threads), gdist::kSourceRowsBudget);
              gdist::PrintTreeRowsEstimate("gapsp", g, rows.size(), gdist::RowBytes(g, block), threads,
                                           plan.run.backend);
              return gdist::WriteSourceRows(g, rows, out, threads, gdist::kSourceRowsBudget, opts.progress,
                                            RowSourceFor(plan.run, g));
            },
            *plan.csr);
        bar.Finish();
        apsp_s = timer.Lap();
      } else {
        std::visit(
            [&](auto& mat) {
              using T = std::decay_t<decltype(*mat.data())>;
              r = gdist::SolveApsp(mat, opts);
              bar.Finish();
              apsp_s = timer.Lap();
              gdist::RowMatrixWriter<T> w(out, mat.n(), mat.meta(),
                                          std::vector<std::uint64_t>(rows.begin(), rows.end()));
              for (std::uint32_t s : rows) w.Append(mat.row(s), 1);
              w.Commit();
            },
            m);
      }
      describe(r, plan.n, apsp_s, timer.Lap(), std::nullopt, rows.size());
      return gdist::kExitOk;
    }
    std::visit(
        [&](auto& mat) {
          using T = std::decay_t<decltype(*mat.data())>;
          gdist::ArcList<T> arcs;
          if (paths) arcs = gdist::ArcsOfAdjacency(mat.view());  // before the engine overwrites the arcs
          double paths_s = timer.Lap();
          if (!mpi.distributed() && !trees) gdist::PrintApspEstimate("gapsp", mat, opts, paths);
          if (trees)
            gdist::PrintTreeRowsEstimate("gapsp", std::get<gdist::CsrGraph<T>>(*plan.csr), mat.n(),
                                         static_cast<double>(mat.payload_bytes()), threads, plan.run.backend);
          gdist::ApspReport r =
              trees ? gdist::SolveApspByTrees(std::get<gdist::CsrGraph<T>>(*plan.csr), mat, threads, opts.progress,
                                              RowSourceFor(plan.run, std::get<gdist::CsrGraph<T>>(*plan.csr)))
                    : gdist::SolveApsp(mat, opts);
          bar.Finish();
          const double apsp_s = timer.Lap();
          if (mpi.rank() != 0) return;  // the result was gathered on rank 0
          gdist::NextHopMatrix next;
          if (paths) {
            // Same rule on both sides (lib/paths/next_hop.hpp): the routes do not depend on the backend.
            if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float>) {
              if (r.used == gdist::Backend::kGpu) next = gdist::GpuComputeNextHops(arcs, mat.view());
            }
            if (!next.data()) next = gdist::ComputeNextHops(arcs, mat.view(), threads);
          }
          paths_s += timer.Lap();
          gdist::OutputGroup files;  // OUT, --metrics and --per-vertex: all or none
          if (out.empty()) {
          } else if (to == "nthu") {
            gdist::WriteNthuOutput(out, mat);
          } else if (to == "npy") {
            gdist::WriteNpy(out, mat.view());
          } else if (to == "csv") {
            gdist::WriteCsvMatrix(out, mat.view(), mat.meta().labels);
          } else {
            gdist::WriteMatrixFile(out, mat, paths ? &next : nullptr);
          }
          if (!metrics.empty())
            PrintMetricsFallback(gdist::WriteMetricsJsonFile(
                metrics, mat.view(), mat.meta(), gdist::MetricsOptions{false, threads, opts.backend}, per_vertex));
          files.CommitAll();
          const double write_s = timer.Lap();
          describe(r, mat.n(), apsp_s, write_s, paths ? std::optional<double>(paths_s) : std::nullopt, std::nullopt);
        },
        m);
    return gdist::kExitOk;
  });
}
