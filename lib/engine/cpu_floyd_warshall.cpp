// Blocked Floyd-Warshall on the CPU (Venkataraman et al., "A blocked all-pairs
// shortest-paths algorithm", JEA 2003): per round r, close the diagonal tile,
// update its row and column panels, then every other tile with a min-plus
// product of two panel tiles. The tile operations come from kernels/cpu, one
// build per ISA picked at run time; threads take whole tiles.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <thread>
#include <vector>

#include "kernels/cpu/isa_avx2.hpp"
#include "kernels/cpu/isa_avx512.hpp"
#include "kernels/cpu/isa_portable.hpp"
#include "kernels/cpu/spin_barrier.hpp"
#include "kernels/cpu/tile_kernels.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/util/error.hpp"
#include "lib/util/interruption.hpp"

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
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  // libgcc's check also asks the OS (XGETBV) whether it saves the wide registers.
  __builtin_cpu_init();
#if defined(GDIST_CPU_HAVE_AVX512)
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512bw"))
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
  if (env == nullptr || *env == '\0') return best;  // empty: as if unset
  CpuIsa asked = best;
  if (std::strcmp(env, "portable") == 0) asked = CpuIsa::kPortable;
  else if (std::strcmp(env, "avx2") == 0) asked = CpuIsa::kAvx2;
  else if (std::strcmp(env, "avx512") == 0) asked = CpuIsa::kAvx512;
  else throw Error(std::string("GDIST_CPU_ISA: unknown value '") + env + "', expected portable, avx2 or avx512");
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

template <class T> cpu::TileKernels<T> ActiveCpuTileKernels() { return KernelsFor<T>(ActiveCpuIsa()); }

namespace {

// The in-core schedule on the size x size block at d (ld elements per row).
template <class T> void RunFloydWarshall(T* d, std::size_t size, std::size_t stride, int threads,
                                         const cpu::TileKernels<T>& k, const ProgressFn& progress = {}) {
  constexpr std::size_t kB = cpu::kCpuTile;
  const std::size_t tiles = size / kB;
  if (threads <= 0) threads = omp_get_max_threads();  // honours OMP_NUM_THREADS
  threads = static_cast<int>(std::min<std::size_t>(threads, std::max<std::size_t>(1, tiles * tiles)));
  auto tile = [&](std::size_t ti, std::size_t tj) { return d + ti * kB * stride + tj * kB; };
  const std::size_t others = tiles - 1;  // tiles per panel, and per side of the rest
  // The p-th tile index other than r, counting from r+1 upwards (wrapping).
  auto other = [&](std::size_t r, std::size_t p) { return (r + 1 + p) % tiles; };

  // Threads take tiles from one counter per phase and round (dynamic
  // scheduling) and meet at a barrier after each phase; the barrier spins
  // briefly and then sleeps, so that on a shared machine a waiting thread frees
  // its core for the one it waits for (kernels/cpu/spin_barrier.hpp).
  std::vector<std::atomic<std::size_t>> next(2 * tiles);
  cpu::SpinThenSleepBarrier sync;
  const auto t0 = std::chrono::steady_clock::now();
  // Called by the caller's thread after each round's last barrier: the others
  // start the next round meanwhile.
  auto report = [&](std::size_t rounds) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress(
        MakeProgress("cpu", "in-core", rounds, tiles, seconds, double(size) * double(size) * double(rounds * kB), 0));
  };
  auto worker = [&](bool caller) {
    std::vector<T> before(kB * kB);  // this thread's copy of a panel tile
    auto copy_tile = [&](const T* from) {
      for (std::size_t i = 0; i < kB; ++i) std::memcpy(&before[i * kB], from + i * stride, kB * sizeof(T));
    };
    for (std::size_t r = 0; r < tiles; ++r) {
      // Interrupted: this thread's remaining rounds only meet the barriers (interruption.hpp).
      const bool skip = InterruptionRequested();
      T* diag = tile(r, r);  // closed: before the rounds (r = 0) or during the previous one
      // Panels: row tile (r, j) <- D* (x) itself, column tile (j, r) <- itself
      // (x) D*, every sum from the tile as it was before the phase (a copy), as
      // on the GPU (kernels/cuda/minplus_tile_kernel.cuh): the same sums, so
      // float32 rounds the same on both backends (docs/RELIABILITY.md). In
      // place, the micro-kernel's blocking would decide which of them read
      // updated values.
      for (std::size_t t; !skip && (t = next[2 * r].fetch_add(1, std::memory_order_relaxed)) < 2 * others;) {
        const std::size_t j = other(r, t / 2);
        if (t % 2 == 0) {
          copy_tile(tile(r, j));
          k.min_plus_pitched(tile(r, j), stride, diag, stride, before.data(), kB);
        } else {
          copy_tile(tile(j, r));
          k.min_plus_pitched(tile(j, r), stride, before.data(), kB, diag, stride);
        }
      }
      sync.ArriveAndWait();
      // The rest: (i, j) <- min((i, j), (i, r) (x) (r, j)), rows from r+1 on, so
      // a thread's consecutive tiles share the (i, r) operand and the first
      // tile handed out is (r+1, r+1): its update is final for this round, so
      // that thread closes it at once for round r+1. This saves the serial
      // diagonal phase and one barrier per round.
      for (std::size_t t; !skip && (t = next[2 * r + 1].fetch_add(1, std::memory_order_relaxed)) < others * others;) {
        const std::size_t i = other(r, t / others), j = other(r, t % others);
        k.min_plus(tile(i, j), tile(i, r), tile(r, j), stride);
        if (t == 0 && r + 1 < tiles) k.close_diagonal(tile(i, j), stride);
      }
      sync.ArriveAndWait();
      if (caller && progress) report(r + 1);
    }
  };
  k.close_diagonal(tile(0, 0), stride);
  {
    // Helpers wait for `go` so that the barrier knows how many started.
    std::atomic<bool> go{false};
    std::vector<std::jthread> helpers;
    for (int h = 1; h < threads; ++h) {
      try {
        helpers.emplace_back([&] {
          go.wait(false, std::memory_order_acquire);
          worker(false);
        });
      } catch (const std::system_error&) {
        break;  // no thread to spare: run with those we have
      }
    }
    sync.SetParticipants(static_cast<int>(helpers.size()) + 1);
    go.store(true, std::memory_order_release);
    go.notify_all();
    worker(true);
  }  // jthreads join here
  ThrowIfInterrupted();
}

}  // namespace

template <class T>
void CpuFloydWarshallIsa(T* d, std::size_t stride, int threads, CpuIsa isa, const ProgressFn& progress) {
  RunFloydWarshall(d, stride, stride, threads, KernelsFor<T>(isa), progress);
}

template <class T> void CpuFloydWarshallBlock(T* d, std::size_t size, std::size_t ld, int threads) {
  RunFloydWarshall(d, size, ld, threads, KernelsFor<T>(ActiveCpuIsa()));
}

template <class T> void CpuFloydWarshall(T* d, std::size_t stride, int threads, const ProgressFn& progress) {
  RunFloydWarshall(d, stride, stride, threads, KernelsFor<T>(ActiveCpuIsa()), progress);
}

#define GDIST_INSTANTIATE(T)                                                             \
  template void CpuFloydWarshall<T>(T*, std::size_t, int, const ProgressFn&);            \
  template void CpuFloydWarshallIsa<T>(T*, std::size_t, int, CpuIsa, const ProgressFn&); \
  template void CpuFloydWarshallBlock<T>(T*, std::size_t, std::size_t, int);             \
  template cpu::TileKernels<T> ActiveCpuTileKernels<T>();
GDIST_INSTANTIATE(std::int16_t)
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(std::int64_t)
GDIST_INSTANTIATE(float)
GDIST_INSTANTIATE(double)
#undef GDIST_INSTANTIATE

}  // namespace gdist
