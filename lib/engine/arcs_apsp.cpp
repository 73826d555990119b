#include "lib/engine/arcs_apsp.hpp"

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/core/range_check.hpp"
#include "lib/engine/arcs_adjacency.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/engine/distance_bound.hpp"
#include "lib/engine/precision_choice.hpp"
#include "lib/util/error.hpp"

namespace gdist {

std::optional<BackendDecision> GpuTakesArcsRun(const CsrView<std::int32_t>& arcs, bool has_negative,
                                               const ApspOptions& options) {
  if (has_negative || options.backend == Backend::kCpu || options.schedule || !options.checkpoint.dir.empty())
    return std::nullopt;
  const GpuStatus gpu = options.gpu_probe.valid() ? options.gpu_probe.get() : ProbeGpu();
  if (!gpu.usable) return std::nullopt;  // SolveApsp then says why (or refuses --backend gpu)
  const std::size_t stride = PaddedSize(arcs.n);
  const BackendDecision d = ChooseBackend(options.backend, ElementType::kInt32, stride, gpu, options.device_memory);
  if (d.backend != Backend::kGpu || d.out_of_core_side != 0) return std::nullopt;
  // The arcs and the narrowing's staging beside the int32 matrix ChooseBackend priced (16 bits need less).
  const std::size_t arc_bytes = (arcs.n + 1) * sizeof(std::uint64_t) + (arcs.n ? arcs.offsets[arcs.n] : 0) * 8;
  const std::size_t budget = options.device_memory ? std::min(options.device_memory, gpu.free_bytes) : gpu.free_bytes;
  if (GpuBytesNeeded(ElementType::kInt32, stride) + arc_bytes + kNarrowStagingBytes > budget) return std::nullopt;
  return d;
}

namespace {

// The device's check (Int16FileHoldsAll): every value one the 16-bit file holds.
bool Int16FileHoldsAll(const std::int32_t* values, std::size_t count, int pool) {
  bool all = true;
#pragma omp parallel for schedule(static) num_threads(pool) reduction(&& : all)
  for (std::size_t i = 0; i < count; ++i) all = all && Int16FileHolds(values[i]);
  return all;
}

}  // namespace

void CpuFloydWarshallOfArcs(const CsrView<std::int32_t>& arcs, std::size_t stride, GpuMode mode,
                            bool narrow_when_values_fit, const ArcsResultSink& sink, int threads,
                            const ProgressFn& progress) {
  DistMatrix<std::int32_t> m(arcs.n);
  if (m.stride() != stride) throw Error("CPU twin: internal error: stride " + std::to_string(stride));
  FillAdjacency(arcs, m);
  const bool int16 = mode == GpuMode::kInt16;
  if (!(int16 && CpuFloydWarshallInt16(m.data(), stride, threads, ActiveCpuIsa(), progress)))
    CpuFloydWarshall(m.data(), stride, threads, progress);  // the same values in 32 bits
  const std::size_t count = stride * stride;
  const int pool = threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const bool store16 = int16 || (narrow_when_values_fit && Int16FileHoldsAll(m.data(), count, pool));
  sink.begin(store16 ? 16 : 32);
  if (!store16) {
    const std::size_t per_chunk = kResultChunkBytes / sizeof(std::int32_t);
    for (std::size_t first = 0; first < count; first += per_chunk)
      sink.write(m.data() + first, std::min(per_chunk, count - first) * sizeof(std::int32_t));
    return;
  }
  // The device's narrowing (NarrowToInt16): clamped at INF16, so INF32 -> INF16.
  const std::size_t per_chunk = kResultChunkBytes / sizeof(std::int16_t);
  std::vector<std::int16_t> chunk(std::min(per_chunk, count));
  for (std::size_t first = 0; first < count; first += per_chunk) {
    const std::size_t len = std::min(per_chunk, count - first);
    const std::int32_t* src = m.data() + first;
#pragma omp parallel for schedule(static) num_threads(pool)
    for (std::size_t i = 0; i < len; ++i) chunk[i] = static_cast<std::int16_t>(std::min(src[i], kInt16Inf));
    sink.write(chunk.data(), len * sizeof(std::int16_t));
  }
}

ApspReport SolveApspOfArcs(const CsrView<std::int32_t>& arcs, double max_abs_weight, const ApspOptions& options,
                           const BackendDecision& decision, const ArcsResultSink& sink) {
  const auto t0 = std::chrono::steady_clock::now();
  // A 16-bit proof bounds every distance below INF16: the int32 range check
  // (a second bound, to 2^24) only where no proof came.
  const PrecisionChoice precision = ChoosePrecisionOfArcs(arcs, max_abs_weight, false, options.allow_int16);
  if (precision.element_bits != 16 && !PathSumsFit<std::int32_t>(arcs.n, max_abs_weight, false) &&
      !BoundLargestDistance(arcs, kMaxDistanceBoundLimit).within_limit)
    throw PathSumsTooLarge<std::int32_t>(arcs.n, max_abs_weight);
  const GpuMode mode = precision.element_bits == 16 ? GpuMode::kInt16 : GpuMode::kInt32;
  const std::size_t stride = PaddedSize(arcs.n);
  ApspReport report;
  report.used = decision.backend;
  report.note = decision.note + ", adjacency built ";
  report.note += decision.backend == Backend::kGpu ? "on the device" : "from the arcs";
  report.note += ", result streamed to the file";
  report.element_bits = precision.element_bits;
  report.precision_reason = precision.reason;
  report.distance_bound = precision.distance_bound;
  // As the host route's file (WriteDistances): 16 bits where every value fits, unless --element-bits 32.
  const bool narrow = options.allow_int16;
  if (decision.backend == Backend::kGpu)
    GpuFloydWarshallOfArcs(ArcArrays{arcs.n, arcs.offsets, arcs.targets, arcs.weights}, stride, mode, narrow, sink,
                           options.progress);
  else CpuFloydWarshallOfArcs(arcs, stride, mode, narrow, sink, options.threads, options.progress);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

}  // namespace gdist
