// Linked instead of kernels/cuda/siting_*.cu when the build has no CUDA.
#include "lib/siting/cost_models.hpp"
#include "lib/siting/siting_device.hpp"
#include "lib/util/error.hpp"

namespace gdist {

std::shared_ptr<const SitingDevice> UploadSitingCosts(const SitingCostLayout&) {
  throw Error("this build has no CUDA backend");
}

void DeviceCostRange(const SitingDevice&, double*, bool*) { throw Error("this build has no CUDA backend"); }

void DeviceCostExtremes(const SitingDevice&, std::vector<double>*, std::vector<double>*) {
  throw Error("this build has no CUDA backend");
}
bool DeviceDistinctCosts(const SitingDevice&, double, double, std::size_t, std::vector<double>*) {
  throw Error("this build has no CUDA backend");
}

template <class T, class Model>
std::unique_ptr<GainTable> MakeGpuGainTable(std::shared_ptr<const SitingDevice>, Model) {
  throw Error("this build has no CUDA backend");
}

#define GDIST_INSTANTIATE(T, M) \
  template std::unique_ptr<GainTable> MakeGpuGainTable<T, M<T>>(std::shared_ptr<const SitingDevice>, M<T>);
GDIST_INSTANTIATE(std::int32_t, MedianCost)
GDIST_INSTANTIATE(float, MedianCost)
GDIST_INSTANTIATE(std::int32_t, CoverCost)
GDIST_INSTANTIATE(float, CoverCost)
#undef GDIST_INSTANTIATE

}  // namespace gdist
