// Wall-clock timing: PhaseTimer for the apps' timing line and the benches,
// StepLog for the step-by-step diagnosis `--timings` asks for (stderr).
#pragma once
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>

namespace gdist {

class PhaseTimer {
 public:
  // Seconds since construction or the previous Lap().
  double Lap() {
    const auto now = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    return s;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// Whether StepLogs print: set once by the apps' --timings flag. A process-wide
// switch because the steps are deep inside the engines, and threading a flag
// through every call would put a diagnosis option into every signature.
inline std::atomic<bool>& StepTimingsFlag() {
  static std::atomic<bool> on{false};
  return on;
}
inline void EnableStepTimings(bool on) { StepTimingsFlag().store(on); }
inline bool StepTimingsEnabled() { return StepTimingsFlag().load(); }

// "LABEL timing: WHAT   S s [GB/s]" per step on stderr while step timings are
// on; nothing (and no cost beyond one flag read) otherwise. `settle` runs
// before each printed step, e.g. a stream synchronisation so the step's
// asynchronous work is inside its time.
class StepLog {
 public:
  explicit StepLog(const char* label, std::function<void()> settle = {})
      : label_(label), settle_(std::move(settle)), on_(StepTimingsEnabled()) {}
  bool on() const { return on_; }
  void Step(const char* what, double bytes = 0) {
    if (!on_) return;
    if (settle_) settle_();
    const double s = timer_.Lap();
    if (bytes > 0) std::fprintf(stderr, "%s timing: %-34s %8.3f s  %6.1f GB/s\n", label_, what, s, bytes / s / 1e9);
    else std::fprintf(stderr, "%s timing: %-34s %8.3f s\n", label_, what, s);
  }

 private:
  const char* label_;
  std::function<void()> settle_;
  bool on_;
  PhaseTimer timer_;
};

}  // namespace gdist
