// Where a siting problem's matrix passes run: pure host logic, tested on
// machines without a GPU (the GPU side is lib/siting/siting_device.hpp).
#pragma once
#include <cstddef>
#include <string>

#include "lib/core/backend.hpp"
#include "lib/siting/siting_device.hpp"

namespace gdist {

// Below this many demand x candidate costs the CPU finishes before a GPU
// context is up (~0.2-0.5 s), so kAuto does not even probe for one.
constexpr std::size_t kSitingGpuMinCosts = std::size_t{1} << 26;  // 8192 x 8192

// Open sites whose extra table the device-memory check reserves room for.
constexpr std::size_t kSitingReservedSlots = 256;

struct SitingBackendDecision {
  bool gpu = false;
  std::string note;  // "gpu (<device>)" or "cpu" with the reason
};

// Whether kAuto should probe for a GPU at all.
bool SitingGpuWorthProbing(Backend requested, const SitingCostLayout& layout);

// kCpu: CPU. kGpu: GPU or gdist::Error saying why not. kAuto: GPU when usable,
// the type is int32/float32 and the costs fit the free device memory.
SitingBackendDecision ChooseSitingBackend(Backend requested, const SitingCostLayout& layout, const GpuStatus& gpu);

}  // namespace gdist
