// What one run may use, found once: its CPU threads, the host memory it may
// still allocate (HostMemoryAvailable: MemAvailable lowered by cgroup v2 and
// RLIMIT_AS), the backend the user asked for and the GPU, probed at most once
// and cached. The planner, the estimate line and the engines' GPU choices ask
// this context instead of probing or reading the system again.
#pragma once
#include <cstdint>
#include <functional>
#include <future>
#include <optional>

#include "lib/core/backend.hpp"

namespace gdist {

class RunContext {
 public:
  // threads: 0 = all cores. The GPU is not touched until asked for (the probe
  // creates a CUDA context, 0.2-0.3 s): StartGpuProbe() starts it on a
  // background thread so that it overlaps reading the input; otherwise the
  // first gpu() probes. --backend cpu never probes.
  explicit RunContext(int threads = 0, Backend backend = Backend::kAuto);
  // A context whose GPU is known already (a caller that probed; tests).
  RunContext(int threads, Backend backend, GpuStatus gpu);

  int threads() const { return threads_; }  // resolved: never 0
  Backend backend() const { return backend_; }
  std::optional<std::uint64_t> host_memory() const { return host_memory_; }

  void StartGpuProbe();
  // The probe's answer (waits for it); "not asked for" under --backend cpu.
  GpuStatus gpu() const;
  // The same probe for the APIs that take one (ApspOptions::gpu_probe, ChooseTreeBackend).
  std::shared_future<GpuStatus> gpu_probe() const { return probe_; }
  std::function<GpuStatus()> gpu_prober() const {
    return [probe = probe_] { return probe.get(); };
  }

 private:
  int threads_;
  Backend backend_;
  std::optional<std::uint64_t> host_memory_;
  std::shared_future<GpuStatus> probe_;
};

}  // namespace gdist
