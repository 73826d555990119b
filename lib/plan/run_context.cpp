#include "lib/plan/run_context.hpp"

#include <omp.h>

#include <cstdlib>

#include "lib/engine/gpu_backend.hpp"
#include "lib/plan/cost_model.hpp"
#include "lib/util/host_memory.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

GpuStatus NotAskedFor() { return GpuStatus{false, OptionText(Option::kBackend, "cpu"), 0}; }

// The 1-minute load average (glibc's getloadavg); 0 where there is none.
double LoadAverage() {
  double load = 0;
  return getloadavg(&load, 1) == 1 ? load : 0;
}

}  // namespace

RunContext::RunContext(int threads, Backend backend)
    : threads_(threads > 0 ? threads : omp_get_max_threads()),
      backend_(backend),
      host_memory_(HostMemoryAvailable()),
      probe_(std::async(std::launch::deferred, backend == Backend::kCpu ? NotAskedFor : ProbeGpu).share()) {
  load_ = LoadAverage();
  cpu_share_ = CpuShare(threads_, omp_get_num_procs(), load_);
}

RunContext::RunContext(int threads, Backend backend, GpuStatus gpu) : RunContext(threads, Backend::kCpu) {
  backend_ = backend;
  set_cpu_share(1);  // a context made to order (tests): an idle machine
  std::promise<GpuStatus> known;
  known.set_value(std::move(gpu));
  probe_ = known.get_future().share();
}

void RunContext::StartGpuProbe() {
  if (backend_ != Backend::kCpu) probe_ = std::async(std::launch::async, ProbeGpu).share();
}

GpuStatus RunContext::gpu() const { return probe_.get(); }

}  // namespace gdist
