// UploadSitingCosts: the siting problem's costs onto the GPU (layout in
// lib/siting/siting_device.hpp).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

#include "kernels/cuda/cuda_check.cuh"
#include "lib/siting/siting_device.cuh"
#include "lib/siting/siting_device.hpp"
#include "lib/util/phase_timer.hpp"

namespace gdist {

namespace {

// Copies in pieces; the source may be an mmapped file whose pages fault in as
// we go. Pageable sources are staged by the driver through its own buffers.
void CopyToDevice(void* dst, const void* src, std::size_t bytes) {
  constexpr std::size_t kPiece = std::size_t{256} << 20;
  for (std::size_t off = 0; off < bytes; off += kPiece)
    GDIST_CUDA_CHECK(cudaMemcpy(static_cast<unsigned char*>(dst) + off, static_cast<const unsigned char*>(src) + off,
                                std::min(kPiece, bytes - off), cudaMemcpyHostToDevice));
}

// out[u][k] = cost of demand u for candidate k. When demands are columns the
// reads are strided; it runs once per problem, so no tiling.
template <class T> __global__ void GatherCostsKernel(const T* d, std::size_t stride, bool rows_are_demands,
                                                     const std::uint32_t* demand, const std::uint32_t* cand,
                                                     std::uint32_t nd, std::uint32_t m, T* out,
                                                     std::size_t out_stride) {
  const std::uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= m) return;
  const std::size_t cv = cand ? cand[k] : k;
  for (std::uint32_t u = blockIdx.y; u < nd; u += gridDim.y) {
    const std::size_t dv = demand[u];
    out[u * out_stride + k] = rows_are_demands ? d[dv * stride + cv] : d[cv * stride + dv];
  }
}

// The matrix copy: page-locked in place first (read-only registration works
// on a read-only file mapping too) so the DMA runs at PCIe speed; when the
// driver refuses, a pageable copy. On the H100 host, 4.29 GB from the page
// cache: register 0.12 s + copy 0.08 s, against 0.49 s pageable.
void CopyMatrix(void* dst, const void* src, std::size_t bytes) {
  StepLog log("gpu siting");
  cuda::HostRegistration pin(const_cast<void*>(src), bytes, cudaHostRegisterReadOnly);
  log.Step(pin.pinned() ? "cudaHostRegister (upload)" : "cudaHostRegister (refused)");
  CopyToDevice(dst, src, bytes);
  log.Step("copy to device", static_cast<double>(bytes));
}

template <class T> std::shared_ptr<const SitingDevice> Upload(const SitingCostLayout& L) {
  const std::size_t matrix_bytes = L.n * L.stride * sizeof(T);
  std::vector<std::uint32_t> rows(L.demand, L.demand + L.nd);
  if (L.direct()) {
    auto dev = std::make_shared<SitingDevice>(L.type, L.n, L.stride, L.m, L.nd);
    CopyMatrix(dev->costs.get(), L.matrix, matrix_bytes);
    CopyToDevice(dev->demand_row.get(), rows.data(), rows.size() * sizeof(std::uint32_t));
    return dev;
  }
  cuda::DeviceBuffer<T> full(L.n * L.stride);
  CopyMatrix(full.get(), L.matrix, matrix_bytes);
  cuda::DeviceBuffer<std::uint32_t> demand(L.nd), cand(L.cand ? L.m : 0);
  CopyToDevice(demand.get(), L.demand, L.nd * sizeof(std::uint32_t));
  if (L.cand) CopyToDevice(cand.get(), L.cand, L.m * sizeof(std::uint32_t));
  const std::size_t out_stride = GatheredRowStride(L.m);
  auto dev = std::make_shared<SitingDevice>(L.type, L.nd, out_stride, L.m, L.nd);
  const dim3 block(256),
      grid(static_cast<unsigned>((L.m + 255) / 256), static_cast<unsigned>(std::min<std::size_t>(L.nd, 4096)));
  if (L.m > 0 && L.nd > 0) {
    GatherCostsKernel<T><<<grid, block>>>(full.get(), L.stride, L.rows_are_demands, demand.get(),
                                          L.cand ? cand.get() : nullptr, static_cast<std::uint32_t>(L.nd),
                                          static_cast<std::uint32_t>(L.m), reinterpret_cast<T*>(dev->costs.get()),
                                          out_stride);
    GDIST_CUDA_CHECK_LAUNCH("GatherCostsKernel");
  }
  std::iota(rows.begin(), rows.end(), 0u);
  CopyToDevice(dev->demand_row.get(), rows.data(), rows.size() * sizeof(std::uint32_t));
  GDIST_CUDA_CHECK(cudaDeviceSynchronize());
  return dev;
}

constexpr int kRangeThreads = 256;
constexpr int kRangeBlocks = 528;

// Per block: the largest finite cost and whether an unreachable one was seen.
template <class T> __global__ void __launch_bounds__(kRangeThreads)
    CostRangeKernel(const T* costs, std::size_t row_stride, const std::uint32_t* demand_row, std::uint32_t nd,
                    std::uint32_t m, double* block_max, int* block_unreachable) {
  double mx = -INFINITY;
  int unreachable = 0;
  for (std::uint32_t u = blockIdx.x; u < nd; u += gridDim.x) {
    const T* row = costs + static_cast<std::size_t>(demand_row[u]) * row_stride;
    for (std::uint32_t k = threadIdx.x; k < m; k += kRangeThreads) {
      const T v = row[k];
      if (v < ElementTraits<T>::kInf) mx = fmax(mx, static_cast<double>(v));
      else unreachable = 1;
    }
  }
  __shared__ double s_max[kRangeThreads];
  __shared__ int s_unreachable[kRangeThreads];
  s_max[threadIdx.x] = mx;
  s_unreachable[threadIdx.x] = unreachable;
  __syncthreads();
  for (int half = kRangeThreads / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) {
      s_max[threadIdx.x] = fmax(s_max[threadIdx.x], s_max[threadIdx.x + half]);
      s_unreachable[threadIdx.x] |= s_unreachable[threadIdx.x + half];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    block_max[blockIdx.x] = s_max[0];
    block_unreachable[blockIdx.x] = s_unreachable[0];
  }
}

template <class T> void CostRange(const SitingDevice& dev, double* max_finite, bool* any_unreachable) {
  cuda::DeviceBuffer<double> block_max(kRangeBlocks);
  cuda::DeviceBuffer<int> block_unreachable(kRangeBlocks);
  CostRangeKernel<T><<<kRangeBlocks, kRangeThreads>>>(
      dev.rows<T>(), dev.row_stride, dev.demand_row.get(), static_cast<std::uint32_t>(dev.nd),
      static_cast<std::uint32_t>(dev.m), block_max.get(), block_unreachable.get());
  GDIST_CUDA_CHECK_LAUNCH("CostRangeKernel");
  std::vector<double> mx(kRangeBlocks);
  std::vector<int> un(kRangeBlocks);
  GDIST_CUDA_CHECK(cudaMemcpy(mx.data(), block_max.get(), block_max.bytes(), cudaMemcpyDeviceToHost));
  GDIST_CUDA_CHECK(cudaMemcpy(un.data(), block_unreachable.get(), block_unreachable.bytes(), cudaMemcpyDeviceToHost));
  double best = 0;  // as the CPU pass: 0 when nothing is finite
  bool unreachable = false;
  for (int b = 0; b < kRangeBlocks; ++b) {
    best = std::max(best, mx[b]);
    unreachable = unreachable || un[b];
  }
  *max_finite = best;
  *any_unreachable = unreachable;
}

}  // namespace

void DeviceCostRange(const SitingDevice& device, double* max_finite, bool* any_unreachable) {
  if (device.type == ElementType::kInt32) CostRange<std::int32_t>(device, max_finite, any_unreachable);
  else CostRange<float>(device, max_finite, any_unreachable);
}

std::shared_ptr<const SitingDevice> UploadSitingCosts(const SitingCostLayout& layout) {
  switch (layout.type) {
    case ElementType::kInt32: return Upload<std::int32_t>(layout);
    case ElementType::kFloat32: return Upload<float>(layout);
    default: throw Error("the GPU siting engine takes int32 or float32 matrices");
  }
}

}  // namespace gdist
