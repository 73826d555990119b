#include "lib/siting/siting_backend.hpp"

#include "lib/core/device_budget.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

std::size_t SitingDeviceBytes(const SitingCostLayout& L) {
  const std::size_t e = ElementSize(L.type);
  const std::size_t matrix = L.n * L.stride * e, index = L.nd * sizeof(std::uint32_t);
  if (L.direct()) return matrix + index;
  // The copy of the matrix and the gathered block live together for a moment.
  const std::size_t block = L.nd * GatheredRowStride(L.m) * e;
  return matrix + block + 2 * index + L.m * sizeof(std::uint32_t);
}

std::size_t GainTableDeviceBytes(std::size_t nd, std::size_t m, std::size_t slots) {
  return (m + slots * m + slots) * sizeof(double) + m * sizeof(std::int32_t) + nd * sizeof(UserChange) + (1 << 20);
}

bool SitingGpuWorthProbing(Backend requested, const SitingCostLayout& L) {
  if (requested == Backend::kCpu) return false;
  if (requested == Backend::kGpu) return true;
  return (L.type == ElementType::kInt32 || L.type == ElementType::kFloat32) && L.nd * L.m >= kSitingGpuMinCosts;
}

SitingBackendDecision ChooseSitingBackend(Backend requested, const SitingCostLayout& L, const GpuStatus& gpu) {
  SitingBackendDecision d;
  if (requested == Backend::kCpu) {
    d.note = "cpu (asked for)";
    return d;
  }
  auto refuse = [&](const std::string& why) {
    if (requested == Backend::kGpu) throw Error(OptionText(Option::kBackend, "gpu") + ": " + why);
    d.note = "cpu (" + why + ")";
    return d;
  };
  if (L.type != ElementType::kInt32 && L.type != ElementType::kFloat32)
    return refuse("the GPU siting engine takes int32 or float32 matrices");
  if (!gpu.usable) return refuse("no usable GPU: " + gpu.reason);
  const DeviceBudget budget(gpu.free_bytes);
  const std::size_t planned = SitingDeviceBytes(L) + GainTableDeviceBytes(L.nd, L.m, kSitingReservedSlots);
  if (!budget.Fits(planned)) return refuse(budget.Shortfall("the costs", planned));
  d.gpu = true;
  d.note = "gpu (" + gpu.reason + ")";
  return d;
}

}  // namespace gdist
