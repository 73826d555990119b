// Blocked Floyd-Warshall on the CPU (Venkataraman et al., "A blocked all-pairs
// shortest-paths algorithm", JEA 2003): per round r, close the diagonal tile,
// update its row and column panels, then every other tile with a min-plus
// product of two panel tiles. Tiles of the padded matrix; OpenMP over tiles.
#include <omp.h>

#include <algorithm>

#include "lib/engine/cpu_backend.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist {
namespace {

constexpr std::size_t kB = 64;  // tile width: divides kTile, 3 int32 tiles fit in L1+L2

// C <- min(C, A (x) B) over kB x kB tiles, pivot loop outermost so that the
// same routine is correct when C aliases A or B (diagonal and panel phases).
template <class T>
inline void TileUpdate(T* c, const T* a, const T* b, std::size_t stride) {
  for (std::size_t k = 0; k < kB; ++k) {
    const T* bk = b + k * stride;
    for (std::size_t i = 0; i < kB; ++i) {
      const T aik = a[i * stride + k];
      T* ci = c + i * stride;
#pragma omp simd
      for (std::size_t j = 0; j < kB; ++j) ci[j] = std::min(ci[j], aik + bk[j]);
    }
  }
}

// Phase 3 order: C never aliases A or B, so i can be outermost (C row stays hot).
template <class T>
inline void TileUpdateIndependent(T* c, const T* a, const T* b, std::size_t stride) {
  for (std::size_t i = 0; i < kB; ++i) {
    T* ci = c + i * stride;
    T acc[kB];
    std::copy(ci, ci + kB, acc);
    for (std::size_t k = 0; k < kB; ++k) {
      const T aik = a[i * stride + k];
      const T* bk = b + k * stride;
#pragma omp simd
      for (std::size_t j = 0; j < kB; ++j) acc[j] = std::min(acc[j], aik + bk[j]);
    }
    std::copy(acc, acc + kB, ci);
  }
}

}  // namespace

template <class T> void CpuFloydWarshall(T* d, std::size_t stride, int threads) {
  const std::size_t tiles = stride / kB;
  if (threads <= 0) threads = omp_get_max_threads();
  auto tile = [&](std::size_t ti, std::size_t tj) { return d + ti * kB * stride + tj * kB; };
#pragma omp parallel num_threads(threads)
  for (std::size_t r = 0; r < tiles; ++r) {
    T* diag = tile(r, r);
#pragma omp single
    TileUpdate(diag, diag, diag, stride);
    // implicit barrier after single
#pragma omp for schedule(dynamic)
    for (std::size_t t = 0; t < 2 * tiles; ++t) {
      std::size_t j = t / 2;
      if (j == r) continue;
      if (t % 2 == 0) {
        T* rowp = tile(r, j);
        TileUpdate(rowp, diag, rowp, stride);
      } else {
        T* colp = tile(j, r);
        TileUpdate(colp, colp, diag, stride);
      }
    }
#pragma omp for collapse(2) schedule(dynamic)
    for (std::size_t i = 0; i < tiles; ++i)
      for (std::size_t j = 0; j < tiles; ++j) {
        if (i == r || j == r) continue;
        TileUpdateIndependent(tile(i, j), tile(i, r), tile(r, j), stride);
      }
  }
}

template void CpuFloydWarshall<std::int32_t>(std::int32_t*, std::size_t, int);
template void CpuFloydWarshall<std::int64_t>(std::int64_t*, std::size_t, int);
template void CpuFloydWarshall<float>(float*, std::size_t, int);

}  // namespace gdist
