#include "lib/plan/run_context.hpp"

#include <omp.h>

#include "lib/engine/gpu_backend.hpp"
#include "lib/util/host_memory.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

GpuStatus NotAskedFor() { return GpuStatus{false, OptionText(Option::kBackend, "cpu"), 0}; }

}  // namespace

RunContext::RunContext(int threads, Backend backend)
    : threads_(threads > 0 ? threads : omp_get_max_threads()),
      backend_(backend),
      host_memory_(HostMemoryAvailable()),
      probe_(std::async(std::launch::deferred, backend == Backend::kCpu ? NotAskedFor : ProbeGpu).share()) {}

RunContext::RunContext(int threads, Backend backend, GpuStatus gpu) : RunContext(threads, Backend::kCpu) {
  backend_ = backend;
  std::promise<GpuStatus> known;
  known.set_value(std::move(gpu));
  probe_ = known.get_future().share();
}

void RunContext::StartGpuProbe() {
  if (backend_ != Backend::kCpu) probe_ = std::async(std::launch::async, ProbeGpu).share();
}

GpuStatus RunContext::gpu() const { return probe_.get(); }

}  // namespace gdist
