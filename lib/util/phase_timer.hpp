// Wall-clock seconds between successive Lap() calls, for the apps' timing line.
#pragma once
#include <chrono>

namespace gdist {

class PhaseTimer {
 public:
  double Lap() {
    const auto now = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    return s;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace gdist
