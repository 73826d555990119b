// C <- min(C, A (x) B) for whole blocks of tiles held in separate device
// buffers, each with its own row pitch: the block products of the out-of-core
// schedule (lib/engine/super_tile_schedule.hpp) and the panel updates of the
// distributed one. Built from the in-core engine's tile update (UpdateTileAt
// in minplus_tile_kernel.cuh), one launch per 128-wide slice k of A's
// columns / B's rows, so each launch is the in-core phase 3 on other buffers.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>

namespace gdist::cuda {

// Which C tiles a product updates (tile indices within C): all but skip_row /
// skip_col (-1: none), and of those: part 0 all, part 1 only the tiles in
// next_row or next_col, part 2 all but those.
struct TileMask {
  int skip_row = -1, skip_col = -1;
  int next_row = -1, next_col = -1;
  int part = 0;
};

// c: tile_rows x tile_cols tiles, a: tile_rows x depth_tiles, b: depth_tiles x
// tile_cols; ld: elements between rows. Where c aliases a or b (a panel
// update), the aliased operand's diagonal block must already be closed: reads
// then see real path lengths and the result is the same (tile_kernels.hpp).
// E: int32_t, float or int16_t (the distributed schedule's 16-bit tiles).
// Enqueued on stream; launch errors throw gdist::Error.
template <class E> void MinPlusBlocksOnDevice(E* c, std::size_t c_ld, const E* a, std::size_t a_ld, const E* b,
                                              std::size_t b_ld, int tile_rows, int tile_cols, int depth_tiles,
                                              const TileMask& mask, cudaStream_t stream);

}  // namespace gdist::cuda
