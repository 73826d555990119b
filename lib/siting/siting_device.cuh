// What UploadSitingCosts leaves on the GPU (lib/siting/siting_device.hpp).
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/cuda/device_memory.cuh"
#include "lib/matrix/element_type.hpp"

namespace gdist {

class SitingDevice {
 public:
  SitingDevice(ElementType type, std::size_t rows, std::size_t row_stride, std::size_t m, std::size_t nd)
      : type(type),
        row_stride(row_stride),
        m(m),
        nd(nd),
        costs(rows * row_stride * ElementSize(type)),
        demand_row(nd) {}

  template <class T> const T* rows() const { return reinterpret_cast<const T*>(costs.get()); }

  ElementType type;
  std::size_t row_stride;  // elements between consecutive cost rows
  std::size_t m, nd;       // candidates, demands
  cuda::DeviceBuffer<unsigned char> costs;
  cuda::DeviceBuffer<std::uint32_t> demand_row;  // demand u's costs: row demand_row[u]
};

}  // namespace gdist
