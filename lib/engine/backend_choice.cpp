#include "lib/engine/backend_choice.hpp"

#include "lib/util/error.hpp"

namespace gdist {

std::size_t GpuBytesNeeded(ElementType type, std::size_t stride) {
  // The matrix itself plus 64 MiB head-room for the runtime and scratch.
  return stride * stride * ElementSize(type) + (64u << 20);
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
