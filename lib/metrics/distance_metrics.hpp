// The one call the apps make for the metrics: summary + centralities on the
// CPU or the GPU (MetricsOptions::backend), the same numbers either way
// (row_reduction.hpp). docs/METRICS.md.
#pragma once
#include <functional>
#include <string>

#include "lib/core/backend.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/metrics_gpu_plan.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/plan/cost_model.hpp"

namespace gdist {

struct DistanceMetrics {
  DistanceSummary summary;
  Centrality centrality;
  Backend used = Backend::kCpu;
  std::string note;        // why this backend; a GPU fallback says what failed
  bool fell_back = false;  // auto chose the GPU, which ran out of memory (the apps print the note)
};

// auto: GPU when GpuMetricsPays, T is int32 or float and a GPU is usable,
// else the CPU. gpu: throws gdist::Error when no GPU is usable or T
// is int64. Either way a GPU run that cannot go on (too little device memory,
// a CUDA error) falls back to the CPU, with the reason in `note`.
template <class T> DistanceMetrics ComputeDistanceMetrics(const MatrixView<T>& d, bool directed,
                                                          const MetricsOptions& options,
                                                          const GpuMetricsOptions& gpu = {});

// auto's rates are the cost model's (lib/plan/cost_model.hpp: GpuMetricsPays).
struct MetricsBackendDecision {
  Backend backend = Backend::kCpu;
  std::string note;
};

// Pure host logic, tested without a GPU. `probe` is called only when the
// answer depends on it (so small matrices never create a CUDA context).
// cpu_threads: the threads the CPU passes would use.
MetricsBackendDecision ChooseMetricsBackend(Backend requested, ElementType type, std::size_t n, int cpu_threads,
                                            const std::function<GpuStatus()>& probe);

}  // namespace gdist
