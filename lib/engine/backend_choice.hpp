// Which backend runs a solve: pure host logic, tested on machines without a GPU.
#pragma once
#include <cstddef>
#include <string>

#include "lib/engine/apsp.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/matrix/element_type.hpp"

namespace gdist {

struct BackendDecision {
  Backend backend = Backend::kCpu;
  std::string note;  // the reason, shown to the user when it is a fallback
};

// Device bytes the in-core GPU engine needs for a stride x stride matrix.
std::size_t GpuBytesNeeded(ElementType type, std::size_t stride);

// kAuto: GPU when usable, the type is supported and the matrix fits; CPU
// otherwise. kGpu without a usable GPU throws gdist::Error; kGpu with a matrix
// too large falls back to the CPU with a note (until the out-of-core engine).
BackendDecision ChooseBackend(Backend requested, ElementType type, std::size_t stride, const GpuStatus& gpu);

}  // namespace gdist
