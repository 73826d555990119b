// p-center's whole-matrix passes on the uploaded costs (lib/siting/siting_device.hpp):
// column maxima and row minima (farthest demand per candidate, nearest
// candidate per demand) and the distinct distances of a range (int32, bitmap).
#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels/cuda/cuda_check.cuh"
#include "lib/siting/cost_models.hpp"
#include "lib/siting/siting_device.cuh"
#include "lib/siting/siting_device.hpp"

namespace gdist {

namespace {

constexpr int kThreads = 256;
constexpr unsigned kColumnSlices = 32;  // row slices of the column-max pass, reduced on the host

// partial[slice][k] = max over the slice's rows of cost(u, k).
template <class T> __global__ void __launch_bounds__(kThreads)
    ColumnMaxKernel(const T* costs, std::size_t row_stride, const std::uint32_t* demand_row, std::uint32_t nd,
                    std::uint32_t m, double* partial) {
  const std::uint32_t k = blockIdx.x * kThreads + threadIdx.x;
  if (k >= m) return;
  double mx = 0;
  for (std::uint32_t u = blockIdx.y; u < nd; u += gridDim.y)
    mx = fmax(mx, DistanceOrInfinity(costs[static_cast<std::size_t>(demand_row[u]) * row_stride + k]));
  partial[static_cast<std::size_t>(blockIdx.y) * m + k] = mx;
}

// near[u] = min over candidates of cost(u, k): one block per row.
template <class T> __global__ void __launch_bounds__(kThreads)
    RowMinKernel(const T* costs, std::size_t row_stride, const std::uint32_t* demand_row, std::uint32_t nd,
                 std::uint32_t m, double* near) {
  __shared__ double s[kThreads];
  for (std::uint32_t u = blockIdx.x; u < nd; u += gridDim.x) {
    const T* row = costs + static_cast<std::size_t>(demand_row[u]) * row_stride;
    double mn = INFINITY;
    for (std::uint32_t k = threadIdx.x; k < m; k += kThreads) mn = fmin(mn, DistanceOrInfinity(row[k]));
    s[threadIdx.x] = mn;
    __syncthreads();
    for (int half = kThreads / 2; half > 0; half /= 2) {
      if (threadIdx.x < half) s[threadIdx.x] = fmin(s[threadIdx.x], s[threadIdx.x + half]);
      __syncthreads();
    }
    if (threadIdx.x == 0) near[u] = s[0];
    __syncthreads();
  }
}

// Sets bit (v - lo) for every cost v in [lo, hi]. Ranges up to 8192 words
// (262144 values) are marked in shared memory first, so hot values cost one
// global OR per block instead of one per matrix entry.
constexpr std::uint32_t kSharedWords = 8192;
__global__ void __launch_bounds__(kThreads)
    MarkDistinctKernel(const std::int32_t* costs, std::size_t row_stride, const std::uint32_t* demand_row,
                       std::uint32_t nd, std::uint32_t m, std::int32_t lo, std::int32_t hi, std::uint32_t* bitmap,
                       std::uint32_t words) {
  __shared__ std::uint32_t local[kSharedWords];
  const bool use_local = words <= kSharedWords;
  if (use_local)
    for (std::uint32_t w = threadIdx.x; w < words; w += kThreads) local[w] = 0;
  __syncthreads();
  std::uint32_t* target = use_local ? local : bitmap;
  for (std::uint32_t u = blockIdx.x; u < nd; u += gridDim.x) {
    const std::int32_t* row = costs + static_cast<std::size_t>(demand_row[u]) * row_stride;
    for (std::uint32_t k = threadIdx.x; k < m; k += kThreads) {
      const std::int32_t v = row[k];
      if (v < lo || v > hi || v >= ElementTraits<std::int32_t>::kInf) continue;
      const std::uint32_t bit = static_cast<std::uint32_t>(v - lo);
      atomicOr(target + bit / 32, 1u << (bit % 32));
    }
  }
  __syncthreads();
  if (use_local)
    for (std::uint32_t w = threadIdx.x; w < words; w += kThreads)
      if (local[w]) atomicOr(bitmap + w, local[w]);
}

template <class T>
void Extremes(const SitingDevice& dev, std::vector<double>* far_of_cand, std::vector<double>* near_of_demand) {
  const auto nd = static_cast<std::uint32_t>(dev.nd), m = static_cast<std::uint32_t>(dev.m);
  far_of_cand->assign(m, 0);
  near_of_demand->assign(nd, INFINITY);
  if (nd == 0 || m == 0) return;
  const unsigned slices = std::min<unsigned>(kColumnSlices, nd);
  cuda::DeviceBuffer<double> partial(static_cast<std::size_t>(slices) * m), near(nd);
  ColumnMaxKernel<T><<<dim3((m + kThreads - 1) / kThreads, slices), kThreads>>>(
      dev.rows<T>(), dev.row_stride, dev.demand_row.get(), nd, m, partial.get());
  GDIST_CUDA_CHECK_LAUNCH("ColumnMaxKernel");
  RowMinKernel<T><<<std::min<std::uint32_t>(nd, 4096), kThreads>>>(dev.rows<T>(), dev.row_stride, dev.demand_row.get(),
                                                                   nd, m, near.get());
  GDIST_CUDA_CHECK_LAUNCH("RowMinKernel");
  std::vector<double> host(partial.count());
  GDIST_CUDA_CHECK(cudaMemcpy(host.data(), partial.get(), partial.bytes(), cudaMemcpyDeviceToHost));
  for (unsigned s = 0; s < slices; ++s)
    for (std::uint32_t k = 0; k < m; ++k) (*far_of_cand)[k] = std::max((*far_of_cand)[k], host[std::size_t{s} * m + k]);
  GDIST_CUDA_CHECK(cudaMemcpy(near_of_demand->data(), near.get(), near.bytes(), cudaMemcpyDeviceToHost));
}

}  // namespace

void DeviceCostExtremes(const SitingDevice& device, std::vector<double>* far_of_cand,
                        std::vector<double>* near_of_demand) {
  if (device.type == ElementType::kInt32) Extremes<std::int32_t>(device, far_of_cand, near_of_demand);
  else Extremes<float>(device, far_of_cand, near_of_demand);
}

bool DeviceDistinctCosts(const SitingDevice& dev, double lo, double hi, std::size_t max_range,
                         std::vector<double>* out) {
  out->clear();
  if (dev.type != ElementType::kInt32) return false;
  const double first = std::ceil(lo),
               last = std::min(std::floor(hi), static_cast<double>(ElementTraits<std::int32_t>::kInf) - 1);
  if (!(first <= last)) return true;  // no integer in range
  if (last - first + 1 > static_cast<double>(max_range)) return false;
  const auto range = static_cast<std::uint64_t>(last - first + 1);
  const auto words = static_cast<std::uint32_t>((range + 31) / 32);
  cuda::DeviceBuffer<std::uint32_t> bitmap(words);
  GDIST_CUDA_CHECK(cudaMemset(bitmap.get(), 0, bitmap.bytes()));
  const auto nd = static_cast<std::uint32_t>(dev.nd), m = static_cast<std::uint32_t>(dev.m);
  if (nd > 0 && m > 0) {
    MarkDistinctKernel<<<std::min<std::uint32_t>(nd, 1056), kThreads>>>(
        dev.rows<std::int32_t>(), dev.row_stride, dev.demand_row.get(), nd, m, static_cast<std::int32_t>(first),
        static_cast<std::int32_t>(last), bitmap.get(), words);
    GDIST_CUDA_CHECK_LAUNCH("MarkDistinctKernel");
  }
  std::vector<std::uint32_t> host(words);
  GDIST_CUDA_CHECK(cudaMemcpy(host.data(), bitmap.get(), bitmap.bytes(), cudaMemcpyDeviceToHost));
  for (std::uint32_t w = 0; w < words; ++w)
    for (std::uint32_t b = 0; b < 32; ++b)
      if (host[w] >> b & 1u) out->push_back(first + 32.0 * w + b);
  return true;
}

}  // namespace gdist
