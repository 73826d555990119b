// The super-tile schedule shared by the out-of-core engines (CPU: super-tiles
// of the mmapped matrix through a bounded working set; GPU: super-tiles of the
// pinned host matrix through device memory). Pure host logic, tested on its own.
//
// Blocked Floyd-Warshall one level up: the padded matrix is cut into blocks of
// `side` rows/columns (the last one may be shorter; every extent is a multiple
// of kTile), and super-round R is the textbook round on blocks: close (R,R),
// update its row and column panels with it, then every other block with the
// product of its two panel blocks. Each step is a min-plus product of blocks,
// which the engines carry out with the same tile operations as the in-core
// schedules (close a diagonal tile, min-plus a tile), so the results are the
// same distances.
#pragma once
#include <cstddef>
#include <vector>

namespace gdist {

struct BlockId {
  std::size_t i = 0, j = 0;
  // Written out: nvcc compiles this header as C++17 (no defaulted ==).
  bool operator==(const BlockId& o) const { return i == o.i && j == o.j; }
};

enum class SuperOp {
  kClose,        // c: Floyd-Warshall inside the diagonal block (R,R)
  kRowPanel,     // c = (R,j) <- min(c, (R,R) (x) c)            (b aliases c)
  kColumnPanel,  // c = (i,R) <- min(c, c (x) (R,R))            (a aliases c)
  kRest,         // c = (i,j) <- min(c, (i,R) (x) (R,j))
};

struct SuperStep {
  SuperOp op = SuperOp::kClose;
  BlockId c, a, b;  // a, b: the operands (equal to c where the op says so)
};

class SuperTileGrid {
 public:
  // stride: the padded matrix side; side: the block side (a positive multiple
  // of kTile; clamped to stride). Throws gdist::Error otherwise.
  SuperTileGrid(std::size_t stride, std::size_t side);
  std::size_t stride() const { return stride_; }
  std::size_t side() const { return side_; }
  std::size_t blocks() const { return blocks_; }
  std::size_t begin(std::size_t b) const { return b * side_; }
  std::size_t extent(std::size_t b) const;

 private:
  std::size_t stride_, side_, blocks_;
};

// The steps of super-round `round` in execution order: the closure, the row
// panel, then row by row the column-panel block (i,R) followed by the rest of
// row i, so that (i,R) is used while it is still resident.
std::vector<SuperStep> SuperRoundSteps(std::size_t blocks, std::size_t round);

// The largest block side (a multiple of kTile, at most stride rounded to
// kTile, at least kTile) for which `slots` blocks of element_bytes elements fit
// in budget_bytes.
std::size_t SuperTileSideFor(std::size_t stride, std::size_t element_bytes, std::size_t budget_bytes, int slots);

}  // namespace gdist
