#include "lib/engine/backend_choice.hpp"

#include "lib/core/range_check.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {
constexpr std::size_t kHeadroomBytes = std::size_t{64} << 20;  // runtime, streams, scratch
}

std::size_t GpuBytesNeeded(ElementType type, std::size_t stride) {
  // The matrix itself plus head-room for the runtime and scratch.
  return stride * stride * ElementSize(type) + kHeadroomBytes;
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
  if (type == ElementType::kInt32 && Int16ModeFits(info.n, info.max_abs_weight, info.has_negative)) {
    const std::size_t with16 = plan.device_bytes + stride * stride * sizeof(std::int16_t);
    if (with16 <= free_bytes) {
      plan.mode = GpuMode::kInt16;
      plan.device_bytes = with16;
    }
  }
  return plan;
}

BackendDecision ChooseBackend(Backend requested, ElementType type, std::size_t stride, const GpuStatus& gpu) {
  if (requested == Backend::kCpu) return {Backend::kCpu, "requested"};
  const bool type_ok = type == ElementType::kInt32 || type == ElementType::kFloat32;
  if (!gpu.usable) {
    if (requested == Backend::kGpu) throw Error("--backend gpu: no usable GPU (" + gpu.reason + ")");
    return {Backend::kCpu, "no usable GPU (" + gpu.reason + ")"};
  }
  if (!type_ok) {
    if (requested == Backend::kGpu)
      throw Error(std::string("--backend gpu: the GPU engine supports int32 and float32, not ") + ElementName(type));
    return {Backend::kCpu, std::string("the GPU engine does not support ") + ElementName(type)};
  }
  std::size_t need = GpuBytesNeeded(type, stride);
  if (need > gpu.free_bytes)
    return {Backend::kCpu, "the matrix needs " + std::to_string(need >> 20) + " MiB of GPU memory, " +
                               std::to_string(gpu.free_bytes >> 20) + " MiB are free: using the CPU backend"};
  return {Backend::kGpu, gpu.reason};
}

}  // namespace gdist
