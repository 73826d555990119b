#include "lib/core/backend.hpp"

namespace gdist {

bool ParseBackend(const std::string& s, Backend* out) {
  if (s == "auto") *out = Backend::kAuto;
  else if (s == "cpu") *out = Backend::kCpu;
  else if (s == "gpu") *out = Backend::kGpu;
  else return false;
  return true;
}

const char* BackendName(Backend b) {
  switch (b) {
    case Backend::kAuto: return "auto";
    case Backend::kCpu: return "cpu";
    case Backend::kGpu: return "gpu";
  }
  return "?";
}

}  // namespace gdist
