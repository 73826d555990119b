// Linked instead of gpu_sssp_rows.cu when the build has no CUDA.
#include "lib/metrics/gpu_sssp_rows.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class W> GpuSsspRowReductions ReduceRowsOnGpu(std::size_t, std::size_t, const DeviceRowSweep<W>&) {
  throw Error("this build has no CUDA backend");
}
template <class W> GpuSsspRowReductions ReduceSsspRowsOnGpu(const SsspGraph<W>&, const std::uint32_t*, std::size_t) {
  throw Error("this build has no CUDA backend");
}
template <class W> std::vector<std::uint64_t> SsspHistogramOnGpu(const SsspGraph<W>&, const std::uint32_t*, std::size_t,
                                                                 bool, const HistogramShape&, SsspSweepStats*) {
  throw Error("this build has no CUDA backend");
}

template <class W> SsspSweepStats SsspRowsToHost(const SsspGraph<W>&, const std::uint32_t*, std::size_t,
                                                 const std::uint32_t*, W*, std::size_t) {
  throw Error("this build has no CUDA backend");
}

#define GDIST_INSTANTIATE(W)                                                                                           \
  template GpuSsspRowReductions ReduceRowsOnGpu(std::size_t, std::size_t, const DeviceRowSweep<W>&);                   \
  template GpuSsspRowReductions ReduceSsspRowsOnGpu(const SsspGraph<W>&, const std::uint32_t*, std::size_t);           \
  template std::vector<std::uint64_t> SsspHistogramOnGpu(const SsspGraph<W>&, const std::uint32_t*, std::size_t, bool, \
                                                         const HistogramShape&, SsspSweepStats*);                      \
  template SsspSweepStats SsspRowsToHost(const SsspGraph<W>&, const std::uint32_t*, std::size_t, const std::uint32_t*, \
                                         W*, std::size_t);
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(float)
#undef GDIST_INSTANTIATE

}  // namespace gdist
