// The two tile operations the CPU schedule needs, as plain function pointers
// so one schedule (lib/engine/cpu_floyd_warshall.cpp) drives every ISA build
// of them. A tile is kCpuTile x kCpuTile elements of a row-major matrix with
// `stride` elements per row.
#pragma once
#include <cstddef>

#include "lib/core/element_traits.hpp"

namespace gdist::cpu {

// Tile width of the CPU engine: kTile, so that tiles never straddle the
// padding; 3 int32 tiles (C, A, B = 192 KB) sit in a 1 MB L2 with room to spare.
inline constexpr std::size_t kCpuTile = kTile;

template <class T> struct TileKernels {
  // Floyd-Warshall inside one diagonal tile (pivot loop outermost).
  void (*close_diagonal)(T* d, std::size_t stride);
  // c <- min(c, a (x) b), the min-plus product of two tiles. Also correct when
  // c aliases a or b, provided the aliased operand's diagonal tile is already
  // closed (panel phase): values read early are still lengths of real paths
  // and never below the result, so the in-place result is just as tight.
  void (*min_plus)(T* c, const T* a, const T* b, std::size_t stride);
  // The same with a row pitch per tile (elements): the in-core panels read
  // their own tile from a copy (ld kCpuTile), as the GPU's panel kernel does.
  void (*min_plus_pitched)(T* c, std::size_t ldc, const T* a, std::size_t lda, const T* b, std::size_t ldb);
  const char* isa;
};

}  // namespace gdist::cpu
