// The min-plus tile kernel alone: c <- min(c, a (x) b) on one 128 x 128 tile
// triple that stays in L1/L2, repeated; per ISA build and element type, one
// thread. This is the ceiling the whole engine (cpu_fw_bench) is measured
// against: the engine can only approach it (phases 1-2, memory, barriers).
//
// usage: cpu_kernel_bench [--seconds S]
// Output: "kernel isa=.. type=.. relax_per_s=.." per line.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "kernels/cpu/isa_avx2.hpp"
#include "kernels/cpu/isa_avx512.hpp"
#include "kernels/cpu/isa_portable.hpp"
#include "lib/engine/cpu_backend.hpp"

namespace {

using gdist::cpu::kCpuTile;

template <class T> void Time(const char* type, gdist::cpu::TileKernels<T> k, double seconds) {
  const std::size_t stride = 3 * kCpuTile;  // a, b, c side by side in one 128-row strip
  std::vector<T> m(stride * kCpuTile);
  for (std::size_t i = 0; i < m.size(); ++i) m[i] = T(i * 7919 % 1000);  // sums fit int16 too
  T* a = m.data();
  T* b = a + kCpuTile;
  T* c = b + kCpuTile;
  long calls = 0;
  auto t0 = std::chrono::steady_clock::now();
  double s = 0;
  do {
    for (int r = 0; r < 50; ++r, ++calls) k.min_plus(c, a, b, stride);
    s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  } while (s < seconds);
  const double relax = double(calls) * kCpuTile * kCpuTile * kCpuTile;
  std::printf("kernel isa=%s type=%s relax_per_s=%.3e c00=%g\n", k.isa, type, relax / s, double(c[0]));
}

template <class T> void AllIsas(const char* type, double seconds) {
  const gdist::CpuIsa best = gdist::DetectCpuIsa();
#if defined(GDIST_CPU_HAVE_AVX512)
  if (best >= gdist::CpuIsa::kAvx512) Time<T>(type, gdist::cpu::avx512::Kernels<T>(), seconds);
#endif
#if defined(GDIST_CPU_HAVE_AVX2)
  if (best >= gdist::CpuIsa::kAvx2) Time<T>(type, gdist::cpu::avx2::Kernels<T>(), seconds);
#endif
  Time<T>(type, gdist::cpu::portable::Kernels<T>(), seconds);
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 1.0;
  CLI::App app{"The CPU min-plus tile kernel alone, per ISA and element type, one thread"};
  app.add_option("--seconds", seconds, "time per configuration")->check(CLI::Range(0.01, 600.0));
  CLI11_PARSE(app, argc, argv);
  AllIsas<std::int16_t>("int16", seconds);
  AllIsas<std::int32_t>("int32", seconds);
  AllIsas<float>("float32", seconds);
  AllIsas<std::int64_t>("int64", seconds);
  return 0;
}
