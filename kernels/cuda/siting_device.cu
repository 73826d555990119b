// UploadSitingCosts: the siting problem's costs onto the GPU (layout in
// lib/siting/siting_device.hpp).
#include <algorithm>
#include <numeric>
#include <vector>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/siting_device.cuh"
#include "lib/siting/siting_device.hpp"

namespace gdist {

namespace {

// Pageable copies in pieces: the driver stages them through its own pinned
// buffers; the source may be an mmapped file whose pages fault in as we go.
void CopyToDevice(void* dst, const void* src, std::size_t bytes) {
  constexpr std::size_t kPiece = std::size_t{256} << 20;
  for (std::size_t off = 0; off < bytes; off += kPiece)
    GDIST_CUDA_CHECK(cudaMemcpy(static_cast<unsigned char*>(dst) + off, static_cast<const unsigned char*>(src) + off,
                                std::min(kPiece, bytes - off), cudaMemcpyHostToDevice));
}

// out[u][k] = cost of demand u for candidate k. When demands are columns the
// reads are strided; it runs once per problem, so no tiling.
template <class T>
__global__ void GatherCostsKernel(const T* d, std::size_t stride, bool rows_are_demands, const std::uint32_t* demand,
                                  const std::uint32_t* cand, std::uint32_t nd, std::uint32_t m, T* out,
                                  std::size_t out_stride) {
  const std::uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= m) return;
  const std::size_t cv = cand ? cand[k] : k;
  for (std::uint32_t u = blockIdx.y; u < nd; u += gridDim.y) {
    const std::size_t dv = demand[u];
    out[u * out_stride + k] = rows_are_demands ? d[dv * stride + cv] : d[cv * stride + dv];
  }
}

template <class T> std::shared_ptr<const SitingDevice> Upload(const SitingCostLayout& L) {
  const std::size_t matrix_bytes = L.n * L.stride * sizeof(T);
  std::vector<std::uint32_t> rows(L.demand, L.demand + L.nd);
  if (L.direct()) {
    auto dev = std::make_shared<SitingDevice>(L.type, L.n, L.stride, L.m, L.nd);
    CopyToDevice(dev->costs.get(), L.matrix, matrix_bytes);
    CopyToDevice(dev->demand_row.get(), rows.data(), rows.size() * sizeof(std::uint32_t));
    return dev;
  }
  cuda::DeviceBuffer<T> full(L.n * L.stride);
  CopyToDevice(full.get(), L.matrix, matrix_bytes);
  cuda::DeviceBuffer<std::uint32_t> demand(L.nd), cand(L.cand ? L.m : 0);
  CopyToDevice(demand.get(), L.demand, L.nd * sizeof(std::uint32_t));
  if (L.cand) CopyToDevice(cand.get(), L.cand, L.m * sizeof(std::uint32_t));
  const std::size_t out_stride = (L.m + 31) / 32 * 32;
  auto dev = std::make_shared<SitingDevice>(L.type, L.nd, out_stride, L.m, L.nd);
  const dim3 block(256), grid(static_cast<unsigned>((L.m + 255) / 256), static_cast<unsigned>(std::min<std::size_t>(L.nd, 4096)));
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

}  // namespace

std::shared_ptr<const SitingDevice> UploadSitingCosts(const SitingCostLayout& layout) {
  switch (layout.type) {
    case ElementType::kInt32: return Upload<std::int32_t>(layout);
    case ElementType::kFloat32: return Upload<float>(layout);
    default: throw Error("the GPU siting engine takes int32 or float32 matrices");
  }
}

}  // namespace gdist
