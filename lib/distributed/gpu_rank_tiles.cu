#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/fw_device.cuh"
#include "kernels/cuda/minplus_blocks.cuh"
#include "lib/core/element_traits.hpp"
#include "lib/distributed/rank_tiles.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/metrics/metrics_gpu.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

constexpr std::size_t kB = kTile;  // the tile of every engine

int PickDevice(int local_rank) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    cudaGetLastError();
    throw Error("distributed engine: this rank asked for a GPU and finds none");
  }
  const int device = local_rank % count;  // one rank per GPU of its host
  GDIST_CUDA_CHECK(cudaSetDevice(device));
  return device;
}

// The grid geometry a kernel needs to find the matrix's diagonal in a rank's tiles.
struct Geometry {
  unsigned grid_rows, grid_cols, pr, pc;
  __device__ std::size_t global_row(std::size_t li) const { return ((li / kB) * grid_rows + pr) * kB + li % kB; }
  __device__ std::size_t global_col(std::size_t lj) const { return ((lj / kB) * grid_cols + pc) * kB + lj % kB; }
};

template <class T> __global__ void FillEmpty(T* d, std::size_t rows, std::size_t ld, Geometry g) {
  const std::size_t count = rows * ld;
  for (std::size_t e = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; e < count;
       e += std::size_t(gridDim.x) * blockDim.x) {
    const std::size_t li = e / ld, lj = e % ld;
    d[e] = g.global_row(li) == g.global_col(lj) ? T(0) : ElementTraits<T>::kInf;
  }
}

template <class T> __global__ void Scatter(T* d, const LocalEntry<T>* entries, std::size_t count) {
  const std::size_t e = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (e < count) d[entries[e].offset] = entries[e].value;
}

template <class T> __global__ void Clamp(T* d, std::size_t count, T bound) {
  for (std::size_t e = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; e < count;
       e += std::size_t(gridDim.x) * blockDim.x)
    if (d[e] > bound) d[e] = ElementTraits<T>::kInf;
}

// The rank's tiles live in device memory for the whole run. The bulk update
// runs on the compute stream, the look-ahead's pivot work on the side stream;
// events order the two. With device panels (NCCL) nothing waits on the host;
// with host panels (MPI) the closed pivot and the exported panels are copied
// to pinned host buffers and waited for, and received panels copied back.
template <class T> class GpuRankTiles final : public RankTiles<T> {
 public:
  GpuRankTiles(const LocalTiles& tiles, int local_rank, bool device_panels)
      : device_(PickDevice(local_rank)),
        tiles_(tiles),
        lr_(tiles.local_rows()),
        lc_(tiles.local_cols()),
        ld_(lc_ * kB),
        device_panels_(device_panels),
        side_(cuda::Stream::HighestPriority()),  // its small kernels go before the bulk update's blocks
        local_(lr_ * kB * ld_),
        pivot_(kB * kB),
        row_{cuda::DeviceBuffer<T>(kB * ld_), cuda::DeviceBuffer<T>(kB * ld_)},
        column_{cuda::DeviceBuffer<T>(lr_ * kB * kB), cuda::DeviceBuffer<T>(lr_ * kB * kB)},
        host_(device_panels ? 0 : Bytes(kB * kB + 2 * kB * ld_ + 2 * lr_ * kB * kB)) {
    cudaDeviceProp prop{};
    GDIST_CUDA_CHECK(cudaGetDeviceProperties(&prop, device_));
    name_ = "gpu " + std::to_string(device_) + " (" + prop.name + ")";
    if (!device_panels_) {
      T* h = static_cast<T*>(host_.get());
      host_pivot_ = h;
      host_row_[0] = h + kB * kB;
      host_row_[1] = host_row_[0] + kB * ld_;
      host_column_[0] = host_row_[1] + kB * ld_;
      host_column_[1] = host_column_[0] + lr_ * kB * kB;
    }
  }
  std::string name() const override { return name_; }
  bool on_gpu() const override { return true; }
  void* side_stream() override { return side_.get(); }
  void BindThread() override { GDIST_CUDA_CHECK(cudaSetDevice(device_)); }
  T* pivot() override { return device_panels_ ? pivot_.get() : host_pivot_; }
  T* row_panel(int slot) override { return device_panels_ ? row_[slot].get() : host_row_[slot]; }
  T* column_panel(int slot) override { return device_panels_ ? column_[slot].get() : host_column_[slot]; }

  void Load(const T* host) override {
    cuda::HostRegistration pin(const_cast<T*>(host), Bytes(lr_ * kB * ld_));
    GDIST_CUDA_CHECK(cudaMemcpyAsync(local_.get(), host, Bytes(lr_ * kB * ld_), cudaMemcpyHostToDevice, s_.get()));
    Sync(s_);
  }
  void Store(T* host) override {
    Finish();
    cuda::HostRegistration pin(host, Bytes(lr_ * kB * ld_));
    GDIST_CUDA_CHECK(cudaMemcpyAsync(host, local_.get(), Bytes(lr_ * kB * ld_), cudaMemcpyDeviceToHost, s_.get()));
    Sync(s_);
  }
  void Build(const std::vector<LocalEntry<T>>& entries) override {
    const Geometry g{unsigned(tiles_.grid.rows), unsigned(tiles_.grid.cols), unsigned(tiles_.pr), unsigned(tiles_.pc)};
    FillEmpty<T><<<4096, 256, 0, s_.get()>>>(local_.get(), lr_ * kB, ld_, g);
    GDIST_CUDA_CHECK_LAUNCH("FillEmpty");
    if (!entries.empty()) {
      cuda::DeviceBuffer<LocalEntry<T>> dev(entries.size());
      GDIST_CUDA_CHECK(cudaMemcpyAsync(dev.get(), entries.data(), dev.bytes(), cudaMemcpyHostToDevice, s_.get()));
      Scatter<T><<<unsigned((entries.size() + 255) / 256), 256, 0, s_.get()>>>(local_.get(), dev.get(), entries.size());
      GDIST_CUDA_CHECK_LAUNCH("Scatter");
      Sync(s_);  // before dev is freed
    }
  }
  void ClampAbove(T bound) override {
    Clamp<T><<<4096, 256, 0, s_.get()>>>(local_.get(), lr_ * kB * ld_, bound);
    GDIST_CUDA_CHECK_LAUNCH("Clamp");
  }

  void ForkSide() override { Order(side_, s_); }
  void JoinSide() override { Order(s_, side_); }
  void CloseDiagonal(std::size_t a, std::size_t b) override {
    T* t = Tile(a, b);
    cuda::FloydWarshallOnDeviceBlock(t, kB, ld_, side_.get());
    GDIST_CUDA_CHECK(cudaMemcpy2DAsync(pivot_.get(), Bytes(kB), t, Bytes(ld_), Bytes(kB), kB, cudaMemcpyDeviceToDevice,
                                       side_.get()));
    if (!device_panels_) {
      GDIST_CUDA_CHECK(cudaMemcpyAsync(host_pivot_, pivot_.get(), Bytes(kB * kB), cudaMemcpyDeviceToHost, side_.get()));
      Sync(side_);
    }
  }
  void PivotArrived() override {
    if (!device_panels_)
      GDIST_CUDA_CHECK(cudaMemcpyAsync(pivot_.get(), host_pivot_, Bytes(kB * kB), cudaMemcpyHostToDevice, side_.get()));
  }
  void UpdateRowPanel(std::size_t a, long skip_b) override {
    cuda::TileMask m;
    m.skip_col = int(skip_b);
    cuda::MinPlusBlocksOnDevice(Tile(a, 0), ld_, pivot_.get(), kB, Tile(a, 0), ld_, 1, int(lc_), 1, m, side_.get());
  }
  void UpdateColumnPanel(std::size_t b, long skip_a) override {
    cuda::TileMask m;
    m.skip_row = int(skip_a);
    cuda::MinPlusBlocksOnDevice(Tile(0, b), ld_, Tile(0, b), ld_, pivot_.get(), kB, int(lr_), 1, 1, m, side_.get());
  }
  void ExportRow(std::size_t a, int slot) override {
    GDIST_CUDA_CHECK(
        cudaMemcpyAsync(row_[slot].get(), Tile(a, 0), Bytes(kB * ld_), cudaMemcpyDeviceToDevice, side_.get()));
    if (!device_panels_) {
      GDIST_CUDA_CHECK(
          cudaMemcpyAsync(host_row_[slot], row_[slot].get(), Bytes(kB * ld_), cudaMemcpyDeviceToHost, side_.get()));
      Sync(side_);
    }
  }
  void ExportColumn(std::size_t b, int slot) override {
    GDIST_CUDA_CHECK(cudaMemcpy2DAsync(column_[slot].get(), Bytes(kB), Tile(0, b), Bytes(ld_), Bytes(kB), lr_ * kB,
                                       cudaMemcpyDeviceToDevice, side_.get()));
    if (!device_panels_) {
      GDIST_CUDA_CHECK(cudaMemcpyAsync(host_column_[slot], column_[slot].get(), Bytes(lr_ * kB * kB),
                                       cudaMemcpyDeviceToHost, side_.get()));
      Sync(side_);
    }
  }
  void UsePanels(int slot) override {
    slot_ = slot;
    if (!device_panels_) {
      GDIST_CUDA_CHECK(
          cudaMemcpyAsync(row_[slot].get(), host_row_[slot], Bytes(kB * ld_), cudaMemcpyHostToDevice, s_.get()));
      GDIST_CUDA_CHECK(cudaMemcpyAsync(column_[slot].get(), host_column_[slot], Bytes(lr_ * kB * kB),
                                       cudaMemcpyHostToDevice, s_.get()));
    }
  }
  void Update(const RankTileMask& mask, const std::function<void()>& poll) override {
    const T* row = row_[slot_].get();
    const T* column = column_[slot_].get();
    if (mask.part == 1) {
      // Only tile row next_row and tile column next_col: two thin products
      // instead of a full grid of blocks that mostly return at once.
      if (mask.next_row >= 0 && mask.next_row != mask.skip_row) {
        cuda::TileMask m;
        m.skip_col = int(mask.skip_col);
        cuda::MinPlusBlocksOnDevice(Tile(mask.next_row, 0), ld_, column + mask.next_row * kB * kB, kB, row, ld_, 1,
                                    int(lc_), 1, m, s_.get());
      }
      if (mask.next_col >= 0 && mask.next_col != mask.skip_col) {
        cuda::TileMask m;
        m.skip_row = int(mask.skip_row);
        m.next_row = int(mask.next_row);  // done by the row product above
        m.part = 2;
        cuda::MinPlusBlocksOnDevice(Tile(0, mask.next_col), ld_, column, kB, row + mask.next_col * kB, ld_, int(lr_), 1,
                                    1, m, s_.get());
      }
    } else {
      cuda::TileMask m;
      m.skip_row = int(mask.skip_row);
      m.skip_col = int(mask.skip_col);
      m.next_row = int(mask.next_row);
      m.next_col = int(mask.next_col);
      m.part = mask.part;
      cuda::MinPlusBlocksOnDevice(local_.get(), ld_, column, kB, row, ld_, int(lr_), int(lc_), 1, m, s_.get());
    }
    if (device_panels_) return;  // stream order is enough; the host runs ahead
    // The host keeps MPI moving while the GPU works.
    for (;;) {
      const cudaError_t e = cudaStreamQuery(s_.get());
      if (e == cudaSuccess) break;
      if (e != cudaErrorNotReady) GDIST_CUDA_CHECK(e);
      if (poll) poll();
    }
  }
  void Finish() override {
    Sync(side_);
    Sync(s_);
  }

  void MetricRows(std::size_t n, std::vector<SummaryRow>& summary, std::vector<CentralityRow>& centrality) override {
    cuda::DeviceBuffer<SummaryRow> dev_summary(n);
    cuda::DeviceBuffer<CentralityRow> dev_centrality(n);
    ForEachRowBlock(n, [&](const T* rows, std::size_t first, std::size_t count) {
      RowPassOnDevice(MetricRows(rows), ld_, n, first, count, dev_summary.get(), dev_centrality.get(), s_.get());
    });
    // Copy back only this rank's rows: the others' entries stay as the caller has them.
    std::vector<SummaryRow> s(n);
    std::vector<CentralityRow> c(n);
    GDIST_CUDA_CHECK(
        cudaMemcpyAsync(s.data(), dev_summary.get(), dev_summary.bytes(), cudaMemcpyDeviceToHost, s_.get()));
    GDIST_CUDA_CHECK(
        cudaMemcpyAsync(c.data(), dev_centrality.get(), dev_centrality.bytes(), cudaMemcpyDeviceToHost, s_.get()));
    Sync(s_);
    ForEachRowBlock(n, [&](const T*, std::size_t first, std::size_t count) {
      for (std::size_t i = first; i < first + count; ++i) {
        summary[i] = s[i];
        centrality[i] = c[i];
      }
    });
  }
  void MetricHistogram(std::size_t n, bool directed, const HistogramShape& shape,
                       std::vector<std::uint64_t>& counts) override {
    if (shape.bins == 0) return;
    cuda::DeviceBuffer<unsigned long long> dev(shape.bins);
    GDIST_CUDA_CHECK(cudaMemsetAsync(dev.get(), 0, dev.bytes(), s_.get()));
    ForEachRowBlock(n, [&](const T* rows, std::size_t first, std::size_t count) {
      HistogramOnDevice(MetricRows(rows), ld_, n, first, count, directed, shape, dev.get(), s_.get());
    });
    std::vector<unsigned long long> host(shape.bins);
    GDIST_CUDA_CHECK(cudaMemcpyAsync(host.data(), dev.get(), dev.bytes(), cudaMemcpyDeviceToHost, s_.get()));
    Sync(s_);
    for (std::size_t b = 0; b < shape.bins; ++b) counts[b] += host[b];
  }

 private:
  // The metrics read int16 tiles as the int32 matrix they stand for (INF16: unreachable).
  using M = std::conditional_t<std::is_same_v<T, std::int16_t>, std::int32_t, T>;
  // A block of kB local rows for the metric kernels: itself, or widened (on
  // s_, where the kernels run) into wide_, a block of int32 rows.
  const M* MetricRows(const T* rows) {
    if constexpr (std::is_same_v<M, T>) {
      return rows;
    } else {
      if (!wide_) wide_ = std::make_unique<cuda::DeviceBuffer<M>>(kB * ld_);
      cuda::WidenFromInt16(rows, wide_->get(), kB * ld_, s_.get());
      return wide_->get();
    }
  }
  static std::size_t Bytes(std::size_t count) { return count * sizeof(T); }
  T* Tile(std::size_t a, std::size_t b) { return local_.get() + a * kB * ld_ + b * kB; }
  static void Sync(const cuda::Stream& s) { GDIST_CUDA_CHECK(cudaStreamSynchronize(s.get())); }
  // `later` waits for everything enqueued on `earlier` so far.
  void Order(const cuda::Stream& later, const cuda::Stream& earlier) {
    GDIST_CUDA_CHECK(cudaEventRecord(order_.get(), earlier.get()));
    GDIST_CUDA_CHECK(cudaStreamWaitEvent(later.get(), order_.get(), 0));
  }
  // Each local tile row: 128 whole matrix rows (a grid of one column), cut at n.
  template <class F> void ForEachRowBlock(std::size_t n, F&& f) {
    for (std::size_t a = 0; a < lr_; ++a) {
      const std::size_t first = tiles_.global_row(a) * kB;
      if (first >= n) continue;
      f(local_.get() + a * kB * ld_, first, std::min(kB, n - first));
    }
  }

  int device_;
  LocalTiles tiles_;
  std::size_t lr_, lc_, ld_;
  bool device_panels_;
  cuda::Stream s_, side_;
  cuda::Event order_;
  cuda::DeviceBuffer<T> local_, pivot_;
  cuda::DeviceBuffer<T> row_[2], column_[2];
  cuda::PinnedHostBuffer host_;
  std::unique_ptr<cuda::DeviceBuffer<M>> wide_;  // MetricRows' widened block (int16 tiles)
  T* host_pivot_ = nullptr;
  T* host_row_[2] = {nullptr, nullptr};
  T* host_column_[2] = {nullptr, nullptr};
  int slot_ = 0;
  std::string name_;
};

}  // namespace

template <class T>
std::unique_ptr<RankTiles<T>> MakeGpuRankTiles(const LocalTiles& tiles, int local_rank, bool device_panels) {
  if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float> || std::is_same_v<T, std::int16_t>) {
    return std::make_unique<GpuRankTiles<T>>(tiles, local_rank, device_panels);
  } else {
    throw Error("distributed engine: the GPU kernels support int16 (16-bit mode), int32 and float32 only");
  }
}
template std::unique_ptr<RankTiles<std::int16_t>> MakeGpuRankTiles(const LocalTiles&, int, bool);
template std::unique_ptr<RankTiles<std::int32_t>> MakeGpuRankTiles(const LocalTiles&, int, bool);
template std::unique_ptr<RankTiles<std::int64_t>> MakeGpuRankTiles(const LocalTiles&, int, bool);
template std::unique_ptr<RankTiles<float>> MakeGpuRankTiles(const LocalTiles&, int, bool);

}  // namespace gdist
