// Round r of the GPU schedule, serialised (the look-ahead's side stream only
// reorders independent tiles: kernels/cuda/fw_lookahead.cuh):
//  1. CloseDiagonalKernel: Floyd-Warshall in tile (r,r), pivot outermost; row
//     and column k do not change in step k, so in place equals a snapshot.
//  2. the panels: tile (r,j) <- min(itself, (r,r) (x) itself) and (j,r) <-
//     min(itself, itself (x) (r,r)), every sum from the panel tile as it was
//     before the phase (the kernel reads all of A and B before it stores C).
//  3. every other tile: (i,j) <- min(itself, (i,r) (x) (r,j)).
// min is exact, so only which sums are formed matters, not their order.
#include "lib/testing/fw_device_twin.hpp"

#include <vector>

#include "lib/core/element_traits.hpp"

namespace gdist {

namespace {

constexpr std::size_t kB = kTile;

void CloseDiagonal(float* t, std::size_t stride) {
  for (std::size_t k = 0; k < kB; ++k)
    for (std::size_t i = 0; i < kB; ++i) {
      const float a = t[i * stride + k];
      for (std::size_t j = 0; j < kB; ++j) {
        const float v = a + t[k * stride + j];
        if (v < t[i * stride + j]) t[i * stride + j] = v;
      }
    }
}

// c <- min(c, a (x) b); a and b have their own row pitches (the panel copy).
void MinPlus(float* c, std::size_t ldc, const float* a, std::size_t lda, const float* b, std::size_t ldb) {
  for (std::size_t i = 0; i < kB; ++i)
    for (std::size_t k = 0; k < kB; ++k) {
      const float x = a[i * lda + k];
      for (std::size_t j = 0; j < kB; ++j) {
        const float v = x + b[k * ldb + j];
        if (v < c[i * ldc + j]) c[i * ldc + j] = v;
      }
    }
}

void CopyTile(const float* from, std::size_t stride, float* to) {
  for (std::size_t i = 0; i < kB; ++i)
    for (std::size_t j = 0; j < kB; ++j) to[i * kB + j] = from[i * stride + j];
}

}  // namespace

void FloydWarshallOnDeviceTwin(float* d, std::size_t stride) {
  const std::size_t tiles = stride / kB;
  auto tile = [&](std::size_t ti, std::size_t tj) { return d + ti * kB * stride + tj * kB; };
  std::vector<float> before(kB * kB);  // a panel tile as the phase found it
  for (std::size_t r = 0; r < tiles; ++r) {
    CloseDiagonal(tile(r, r), stride);
    for (std::size_t j = 0; j < tiles; ++j) {
      if (j == r) continue;
      CopyTile(tile(r, j), stride, before.data());
      MinPlus(tile(r, j), stride, tile(r, r), stride, before.data(), kB);
      CopyTile(tile(j, r), stride, before.data());
      MinPlus(tile(j, r), stride, before.data(), kB, tile(r, r), stride);
    }
    for (std::size_t i = 0; i < tiles; ++i)
      for (std::size_t j = 0; j < tiles; ++j)
        if (i != r && j != r) MinPlus(tile(i, j), stride, tile(i, r), stride, tile(r, j), stride);
  }
}

}  // namespace gdist
