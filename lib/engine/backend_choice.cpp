#include "lib/engine/backend_choice.hpp"

#include <algorithm>

#include "lib/core/device_budget.hpp"
#include "lib/core/range_check.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

std::size_t GpuBytesNeeded(ElementType type, std::size_t stride) {
  return DeviceBudget::Needed(stride * stride * ElementSize(type));
}

const char* GpuModeName(GpuMode mode) {
  switch (mode) {
    case GpuMode::kInt32: return "int32";
    case GpuMode::kInt16: return "int16";
    case GpuMode::kFloat32: return "float32";
  }
  return "?";
}

GpuPlan PlanGpuRun(ElementType type, std::size_t stride, const GpuRunInfo& info, std::size_t free_bytes) {
  GpuPlan plan;
  if (stride == 0 || stride % plan.tile != 0)
    throw Error("GPU engine: the matrix stride " + std::to_string(stride) + " is not a positive multiple of " +
                std::to_string(plan.tile));
  if (type != ElementType::kInt32 && type != ElementType::kFloat32)
    throw Error(std::string("GPU engine: no kernels for ") + ElementName(type));
  plan.rounds = stride / plan.tile;
  plan.mode = type == ElementType::kFloat32 ? GpuMode::kFloat32 : GpuMode::kInt32;
  plan.device_bytes = GpuBytesNeeded(type, stride);
  const bool int16_proven = Int16ModeFits(info.n, info.max_abs_weight, info.has_negative) ||
                            (!info.has_negative && Int16BoundFits(info.distance_bound));
  if (type == ElementType::kInt32 && info.allow_int16 && int16_proven) {
    const std::size_t with16 = plan.device_bytes + stride * stride * sizeof(std::int16_t);
    if (with16 <= free_bytes) {
      plan.mode = GpuMode::kInt16;
      plan.device_bytes = with16;
    }
  }
  return plan;
}

BackendDecision ChooseBackend(Backend requested, ElementType type, std::size_t stride, const GpuStatus& gpu,
                              std::size_t device_limit) {
  if (requested == Backend::kCpu) return {Backend::kCpu, "requested"};
  const bool type_ok = type == ElementType::kInt32 || type == ElementType::kFloat32;
  if (!gpu.usable) {
    if (requested == Backend::kGpu)
      throw Error(OptionText(Option::kBackend, "gpu") + ": no usable GPU (" + gpu.reason + ")");
    return {Backend::kCpu, "no usable GPU (" + gpu.reason + ")"};
  }
  if (!type_ok) {
    if (requested == Backend::kGpu)
      throw Error(OptionText(Option::kBackend, "gpu") + ": the GPU engine supports int32 and float32, not " +
                  ElementName(type));
    return {Backend::kCpu, std::string("the GPU engine does not support ") + ElementName(type)};
  }
  const std::size_t budget = device_limit ? std::min(device_limit, gpu.free_bytes) : gpu.free_bytes;
  const std::size_t need = GpuBytesNeeded(type, stride);
  if (need <= budget) return {Backend::kGpu, gpu.reason};
  // Out of core the blocks fill the budget; keep 1/16 of it beside the
  // head-room for what the runtime allocates per launch and stream.
  const std::size_t reserve = DeviceBudget::kHeadroomBytes + budget / 16;
  const std::size_t usable = budget > reserve ? budget - reserve : 0;
  const std::size_t smallest = kGpuOutOfCoreSlots * kTile * kTile * ElementSize(type);
  if (usable < smallest && requested == Backend::kGpu)
    throw Error(OptionText(Option::kBackend, "gpu") + ": the GPU budget of " + std::to_string(budget >> 20) +
                " MiB holds not even the smallest out-of-core blocks; expected a larger " +
                OptionText(Option::kDeviceMemory) + ", or " + OptionText(Option::kBackend, "cpu"));
  if (usable < smallest)
    return {Backend::kCpu, "the GPU budget of " + std::to_string(budget >> 20) +
                               " MiB holds not even the smallest out-of-core blocks: using the CPU backend"};
  BackendDecision d{Backend::kGpu, gpu.reason, SuperTileSideFor(stride, ElementSize(type), usable, kGpuOutOfCoreSlots),
                    usable};
  d.note += ", out of core: the matrix needs " + std::to_string(need >> 20) + " MiB, the budget is " +
            std::to_string(budget >> 20) + " MiB; blocks of " + std::to_string(d.out_of_core_side);
  return d;
}

}  // namespace gdist
