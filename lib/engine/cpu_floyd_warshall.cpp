// Blocked Floyd-Warshall on the CPU (Venkataraman et al., "A blocked all-pairs
// shortest-paths algorithm", JEA 2003): per round r, close the diagonal tile,
// update its row and column panels, then every other tile with a min-plus
// product of two panel tiles. The tile operations come from kernels/cpu, one
// build per ISA picked at run time; OpenMP threads take whole tiles.
#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "kernels/cpu/isa_avx2.hpp"
#include "kernels/cpu/isa_avx512.hpp"
#include "kernels/cpu/isa_portable.hpp"
#include "kernels/cpu/tile_kernels.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

static_assert(kTile % cpu::kCpuTile == 0, "CPU tiles must not straddle the matrix padding");

const char* CpuIsaName(CpuIsa isa) {
  switch (isa) {
    case CpuIsa::kAvx512: return "avx512";
    case CpuIsa::kAvx2: return "avx2";
    case CpuIsa::kPortable: return "portable";
  }
  return "?";
}

CpuIsa DetectCpuIsa() {
#if defined(__x86_64__) && defined(__GNUC__)
  // libgcc's check also asks the OS (XGETBV) whether it saves the wide registers.
  __builtin_cpu_init();
#if defined(GDIST_CPU_HAVE_AVX512)
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw"))
    return CpuIsa::kAvx512;
#endif
#if defined(GDIST_CPU_HAVE_AVX2)
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return CpuIsa::kAvx2;
#endif
#endif
  return CpuIsa::kPortable;
}

CpuIsa ActiveCpuIsa() {
  CpuIsa best = DetectCpuIsa();
  const char* env = std::getenv("GDIST_CPU_ISA");
  if (env == nullptr) return best;
  CpuIsa asked = best;
  if (std::strcmp(env, "portable") == 0) asked = CpuIsa::kPortable;
  else if (std::strcmp(env, "avx2") == 0) asked = CpuIsa::kAvx2;
  else if (std::strcmp(env, "avx512") == 0) asked = CpuIsa::kAvx512;
  return std::min(asked, best);
}

namespace {

template <class T> cpu::TileKernels<T> KernelsFor(CpuIsa isa) {
  switch (std::min(isa, DetectCpuIsa())) {
#if defined(GDIST_CPU_HAVE_AVX512)
    case CpuIsa::kAvx512: return cpu::avx512::Kernels<T>();
#endif
#if defined(GDIST_CPU_HAVE_AVX2)
    case CpuIsa::kAvx2: return cpu::avx2::Kernels<T>();
#endif
    default: return cpu::portable::Kernels<T>();
  }
}

}  // namespace

template <class T> void CpuFloydWarshallIsa(T* d, std::size_t stride, int threads, CpuIsa isa) {
  constexpr std::size_t kB = cpu::kCpuTile;
  const cpu::TileKernels<T> k = KernelsFor<T>(isa);
  const std::size_t tiles = stride / kB;
  if (threads <= 0) threads = omp_get_max_threads();
  threads = static_cast<int>(std::min<std::size_t>(threads, std::max<std::size_t>(1, tiles * tiles)));
  auto tile = [&](std::size_t ti, std::size_t tj) { return d + ti * kB * stride + tj * kB; };
  const std::size_t others = tiles - 1;  // tiles per panel, and per side of the rest
#pragma omp parallel num_threads(threads)
  for (std::size_t r = 0; r < tiles; ++r) {
    T* diag = tile(r, r);
#pragma omp single
    k.close_diagonal(diag, stride);
    // Panels: row tile (r, j) <- D* (x) itself, column tile (j, r) <- itself (x) D*.
#pragma omp for schedule(dynamic)
    for (std::size_t t = 0; t < 2 * others; ++t) {
      std::size_t j = t / 2;
      j += j >= r;
      if (t % 2 == 0) k.min_plus(tile(r, j), diag, tile(r, j), stride);
      else k.min_plus(tile(j, r), tile(j, r), diag, stride);
    }
    // The rest: (i, j) <- min((i, j), (i, r) (x) (r, j)). Row-major order, so a
    // thread's consecutive tiles share the (i, r) operand.
#pragma omp for schedule(dynamic)
    for (std::size_t t = 0; t < others * others; ++t) {
      std::size_t i = t / others, j = t % others;
      i += i >= r;
      j += j >= r;
      k.min_plus(tile(i, j), tile(i, r), tile(r, j), stride);
    }
  }
}

template <class T> void CpuFloydWarshall(T* d, std::size_t stride, int threads) {
  CpuFloydWarshallIsa(d, stride, threads, ActiveCpuIsa());
}

#define GDIST_INSTANTIATE(T)                                          \
  template void CpuFloydWarshall<T>(T*, std::size_t, int);            \
  template void CpuFloydWarshallIsa<T>(T*, std::size_t, int, CpuIsa);
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(std::int64_t)
GDIST_INSTANTIATE(float)
#undef GDIST_INSTANTIATE

}  // namespace gdist
