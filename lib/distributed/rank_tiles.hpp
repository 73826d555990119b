// The tile operations one rank of the distributed schedule runs on the tiles
// it owns, packed in a local matrix of lr x lc tiles (ld = lc * 128 elements
// per row): the same close-diagonal and min-plus tile operations as the
// in-core engines, on the CPU (cpu_rank_tiles.cpp, kernels/cpu) or on a GPU
// (gpu_rank_tiles.cu, kernels/cuda). The schedule (distributed_fw_with_mpi.cpp)
// calls these in the same order on either and moves the pivot tile and the
// panels between ranks with a PanelExchange (panel_exchange.hpp).
//
// Two lanes: the bulk update runs on the compute lane; the look-ahead's pivot
// work (closure, panel updates, panel export, and with NCCL the broadcasts)
// on the side lane. On the CPU both are the calling thread; on a GPU they are
// two streams, ordered by ForkSide / JoinSide, and nothing waits on the host
// unless the exchange needs host memory.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lib/distributed/process_grid.hpp"
#include "lib/metrics/row_reduction.hpp"

namespace gdist {

// Which local tiles an update covers: all but row skip_row and column
// skip_col (-1: none); part 0 all of those, part 1 only those in next_row or
// next_col, part 2 all but those.
struct RankTileMask {
  long skip_row = -1, skip_col = -1, next_row = -1, next_col = -1;
  int part = 0;
};

// One entry of a rank's adjacency: element offset in the packed local matrix.
template <class T> struct LocalEntry {
  std::uint64_t offset;
  T value;
};

template <class T> class RankTiles {
 public:
  virtual ~RankTiles() = default;
  virtual std::string name() const = 0;  // "cpu", "gpu 1 (NVIDIA H200)"
  virtual bool on_gpu() const = 0;
  // The side lane's CUDA stream (cudaStream_t) for an exchange that works on
  // device buffers; nullptr on the CPU.
  virtual void* side_stream() = 0;
  // Makes the engine's device current on the calling thread (another thread than its maker's).
  virtual void BindThread() = 0;

  // The buffers the exchange broadcasts: the closed pivot tile (128 x 128),
  // a tile row (128 x ld) and a packed tile column (lr*128 x 128), two slots
  // each. Device memory when the engine was made for a device exchange.
  virtual T* pivot() = 0;
  virtual T* row_panel(int slot) = 0;
  virtual T* column_panel(int slot) = 0;

  // host_local: lr*128 x ld, the packed tiles.
  virtual void Load(const T* host_local) = 0;
  virtual void Store(T* host_local) = 0;
  // The rank's tiles of an adjacency matrix with no arcs (INF, 0 on the
  // matrix's diagonal, the padding included), then the entries.
  virtual void Build(const std::vector<LocalEntry<T>>& entries) = 0;
  // Values above bound become INF (integral T: "INF + negative" sums).
  virtual void ClampAbove(T bound) = 0;

  virtual void ForkSide() = 0;  // the side lane starts after all compute work so far
  virtual void JoinSide() = 0;  // the compute lane waits for all side work so far
  // Side lane. Closes local tile (a, b), a diagonal tile of the matrix, into pivot().
  virtual void CloseDiagonal(std::size_t a, std::size_t b) = 0;
  // pivot() holds the round's closed pivot tile (the exchange brought it).
  virtual void PivotArrived() = 0;
  // Local tile row a <- pivot (x) itself; tile column b <- itself (x) pivot; skipping one tile.
  virtual void UpdateRowPanel(std::size_t a, long skip_b) = 0;
  virtual void UpdateColumnPanel(std::size_t b, long skip_a) = 0;
  // Tile row a into row_panel(slot), tile column b into column_panel(slot).
  virtual void ExportRow(std::size_t a, int slot) = 0;
  virtual void ExportColumn(std::size_t b, int slot) = 0;
  // Compute lane. The exchange has filled this slot's panels: later updates read them.
  virtual void UsePanels(int slot) = 0;
  // C(a, b) <- min(C, column(a) (x) row(b)) on the masked tiles; `poll` is
  // called from this thread now and then until the update is done when the
  // engine waits for it (a host exchange); a device engine may return at once.
  virtual void Update(const RankTileMask& mask, const std::function<void()>& poll) = 0;
  // Both lanes done (a device fault surfaces here).
  virtual void Finish() = 0;

  // Metrics over the rank's rows (a grid of one column: every local row is a
  // whole matrix row): pass 1 into summary[i] / centrality[i] for its global
  // rows i < n, pass 2 adds its rows' histogram counts into counts.
  virtual void MetricRows(std::size_t n, std::vector<SummaryRow>& summary, std::vector<CentralityRow>& centrality) = 0;
  virtual void MetricHistogram(std::size_t n, bool directed, const HistogramShape& shape,
                               std::vector<std::uint64_t>& counts) = 0;
};

// T: int16_t (an int32 matrix in 16 bits: INF16 for INF, and the metrics
// read the values as the int32 ones they stand for), int32_t, int64_t or float.
template <class T> std::unique_ptr<RankTiles<T>> MakeCpuRankTiles(const LocalTiles& tiles, int threads);
// GPU tiles on device local_rank % device count; T: int16_t, int32_t or float. With
// device_panels the panel buffers live in device memory (an exchange such as
// NCCL reads them there), else in pinned host memory. Throws gdist::Error
// without CUDA or a usable device.
template <class T>
std::unique_ptr<RankTiles<T>> MakeGpuRankTiles(const LocalTiles& tiles, int local_rank, bool device_panels);

}  // namespace gdist
