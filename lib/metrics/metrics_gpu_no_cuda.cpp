// Linked instead of kernels/cuda/metrics_gpu.cu when the build has no CUDA.
#include "lib/metrics/metrics_gpu.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class T>
GpuMetricsPasses RunGpuMetricsPasses(const MatrixView<T>&, bool, std::size_t, const GpuMetricsOptions&) {
  throw Error("this build has no CUDA backend");
}
template GpuMetricsPasses RunGpuMetricsPasses(const MatrixView<std::int32_t>&, bool, std::size_t,
                                              const GpuMetricsOptions&);
template GpuMetricsPasses RunGpuMetricsPasses(const MatrixView<float>&, bool, std::size_t, const GpuMetricsOptions&);

}  // namespace gdist
