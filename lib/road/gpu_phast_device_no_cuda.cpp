// Linked instead of gpu_phast_device.cu when the build has no CUDA.
#include "lib/road/gpu_phast_device.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class W> PhastSweepStats SweepPhastOnDevice(const PhastSweepArcs<W>&, std::size_t, const PhastBatchFn<W>&,
                                                      std::size_t,
                                                      const std::function<void(const DeviceRowBlock<W>&)>&) {
  throw Error("this build has no CUDA backend");
}

template <class W> PhastSweepStats PhastRowsToHostOnDevice(const PhastSweepArcs<W>&, std::size_t,
                                                           const PhastBatchFn<W>&, W*, std::size_t) {
  throw Error("this build has no CUDA backend");
}

template <class W> PhastSweepStats PhastTableOnDevice(const PhastSweepArcs<W>&, std::size_t, const PhastBatchFn<W>&,
                                                      const std::uint32_t*, std::size_t, W*) {
  throw Error("this build has no CUDA backend");
}

#define GDIST_INSTANTIATE(W)                                                                                          \
  template PhastSweepStats SweepPhastOnDevice(const PhastSweepArcs<W>&, std::size_t, const PhastBatchFn<W>&,          \
                                              std::size_t, const std::function<void(const DeviceRowBlock<W>&)>&);     \
  template PhastSweepStats PhastRowsToHostOnDevice(const PhastSweepArcs<W>&, std::size_t, const PhastBatchFn<W>&, W*, \
                                                   std::size_t);                                                      \
  template PhastSweepStats PhastTableOnDevice(const PhastSweepArcs<W>&, std::size_t, const PhastBatchFn<W>&,          \
                                              const std::uint32_t*, std::size_t, W*);
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(float)
#undef GDIST_INSTANTIATE

}  // namespace gdist
