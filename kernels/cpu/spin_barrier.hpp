// A barrier for the CPU schedule's few threads: spin a short while, then sleep.
// Spinning alone (libgomp's default) is fastest on an idle machine but, when
// another job holds a core, the waiting thread burns its slice while the
// thread it waits for sits descheduled (2 threads were up to 30x slower than
// 1 on our shared 2-core machines). Sleeping alone (std::barrier) frees the
// core but pays a futex wake-up, ~50 us on these VMs, at every barrier. A
// ~50 us spin keeps the idle-machine speed and caps the waste when contended.
#pragma once
#include <atomic>
#include <chrono>

namespace gdist::cpu {

class SpinThenSleepBarrier {
 public:
  explicit SpinThenSleepBarrier(int participants = 1) : participants_(participants) {}
  // Only while no thread is waiting (before the workers start).
  void SetParticipants(int participants) { participants_ = participants; }

  void ArriveAndWait() {
    const unsigned gen = generation_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == participants_) {
      // Last one in: nobody can arrive again before the generation moves on.
      arrived_.store(0, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
      generation_.notify_all();
      return;
    }
    const auto give_up = std::chrono::steady_clock::now() + kSpin;
    for (int i = 1;; ++i) {
      if (generation_.load(std::memory_order_acquire) != gen) return;
      Relax();
      if (i % 64 == 0 && std::chrono::steady_clock::now() > give_up) break;
    }
    while (generation_.load(std::memory_order_acquire) == gen) generation_.wait(gen, std::memory_order_acquire);
  }

 private:
  static constexpr std::chrono::microseconds kSpin{50};
  static void Relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }

  int participants_;
  std::atomic<int> arrived_{0};
  std::atomic<unsigned> generation_{0};
};

}  // namespace gdist::cpu
