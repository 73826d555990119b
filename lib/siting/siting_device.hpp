// A siting problem's costs resident on a GPU, as seen from the host (no CUDA
// header here). Implemented in kernels/cuda/siting_device.cu when the build has
// CUDA, by siting_device_no_cuda.cpp otherwise.
//
// Layout on the device: one row of candidate costs per demand, candidates
// contiguous so that a warp reads 32 neighbouring candidates of one demand.
// When the matrix rows already are that (demand rows, every vertex a
// candidate) the matrix is copied as is and demands index its rows; otherwise
// the matrix is copied, then gathered (or transposed) on the device into a
// compact demand x candidate block, and the copy is freed.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "lib/matrix/element_type.hpp"
#include "lib/siting/gain_table.hpp"

namespace gdist {

struct SitingCostLayout {
  ElementType type = ElementType::kInt32;  // kInt32 or kFloat32 on the GPU
  const void* matrix = nullptr;            // n rows of `stride` elements, host memory (mmapped or not)
  std::size_t n = 0, stride = 0;
  bool rows_are_demands = true;           // cost(u, k) = D[demand[u]][cand[k]], else D[cand[k]][demand[u]]
  const std::uint32_t* demand = nullptr;  // nd vertex indices
  std::size_t nd = 0;
  const std::uint32_t* cand = nullptr;  // m vertex indices; nullptr: every vertex, in order
  std::size_t m = 0;

  bool direct() const { return rows_are_demands && cand == nullptr; }
};

// Row stride (elements) of the gathered demand x candidate block: rows start
// on 128-byte boundaries for int32/float.
inline std::size_t GatheredRowStride(std::size_t m) { return (m + 31) / 32 * 32; }

// Device bytes the upload needs at its peak, before any gain table.
std::size_t SitingDeviceBytes(const SitingCostLayout& layout);
// Device bytes of one gain table for `slots` open sites (p-median: p).
std::size_t GainTableDeviceBytes(std::size_t nd, std::size_t m, std::size_t slots);

class SitingDevice;  // lib/siting/siting_device.cuh

// Copies the costs to the GPU. Throws gdist::Error on any CUDA failure.
std::shared_ptr<const SitingDevice> UploadSitingCosts(const SitingCostLayout& layout);

// Largest finite cost over the uploaded demand x candidate block, and whether
// some pair is unreachable: SitingProblem's setup pass, on the device.
void DeviceCostRange(const SitingDevice& device, double* max_finite, bool* any_unreachable);

// p-center's passes on the device (unreachable = +infinity, as on the host):
// far_of_cand[k] = max_u cost(u, k), near_of_demand[u] = min_k cost(u, k).
void DeviceCostExtremes(const SitingDevice& device, std::vector<double>* far_of_cand,
                        std::vector<double>* near_of_demand);
// Sorted distinct costs in [lo, hi] (finite lo, hi). int32 costs only, through
// a bitmap of the range: false when the costs are float or the range is wider
// than max_range values (the host pass then does it).
bool DeviceDistinctCosts(const SitingDevice& device, double lo, double hi, std::size_t max_range,
                         std::vector<double>* out);

// A gain table whose rows are read on the GPU. T: int32_t or float.
template <class T, class Model>
std::unique_ptr<GainTable> MakeGpuGainTable(std::shared_ptr<const SitingDevice> device, Model model);

}  // namespace gdist
