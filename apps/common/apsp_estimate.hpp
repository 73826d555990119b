// The one line before a long APSP (terminal only, lib/util/progress.hpp):
// the memory the run holds and its estimated time. The CPU rate is measured
// here on this machine's kernels and threads (a 1024-vertex Floyd-Warshall,
// about 10 ms at 1e11 relax/s); the GPU rate is the int32 engine's measured
// 89% of the H100's min-plus ceiling (bench/RESULTS.md, goal #3).
#pragma once
#include <chrono>
#include <cstdint>
#include <random>
#include <string>

#include "lib/engine/apsp.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

// Relaxations per second of the CPU engine on this machine for element type T.
template <class T> double MeasureCpuRelaxRate(int threads) {
  constexpr std::size_t kN = 1024;
  DistMatrix<T> probe(kN);
  std::mt19937 rng(1);
  for (std::size_t i = 0; i < kN; ++i)
    for (std::size_t j = 0; j < kN; ++j) probe.at(i, j) = i == j ? T(0) : static_cast<T>(1 + rng() % 100);
  const auto t0 = std::chrono::steady_clock::now();
  CpuFloydWarshall(probe.data(), probe.stride(), threads);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s > 0 ? double(kN) * kN * kN / s : 0;
}

// Prints "tool: needs about X of memory, estimated T" when the run is
// expected to take a while (kLongRunSeconds) and progress is shown.
template <class T>
void PrintApspEstimate(const std::string& tool, const DistMatrix<T>& m, const ApspOptions& options, bool next_hops) {
  // Below 2048 vertices a run takes well under a second: no rate probe unless --progress asks for the line.
  if (!ProgressEnabled() || (m.stride() < 2048 && !ProgressForced())) return;
  const double s = double(m.stride());
  const double bytes = double(m.payload_bytes()) + (next_hops ? s * s * 4 : 0);
  double rate = 0;
  std::string where = "CPU";
  // The engine's own probe when the caller started one (gapsp), else one here (a context the run creates anyway).
  const bool gpu = options.backend != Backend::kCpu && sizeof(T) == 4 &&
                   (options.gpu_probe.valid() ? options.gpu_probe.get().usable : ProbeGpu().usable);
  if (gpu) {
    rate = 0.89 * kH100CeilingInt32;
    where = "GPU, at the H100's measured rate";
  } else {
    rate = MeasureCpuRelaxRate<T>(options.threads);
  }
  if (rate <= 0) return;
  const double seconds = s * s * s / rate;
  PrintEstimate(tool + " (" + where + ")", bytes, seconds);
}

}  // namespace gdist
