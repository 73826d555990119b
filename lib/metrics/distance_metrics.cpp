#include "lib/metrics/distance_metrics.hpp"

#include <omp.h>

#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/metrics/metrics_gpu.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

MetricsBackendDecision ChooseMetricsBackend(Backend requested, ElementType type, std::size_t n, int cpu_threads,
                                            const std::function<GpuStatus()>& probe) {
  if (requested == Backend::kCpu) return {Backend::kCpu, "requested"};
  if (n == 0) return {Backend::kCpu, "empty matrix"};
  if (type != ElementType::kInt32 && type != ElementType::kFloat32) {
    if (requested == Backend::kGpu)
      throw Error(OptionText(Option::kBackend, "gpu") + ": the GPU metrics support int32 and float32, not " +
                  ElementName(type));
    return {Backend::kCpu, std::string("no GPU metrics for ") + ElementName(type)};
  }
  if (requested == Backend::kAuto && !GpuMetricsPays(double(n) * double(n) * ElementSize(type), cpu_threads))
    return {Backend::kCpu, "n = " + std::to_string(n) + " on " + std::to_string(cpu_threads) +
                               " threads: the CPU passes are faster than starting the GPU"};
  const GpuStatus gpu = probe();
  if (!gpu.usable) {
    if (requested == Backend::kGpu)
      throw Error(OptionText(Option::kBackend, "gpu") + ": no usable GPU (" + gpu.reason + ")");
    return {Backend::kCpu, "no usable GPU (" + gpu.reason + ")"};
  }
  return {Backend::kGpu, gpu.reason};
}

template <class T> DistanceMetrics ComputeDistanceMetrics(const MatrixView<T>& d, bool directed,
                                                          const MetricsOptions& options, const GpuMetricsOptions& gpu) {
  DistanceMetrics m;
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  MetricsBackendDecision decision =
      ChooseMetricsBackend(options.backend, ElementTraits<T>::kType, d.n, threads, ProbeGpu);
  if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float>) {
    if (decision.backend == Backend::kGpu) {
      GpuMetricsOptions g = gpu;
      if (g.copy_threads == 0) g.copy_threads = options.threads;
      try {
        const GpuMetricsPasses p = RunGpuMetricsPasses(d, directed, kHistogramBins, g);
        m.summary = SummaryFromRows(p.summary, options, std::is_integral_v<T>);
        m.centrality = CentralityFromRows(m.summary, p.centrality, directed);
        DistanceHistogram& h = m.centrality.histogram;
        if (p.shape.bins > 0) {
          h.min = p.shape.min;
          h.bin_width = p.shape.width;
          h.unit_bins = p.shape.unit_bins;
          h.counts = p.counts;
        }
        m.used = Backend::kGpu;
        m.note = decision.note +
                 (p.plan.resident ? ", matrix resident" : ", streamed in " + std::to_string(p.plan.blocks) + " blocks");
        return m;
      } catch (const GpuOutOfMemory& e) {
        // --backend gpu means the GPU or an error; auto may go on on the CPU,
        // but only after running out of GPU memory: any other fault surfaces.
        if (options.backend == Backend::kGpu) throw;
        decision.note = std::string("the GPU ran out of memory, computed on the CPU: ") + e.what();
        m.fell_back = true;
      }
    }
  }
  m.summary = Summarize(d, options);
  m.centrality = ComputeCentrality(d, m.summary, directed, options.threads);
  m.used = Backend::kCpu;
  m.note = decision.note;
  return m;
}

#define GDIST_INSTANTIATE(T)                                                                         \
  template DistanceMetrics ComputeDistanceMetrics(const MatrixView<T>&, bool, const MetricsOptions&, \
                                                  const GpuMetricsOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
