// A request to stop a long run early (Ctrl-C in the Python package,
// python/src/interruption.hpp). Requesting is async-signal-safe (one lock-free
// atomic store), so a SIGINT handler may do it. The engines poll it at safe
// points: a loop on the caller's thread throws Interrupted there; a parallel
// loop skips its remaining work (every thread still meets every barrier) and
// throws once the threads have joined. Process-wide: a request stops every run
// in progress.
#pragma once
#include <atomic>
#include <stdexcept>

namespace gdist {

// Not a gdist::Error: nothing was wrong with the input, the caller asked to stop.
class Interrupted : public std::runtime_error {
 public:
  Interrupted() : std::runtime_error("interrupted") {}
};

namespace detail {
inline std::atomic<bool> interruption_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "requested from a signal handler");
}  // namespace detail

inline void RequestInterruption() noexcept { detail::interruption_requested.store(true, std::memory_order_relaxed); }
inline void ClearInterruption() noexcept { detail::interruption_requested.store(false, std::memory_order_relaxed); }
inline bool InterruptionRequested() noexcept { return detail::interruption_requested.load(std::memory_order_relaxed); }
inline void ThrowIfInterrupted() {
  if (InterruptionRequested()) throw Interrupted();
}

}  // namespace gdist
