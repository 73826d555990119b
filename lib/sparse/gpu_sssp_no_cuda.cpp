// Linked instead of gpu_sssp.cu when the build has no CUDA.
#include "lib/core/element_traits.hpp"
#include "lib/sparse/gpu_sssp.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class W> SsspSweepStats SweepRowsOnGpu(const SsspGraph<W>&, const std::uint32_t*, std::size_t, std::size_t,
                                                 const std::function<void(const DeviceRowBlock<W>&)>&, W) {
  throw Error("this build has no CUDA backend");
}

template SsspSweepStats SweepRowsOnGpu(const SsspGraph<std::int32_t>&, const std::uint32_t*, std::size_t, std::size_t,
                                       const std::function<void(const DeviceRowBlock<std::int32_t>&)>&, std::int32_t);
template SsspSweepStats SweepRowsOnGpu(const SsspGraph<float>&, const std::uint32_t*, std::size_t, std::size_t,
                                       const std::function<void(const DeviceRowBlock<float>&)>&, float);

}  // namespace gdist
