// Which backend runs a solve: pure host logic, tested on machines without a GPU.
#pragma once
#include <cstddef>
#include <string>

#include "lib/engine/apsp.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/engine/gpu_out_of_core.hpp"
#include "lib/engine/super_tile_schedule.hpp"
#include "lib/matrix/element_type.hpp"

namespace gdist {

struct BackendDecision {
  Backend backend = Backend::kCpu;
  std::string note;  // the reason, shown to the user when it is a fallback
  // GPU only: the matrix does not fit the device budget, so the out-of-core
  // schedule runs with blocks of this side (0: in core).
  std::size_t out_of_core_side = 0;
  // With it, the device bytes its blocks may fill (the 16-bit run sizes its
  // blocks of 2-byte elements from them).
  std::size_t out_of_core_budget = 0;
};

// Free device bytes the in-core GPU engine needs for a stride x stride matrix
// (DeviceBudget: the matrix plus the head-room).
std::size_t GpuBytesNeeded(ElementType type, std::size_t stride);

// kAuto: GPU when usable and the type is supported; CPU otherwise. kGpu
// without a usable GPU throws gdist::Error. The device budget is the free
// memory, capped by device_limit when that is not 0 (--device-memory); a
// matrix over it runs out of core on the GPU (blocks streamed from the host),
// or on the CPU when not even the smallest blocks fit.
BackendDecision ChooseBackend(Backend requested, ElementType type, std::size_t stride, const GpuStatus& gpu,
                              std::size_t device_limit = 0);

}  // namespace gdist
