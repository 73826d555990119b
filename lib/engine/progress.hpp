// Progress of a running solve, as data: the engine calls a ProgressFn after
// each round (super-round out of core, pivot round in core and distributed),
// and the front end decides how to show it (gapsp --progress: one stderr line
// per report; a progress bar can consume the same struct). The sparse engine
// reports through the same struct, counting trees (or vertices settled by the
// bounding algorithms) instead of rounds, via ProgressCounter.
#pragma once
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <utility>

namespace gdist {

struct ApspProgress {
  std::string task = "apsp";    // what is computed: "apsp", "metrics", "siting rows", ...
  std::string worker;           // "cpu", "gpu", "rank 1 of 4 (cpu)", ...
  std::string schedule;         // "in-core", "out-of-core", "distributed", "dijkstra-radix trees", ...
  std::string unit = "rounds";  // what rounds_done counts: "rounds", "trees", "settled"
  std::size_t rounds_done = 0;
  std::size_t rounds_total = 0;
  double seconds = 0;                   // since the schedule started
  double relaxations = 0;               // done so far by this worker (n^3 in all for one worker)
  double relax_per_second = 0;          // relaxations / seconds
  double ceiling_relax_per_second = 0;  // the worker's measured ceiling (0: none known)
  double ceiling_fraction() const {
    return ceiling_relax_per_second > 0 ? relax_per_second / ceiling_relax_per_second : 0;
  }
};

using ProgressFn = std::function<void(const ApspProgress&)>;

// One report: rates derived from the relaxations done so far.
inline ApspProgress MakeProgress(std::string worker, std::string schedule, std::size_t done, std::size_t total,
                                 double seconds, double relaxations, double ceiling) {
  ApspProgress p;
  p.worker = std::move(worker);
  p.schedule = std::move(schedule);
  p.rounds_done = done;
  p.rounds_total = total;
  p.seconds = seconds;
  p.relaxations = relaxations;
  p.relax_per_second = seconds > 0 ? relaxations / seconds : 0;
  p.ceiling_relax_per_second = ceiling;
  return p;
}

// Items of work finished by many threads at once (shortest-path trees, say),
// reported through a ProgressFn as ApspProgress with no relaxations (the rate
// is items per second): at most every 50 ms and once at Finish, one report at
// a time; a thread that finds another one reporting goes on without waiting.
// With an empty ProgressFn, Add costs one branch.
class ProgressCounter {
 public:
  ProgressCounter(ProgressFn fn, std::string task, std::string schedule, std::string unit, std::size_t total)
      : fn_(std::move(fn)), start_(std::chrono::steady_clock::now()) {
    base_.task = std::move(task);
    base_.worker = "cpu";
    base_.schedule = std::move(schedule);
    base_.unit = std::move(unit);
    base_.rounds_total = total;
  }
  ProgressCounter(const ProgressCounter&) = delete;
  ProgressCounter& operator=(const ProgressCounter&) = delete;

  explicit operator bool() const { return static_cast<bool>(fn_); }
  void Add(std::size_t items) {
    if (fn_) Report(done_.fetch_add(items, std::memory_order_relaxed) + items, false);
  }
  void Set(std::size_t done) {
    if (!fn_) return;
    done_.store(done, std::memory_order_relaxed);
    Report(done, false);
  }
  // The last report: the items added, or `done` (the bounds' n: every vertex settled).
  void Finish() {
    if (fn_) Report(done_.load(std::memory_order_relaxed), true);
  }
  void Finish(std::size_t done) {
    done_.store(done, std::memory_order_relaxed);
    Finish();
  }

 private:
  void Report(std::size_t done, bool final) {
    const std::int64_t now =
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start_).count();
    std::int64_t due = next_ns_.load(std::memory_order_relaxed);
    if (!final && (now < due || !next_ns_.compare_exchange_strong(due, now + kIntervalNs))) return;
    std::unique_lock lock(mutex_, std::defer_lock);
    if (final) lock.lock();
    else if (!lock.try_lock()) return;
    ApspProgress p = base_;
    p.rounds_done = done;
    p.seconds = static_cast<double>(now) * 1e-9;
    fn_(p);
  }
  static constexpr std::int64_t kIntervalNs = 50'000'000;
  ProgressFn fn_;
  ApspProgress base_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<std::size_t> done_{0};
  std::atomic<std::int64_t> next_ns_{0};
  std::mutex mutex_;
};

// The measured min-plus ceilings of docs/../anchors (H100, relaxations/s) by
// element width, for the GPU workers' ceiling_fraction.
inline constexpr double kH100CeilingInt32 = 1.60e13;
inline constexpr double kH100CeilingInt16 = 3.19e13;
inline constexpr double kH100CeilingFloat32 = 1.30e13;

}  // namespace gdist
