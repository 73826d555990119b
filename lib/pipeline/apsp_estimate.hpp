// The one line before a long APSP (terminal only, lib/util/progress.hpp): the
// memory the run holds and its estimated time, from the cost model's
// Floyd-Warshall rates (lib/plan/cost_model.hpp: the CPU engine's per thread,
// the GPU engine's share of the H100's min-plus ceiling), as the planner
// estimates it.
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
#include "lib/util/progress.hpp"

namespace gdist {

// Prints "tool: needs about X of memory, estimated T" when the run is
// expected to take a while (kLongRunSeconds) and progress is shown.
template <class T>
void PrintApspEstimate(const std::string& tool, const DistMatrix<T>& m, const ApspOptions& options, bool next_hops) {
  // Below 2048 vertices a run takes well under a second: no GPU probe unless --progress asks for the line.
  if (!ProgressEnabled() || (m.stride() < 2048 && !ProgressForced())) return;
  const double s = double(m.stride());
  const double bytes = double(m.payload_bytes()) + (next_hops ? s * s * 4 : 0);
  // The engine's own probe when the caller started one (gapsp, gcenter on a graph), else one here.
  const bool gpu = options.backend != Backend::kCpu && sizeof(T) == 4 &&
                   (options.gpu_probe.valid() ? options.gpu_probe.get().usable : ProbeGpu().usable);
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  // On the CPU past the memory limit: the out-of-core schedule, its working set and its extra passes.
  const std::size_t limit = options.memory_limit ? options.memory_limit : DefaultMemoryLimit();
  if (!gpu && limit != 0 && m.payload_bytes() > limit) {
    const std::size_t side = SuperTileSideFor(m.stride(), sizeof(T), limit, kCpuOutOfCoreSlots);
    const double working_set = double(kCpuOutOfCoreSlots) * double(side) * double(side) * sizeof(T);
    PrintEstimate(tool + " (CPU, out of core)", working_set + (next_hops ? s * s * 4 : 0),
                  OutOfCoreFloydWarshallSeconds(s, double(side), ElementTraits<T>::kType, threads));
    return;
  }
  const double seconds = FloydWarshallSeconds(s, ElementTraits<T>::kType, gpu ? Backend::kGpu : Backend::kCpu, threads);
  PrintEstimate(tool + (gpu ? " (GPU)" : " (CPU)"), bytes, seconds);
}

}  // namespace gdist
