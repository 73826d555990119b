// The one line before a long run (terminal only, lib/util/progress.hpp): the
// memory the run holds and its estimated time, the whole run's (the plan's
// RunEstimate, lib/plan/cost_model.hpp: reading the input, the engine,
// writing the outputs, on the share of the cores a busy machine leaves it),
// with its parts named. Floyd-Warshall's engine part is priced here on the
// backend and schedule the engine will use (the GPU probe, out of core past
// the memory limit), and the caller's estimate takes it, so --json's plan
// says what the line said.
#pragma once
#include <omp.h>

#include <string>

#include "lib/core/element_traits.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/engine/cpu_out_of_core.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/engine/super_tile_schedule.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/plan/cost_model.hpp"
#include "lib/plan/run_context.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

// "reading 0.1 s, 15606 BFS trees 1.8 s, writing 465.1 MiB 1.9 s; 2 threads
// get 0.33 of their cores at load 4.1": what the estimate holds (parts under
// 0.05 s left out).
inline std::string DescribeEstimate(const RunEstimate& e, const std::string& engine) {
  std::string out;
  auto part = [&](const std::string& what, double s) {
    if (s < 0.05) return;
    out.append(out.empty() ? "" : ", ").append(what).append(" ").append(HumanDuration(s));
  };
  part("reading", e.read_s);
  part("the matrix's fill", e.fill_s);
  part(engine + (e.compute_on_gpu ? " on the GPU" : ""), e.compute_s);
  part("writing " + HumanBytes(e.write_bytes), e.write_s);
  if (e.cpu_share < 1) {
    char share[96];
    std::snprintf(share, sizeof share, "%sthe CPU parts at %.2f of the cores (load %.1f)", out.empty() ? "" : "; ",
                  e.cpu_share, e.load);
    out.append(share);
  }
  return out;
}

inline void PrintRunEstimate(const std::string& tool, double bytes, const RunEstimate& e, const std::string& engine) {
  PrintEstimate(tool, bytes, e.total_s(), DescribeEstimate(e, engine));
}

// The reading part and the machine's load for a run planned without the
// planner (siting on candidate rows, an adjacency matrix file): `input_bytes`
// of a graph or matrix file.
inline RunEstimate EstimateAround(int threads, double input_bytes, bool matrix_file) {
  const RunContext context(threads, Backend::kCpu);
  RunEstimate e;
  e.read_s = ReadSeconds(input_bytes, matrix_file);
  e.cpu_share = context.cpu_share();
  e.load = context.load();
  return e;
}

// Prints "tool (CPU): needs about X of memory, estimated T (parts)" when the
// run is expected to take a while (kLongRunSeconds) and progress is shown;
// `e` (the plan's, or EstimateAround's) takes Floyd-Warshall's parts: the
// matrix's fill and the schedule's time.
template <class T> void PrintApspEstimate(const std::string& tool, const DistMatrix<T>& m, const ApspOptions& options,
                                          bool next_hops, RunEstimate& e) {
  // Below 2048 vertices a run takes well under a second: no GPU probe unless --progress asks for the line.
  if (!ProgressEnabled() || (m.stride() < 2048 && !ProgressForced())) return;
  const double s = double(m.stride());
  const double bytes = double(m.payload_bytes()) + (next_hops ? s * s * 4 : 0);
  // The engine's own probe when the caller started one (gapsp, gcenter on a graph), else one here.
  const bool gpu = options.backend != Backend::kCpu && sizeof(T) == 4 &&
                   (options.gpu_probe.valid() ? options.gpu_probe.get().usable : ProbeGpu().usable);
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  e.fill_s = MatrixFillSeconds(double(m.payload_bytes()));
  e.compute_on_gpu = gpu;
  // On the CPU past the memory limit: the out-of-core schedule, its working set and its extra passes.
  const std::size_t limit = options.memory_limit ? options.memory_limit : DefaultMemoryLimit();
  if (!gpu && limit != 0 && m.payload_bytes() > limit) {
    const std::size_t side = SuperTileSideFor(m.stride(), sizeof(T), limit, kCpuOutOfCoreSlots);
    const double working_set = double(kCpuOutOfCoreSlots) * double(side) * double(side) * sizeof(T);
    e.compute_s = OutOfCoreFloydWarshallSeconds(s, double(side), ElementTraits<T>::kType, threads);
    PrintRunEstimate(tool + " (CPU, out of core)", working_set + (next_hops ? s * s * 4 : 0), e, "Floyd-Warshall");
    return;
  }
  e.compute_s = FloydWarshallSeconds(s, ElementTraits<T>::kType, gpu ? Backend::kGpu : Backend::kCpu, threads);
  PrintRunEstimate(tool + (gpu ? " (GPU)" : " (CPU)"), bytes, e, "Floyd-Warshall");
}

}  // namespace gdist
