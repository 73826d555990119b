// Linked instead of lib/siting/lagrangian_device.cu when the build has no CUDA.
#include "lib/siting/lagrangian_device.hpp"
#include "lib/util/error.hpp"

namespace gdist {

std::unique_ptr<LagrangianPass> MakeGpuMedianLagrangian(std::shared_ptr<const SitingDevice>, const std::vector<double>&,
                                                        double, std::size_t, std::vector<double>) {
  throw Error("this build has no CUDA backend");
}

double GpuRhoPassSeconds(const LagrangianPass&, const std::vector<double>&, int) {
  throw Error("this build has no CUDA backend");
}

}  // namespace gdist
