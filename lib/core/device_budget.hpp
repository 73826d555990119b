// The one rule every GPU plan (APSP, metrics, siting) follows for device
// memory, so that the backend choosers agree on when the GPU is used: a plan
// fits when the bytes it allocates plus a fixed head-room stay within what
// the device reported free. The head-room covers what no plan counts: the
// CUDA runtime's allocations after the probe (streams, events, launch state),
// the allocator rounding each cudaMalloc up, and small scratch buffers.
#pragma once
#include <cstddef>
#include <string>

namespace gdist {

class DeviceBudget {
 public:
  static constexpr std::size_t kHeadroomBytes = std::size_t{64} << 20;
  // The share of the free memory a sweep's scratch may take when it sizes its
  // batches from cudaMemGetInfo (the GPU trees): the rest stays with the CUDA
  // context, the rows' consumer and other users of the device.
  static constexpr double kScratchShareOfFree = 0.7;

  explicit DeviceBudget(std::size_t free_bytes) : free_bytes_(free_bytes) {}

  // Free device memory a run that allocates `planned` bytes needs.
  static constexpr std::size_t Needed(std::size_t planned) { return planned + kHeadroomBytes; }
  bool Fits(std::size_t planned) const { return Needed(planned) <= free_bytes_; }
  std::size_t free_bytes() const { return free_bytes_; }
  // "WHAT needs N MiB of device memory, M MiB are free", for fallback notes.
  std::string Shortfall(const std::string& what, std::size_t planned) const {
    return what + " needs " + std::to_string(Needed(planned) >> 20) + " MiB of device memory, " +
           std::to_string(free_bytes_ >> 20) + " MiB are free";
  }

 private:
  std::size_t free_bytes_;
};

}  // namespace gdist
