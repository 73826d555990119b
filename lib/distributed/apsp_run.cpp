#include "lib/distributed/apsp_run.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "lib/distributed/distributed_fw.hpp"
#include "lib/distributed/process_grid.hpp"
#include "lib/graph/strong_components.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/metrics/metrics_report.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/pipeline/write_distances.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"
#include "lib/util/phase_timer.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

namespace {

// The graph's strong components (an undirected graph's components), so an
// undefined center gives its reason with them, in the bytes one process
// writes from the matrix (MatrixConnectivity: mutual reachability).
Connectivity GraphConnectivity(const Graph& g) {
  std::vector<std::uint64_t> offsets(g.n + 1, 0);
  for (const Edge& e : g.edges) {
    ++offsets[e.from + 1];
    if (!g.directed) ++offsets[e.to + 1];
  }
  for (std::size_t v = 0; v < g.n; ++v) offsets[v + 1] += offsets[v];
  std::vector<std::uint32_t> targets(offsets[g.n]);
  std::vector<std::uint64_t> next(offsets.begin(), offsets.end() - 1);
  for (const Edge& e : g.edges) {
    targets[next[e.from]++] = e.to;
    if (!g.directed) targets[next[e.to]++] = e.from;
  }
  std::size_t count = 0;
  const std::vector<std::uint32_t> id = StrongComponentIds(g.n, offsets.data(), targets.data(), &count);
  std::vector<std::uint64_t> size(count, 0);
  for (const std::uint32_t c : id) ++size[c];
  Connectivity k;
  k.components = count;
  for (const std::uint64_t s : size) k.largest = std::max(k.largest, s);
  return k;
}

}  // namespace

namespace {

// A graph: each rank builds only its tiles from the arcs, and the metrics are
// reduced where the rows are; rank 0 writes.
ApspRunResult RunGraph(const MpiSession& mpi, const ApspRunRequest& req, const DistributedOptions& dist,
                       const RunVoice& voice) {
  PhaseTimer timer;
  const Graph g = ReadInputGraph(req.in, req.input);
  const ElementType type = ElementTypeFor(g, req.input);
  const double read_s = timer.Lap();
  DistributedGraphRequest request;
  request.duplicates = DuplicatesFor(g, req.input);
  request.gather_matrix = !req.out.empty();
  request.metrics = !req.metrics.empty();
  request.metrics_options = MetricsOptions{false, req.threads, req.backend};
  request.allow_int16 = req.allow_int16;
  DistributedOptions o = dist;
  if (type == ElementType::kInt64) o.use_gpu = false;
  o.checkpoint = req.checkpoint;
  DistributedGraphResult r = DistributedApspFromGraph(mpi, g, type, o, request);
  timer.Lap();
  ApspRunResult result;
  result.shape = ApspRunResult::Shape::kDistributedGraph;
  result.printable = mpi.rank() == 0;
  if (!result.printable) return result;
  OutputGroup files;  // OUT, --metrics and --per-vertex: all or none
  if (r.matrix)
    std::visit([&](auto& mat) { WriteDistances(req.out, req.to, mat, nullptr, req.allow_int16, req.as_float); },
               *r.matrix);
  if (r.metrics) {
    MatrixMeta meta;
    meta.directed = g.directed;
    meta.labels = g.labels;
    meta.lon_lat = g.lon_lat;
    std::optional<Connectivity> connectivity;
    if (!UndefinedReason(r.metrics->summary, g.directed, nullptr).empty()) connectivity = GraphConnectivity(g);
    const std::string note =
        WriteMetricsJson(req.metrics, *r.metrics, meta, req.per_vertex, connectivity ? &*connectivity : nullptr);
    if (!note.empty()) voice.Note("metrics on the CPU: " + note);
  }
  files.CommitAll();
  // The outputs are whole: a kill from here on needs no checkpoint.
  if (!req.checkpoint.dir.empty()) RemoveCheckpoint(req.checkpoint.dir);
  const double write_s = timer.Lap();
  result.n = g.n;
  result.engine.used = dist.use_gpu ? Backend::kGpu : Backend::kCpu;
  result.engine.note = r.note;
  result.engine.element_bits = r.element_bits;
  result.engine.precision_reason = r.precision_reason;
  result.engine.distance_bound = r.distance_bound;
  result.read_s = read_s;
  result.apsp_s = r.build_seconds + r.rounds_seconds;
  result.metrics_s = r.metrics_seconds;
  result.write_s = r.metrics_seconds + r.gather_seconds + write_s;
  return result;
}

}  // namespace

ApspRunResult RunDistributedApsp(MpiSession& mpi, const ApspRunRequest& request, RunContext& context,
                                 const RunVoice& voice) {
  KeepLargeMatricesOnDisk(request);
  DistributedOptions dist;
  dist.threads = request.threads;
  // Under mpirun one line per rank and report instead of a bar.
  if (ProgressEnabled()) dist.progress = PrintProgressLine;
  if (request.backend != Backend::kCpu) {
    const GpuStatus gpu = ProbeGpu();
    if (request.backend == Backend::kGpu && !gpu.usable)
      throw Error(OptionText(Option::kBackend, "gpu") + ": no usable GPU on " + mpi.where() + " (" + gpu.reason + ")");
    dist.use_gpu = gpu.usable;
  }
  if (!request.paths && !(request.input.read.format == InputFormat::kAuto && IsMatrixFile(request.in)))
    return RunGraph(mpi, request, dist, voice);
  ApspRunRequest scheduled = request;
  const ProcessGrid grid = ChooseProcessGrid(mpi.size());
  scheduled.schedule_note = "distributed over " + std::to_string(mpi.size()) + " MPI ranks (" +
                            std::to_string(grid.rows) + " x " + std::to_string(grid.cols) +
                            " block-cyclic tiles; rank 0 on the " + (dist.use_gpu ? "GPU" : "CPU") + ")";
  scheduled.schedule_backend = dist.use_gpu ? Backend::kGpu : Backend::kCpu;
  scheduled.schedule = [&mpi, dist](void* d, std::size_t stride, ElementType type, int element_bits,
                                    const CheckpointOptions& checkpoint) {
    DistributedOptions o = dist;
    // int64 has CPU kernels only.
    if (type == ElementType::kInt64) o.use_gpu = false;
    o.checkpoint = checkpoint;
    o.int16 = element_bits == 16;  // SolveApsp's proof (ChoosePrecision) for this int32 matrix
    const std::string note = DistributedFloydWarshall(mpi, d, stride, type, o);
    const auto resumed = note.find(", resumed at round ");
    return resumed == std::string::npos ? std::string() : note.substr(resumed);
  };
  scheduled.writer = mpi.rank() == 0;
  return RunApsp(scheduled, context, voice);
}

}  // namespace gdist
