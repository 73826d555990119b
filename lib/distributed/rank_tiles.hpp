// The tile operations one rank of the distributed schedule runs on the tiles
// it owns, packed in a local matrix of lr x lc tiles (ld = lc * 128 elements
// per row): the same close-diagonal and min-plus tile operations as the
// in-core engines, on the CPU (cpu_rank_tiles.cpp, kernels/cpu) or on a GPU
// (gpu_rank_tiles.cu, kernels/cuda). The MPI schedule
// (distributed_fw_with_mpi.cpp) moves panels between ranks through host
// buffers and calls these in the same order on either.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

namespace gdist {

// Which local tiles an update covers: all but row skip_row and column
// skip_col (-1: none); part 0 all of those, part 1 only those in next_row or
// next_col, part 2 all but those.
struct RankTileMask {
  long skip_row = -1, skip_col = -1, next_row = -1, next_col = -1;
  int part = 0;
};

template <class T> class RankTiles {
 public:
  virtual ~RankTiles() = default;
  virtual std::string name() const = 0;  // "cpu", "gpu 1 (NVIDIA H200)"
  // host_local: lr*128 x ld, the packed tiles.
  virtual void Load(const T* host_local) = 0;
  virtual void Store(T* host_local) = 0;
  // Closes local tile (a, b) (a diagonal tile of the matrix); out: its 128 x 128 values.
  virtual void CloseDiagonal(std::size_t a, std::size_t b, T* out) = 0;
  // The closed pivot tile (128 x 128) for the panel updates that follow.
  virtual void SetPivot(const T* pivot) = 0;
  // Local tile row a <- pivot (x) itself; tile column b <- itself (x) pivot; skipping one tile.
  virtual void UpdateRowPanel(std::size_t a, long skip_b) = 0;
  virtual void UpdateColumnPanel(std::size_t b, long skip_a) = 0;
  // Local tile row a (128 x ld) / tile column b (lr*128 x 128, packed) into host memory.
  virtual void CopyRow(std::size_t a, T* dst) = 0;
  virtual void CopyColumn(std::size_t b, T* dst) = 0;
  // The round's panels (row: 128 x ld, column: lr*128 x 128, host) for the next updates.
  virtual void SetPanels(const T* row, const T* column) = 0;
  // C(a, b) <- min(C, column(a) (x) row(b)) on the masked tiles; `poll` is
  // called from this thread now and then until the update is done.
  virtual void Update(const RankTileMask& mask, const std::function<void()>& poll) = 0;
};

template <class T> std::unique_ptr<RankTiles<T>> MakeCpuRankTiles(std::size_t lr, std::size_t lc, int threads);
// GPU tiles on device local_rank % device count; T: int32_t or float. Throws
// gdist::Error without CUDA or a usable device.
template <class T> std::unique_ptr<RankTiles<T>> MakeGpuRankTiles(std::size_t lr, std::size_t lc, int local_rank);

}  // namespace gdist
