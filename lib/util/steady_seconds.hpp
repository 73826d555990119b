// Seconds on the steady clock: the one clock of deadlines and "every S
// seconds" rules (siting proofs, checkpoints).
#pragma once
#include <chrono>

namespace gdist {

inline double SteadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace gdist
