#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <type_traits>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/fw_device.cuh"
#include "kernels/cuda/minplus_blocks.cuh"
#include "lib/distributed/rank_tiles.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

constexpr std::size_t kB = 128;

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

// The rank's tiles live in device memory for the whole run; only the pivot
// tile and the panels cross PCIe each round (through host buffers, for MPI).
template <class T> class GpuRankTiles final : public RankTiles<T> {
 public:
  GpuRankTiles(std::size_t lr, std::size_t lc, int local_rank)
      : device_(PickDevice(local_rank)),
        lr_(lr),
        lc_(lc),
        ld_(lc * kB),
        local_(lr * kB * ld_),
        pivot_(kB * kB),
        row_(kB * ld_),
        column_(lr * kB * kB) {
    cudaDeviceProp prop{};
    GDIST_CUDA_CHECK(cudaGetDeviceProperties(&prop, device_));
    name_ = "gpu " + std::to_string(device_) + " (" + prop.name + ")";
  }
  std::string name() const override { return name_; }
  void Load(const T* host) override {
    cuda::HostRegistration pin(const_cast<T*>(host), Bytes(lr_ * kB * ld_));
    GDIST_CUDA_CHECK(cudaMemcpyAsync(local_.get(), host, Bytes(lr_ * kB * ld_), cudaMemcpyHostToDevice, s_.get()));
    Sync();
  }
  void Store(T* host) override {
    cuda::HostRegistration pin(host, Bytes(lr_ * kB * ld_));
    GDIST_CUDA_CHECK(cudaMemcpyAsync(host, local_.get(), Bytes(lr_ * kB * ld_), cudaMemcpyDeviceToHost, s_.get()));
    Sync();
  }
  void CloseDiagonal(std::size_t a, std::size_t b, T* out) override {
    T* t = Tile(a, b);
    cuda::FloydWarshallOnDeviceBlock(t, kB, ld_, s_.get());
    GDIST_CUDA_CHECK(cudaMemcpy2DAsync(out, Bytes(kB), t, Bytes(ld_), Bytes(kB), kB, cudaMemcpyDeviceToHost, s_.get()));
    Sync();
  }
  void SetPivot(const T* p) override {
    GDIST_CUDA_CHECK(cudaMemcpyAsync(pivot_.get(), p, Bytes(kB * kB), cudaMemcpyHostToDevice, s_.get()));
  }
  void UpdateRowPanel(std::size_t a, long skip_b) override {
    cuda::TileMask m;
    m.skip_col = int(skip_b);
    cuda::MinPlusBlocksOnDevice(Tile(a, 0), ld_, pivot_.get(), kB, Tile(a, 0), ld_, 1, int(lc_), 1, m, s_.get());
  }
  void UpdateColumnPanel(std::size_t b, long skip_a) override {
    cuda::TileMask m;
    m.skip_row = int(skip_a);
    cuda::MinPlusBlocksOnDevice(Tile(0, b), ld_, Tile(0, b), ld_, pivot_.get(), kB, int(lr_), 1, 1, m, s_.get());
  }
  void CopyRow(std::size_t a, T* dst) override {
    GDIST_CUDA_CHECK(cudaMemcpyAsync(dst, Tile(a, 0), Bytes(kB * ld_), cudaMemcpyDeviceToHost, s_.get()));
    Sync();
  }
  void CopyColumn(std::size_t b, T* dst) override {
    GDIST_CUDA_CHECK(cudaMemcpy2DAsync(dst, Bytes(kB), Tile(0, b), Bytes(ld_), Bytes(kB), lr_ * kB,
                                       cudaMemcpyDeviceToHost, s_.get()));
    Sync();
  }
  void SetPanels(const T* row, const T* column) override {
    GDIST_CUDA_CHECK(cudaMemcpyAsync(row_.get(), row, Bytes(kB * ld_), cudaMemcpyHostToDevice, s_.get()));
    GDIST_CUDA_CHECK(cudaMemcpyAsync(column_.get(), column, Bytes(lr_ * kB * kB), cudaMemcpyHostToDevice, s_.get()));
  }
  void Update(const RankTileMask& mask, const std::function<void()>& poll) override {
    cuda::TileMask m;
    m.skip_row = int(mask.skip_row);
    m.skip_col = int(mask.skip_col);
    m.next_row = int(mask.next_row);
    m.next_col = int(mask.next_col);
    m.part = mask.part;
    cuda::MinPlusBlocksOnDevice(local_.get(), ld_, column_.get(), kB, row_.get(), ld_, int(lr_), int(lc_), 1, m,
                                s_.get());
    // The host keeps MPI moving while the GPU works.
    for (;;) {
      const cudaError_t e = cudaStreamQuery(s_.get());
      if (e == cudaSuccess) break;
      if (e != cudaErrorNotReady) GDIST_CUDA_CHECK(e);
      if (poll) poll();
    }
  }

 private:
  static std::size_t Bytes(std::size_t count) { return count * sizeof(T); }
  T* Tile(std::size_t a, std::size_t b) { return local_.get() + a * kB * ld_ + b * kB; }
  void Sync() { GDIST_CUDA_CHECK(cudaStreamSynchronize(s_.get())); }

  int device_;
  std::size_t lr_, lc_, ld_;
  cuda::Stream s_;
  cuda::DeviceBuffer<T> local_, pivot_, row_, column_;
  std::string name_;
};

}  // namespace

template <class T> std::unique_ptr<RankTiles<T>> MakeGpuRankTiles(std::size_t lr, std::size_t lc, int local_rank) {
  if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float>) {
    return std::make_unique<GpuRankTiles<T>>(lr, lc, local_rank);
  } else {
    throw Error("distributed engine: the GPU kernels support int32 and float32 only");
  }
}
template std::unique_ptr<RankTiles<std::int32_t>> MakeGpuRankTiles(std::size_t, std::size_t, int);
template std::unique_ptr<RankTiles<std::int64_t>> MakeGpuRankTiles(std::size_t, std::size_t, int);
template std::unique_ptr<RankTiles<float>> MakeGpuRankTiles(std::size_t, std::size_t, int);

}  // namespace gdist
