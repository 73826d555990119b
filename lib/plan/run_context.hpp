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
  // The part of its threads' cores the run can expect (CpuShare of
  // lib/plan/cost_model.hpp on the 1-minute load average, read once): the
  // estimates' divisor, never a choice's (the same command gets the same plan
  // on a busy machine). set_cpu_share: tests, and callers that know better.
  double cpu_share() const { return cpu_share_; }
  double load() const { return load_; }
  void set_cpu_share(double share, double load = 0) {
    cpu_share_ = share;
    load_ = load;
  }

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
  double load_ = 0, cpu_share_ = 1;
  std::shared_future<GpuStatus> probe_;
};

}  // namespace gdist
