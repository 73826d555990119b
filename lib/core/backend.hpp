// Where a computation runs, and what the GPU probe found: vocabulary shared by
// the engine (SolveApsp) and the analyses (metrics, siting), so that neither
// needs the other's headers to name a backend.
#pragma once
#include <cstddef>
#include <string>

namespace gdist {

enum class Backend { kAuto, kCpu, kGpu };
// "auto" | "cpu" | "gpu"; returns false on anything else.
bool ParseBackend(const std::string& s, Backend* out);
const char* BackendName(Backend b);

struct GpuStatus {
  bool usable = false;
  std::string reason;          // why not usable, or the device name
  std::size_t free_bytes = 0;  // device memory free now
};

}  // namespace gdist
