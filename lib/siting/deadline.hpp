// Wall-clock deadlines of the siting proofs: seconds on the steady clock.
#pragma once
#include <chrono>

namespace gdist {

inline double SteadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace gdist
