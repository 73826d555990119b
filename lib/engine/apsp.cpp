#include "lib/engine/apsp.hpp"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

#include "lib/core/element_traits.hpp"
#include "lib/core/range_check.hpp"
#include "lib/engine/backend_choice.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/engine/cpu_out_of_core.hpp"
#include "lib/engine/distance_bound.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/engine/gpu_out_of_core.hpp"
#include "lib/engine/negative_cycle.hpp"
#include "lib/engine/precision_choice.hpp"
#include "lib/engine/super_tile_schedule.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

std::size_t PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? std::size_t(pages) * std::size_t(page) : 0;
}

void PrintProgressLine(const ApspProgress& p) {
  // At most about one line a second per worker, and always the last round.
  thread_local std::chrono::steady_clock::time_point last{};
  const auto now = std::chrono::steady_clock::now();
  if (p.rounds_done < p.rounds_total && now - last < std::chrono::seconds(1)) return;
  last = now;
  char line[256];
  if (p.relaxations > 0 || p.unit == "rounds")
    std::snprintf(line, sizeof line, "progress: %s %s round %zu/%zu, %.1f s, %.3g relax/s", p.worker.c_str(),
                  p.schedule.c_str(), p.rounds_done, p.rounds_total, p.seconds, p.relax_per_second);
  else  // the sparse engine's trees (or vertices settled): a count and its rate
    std::snprintf(line, sizeof line, "progress: %s %s %s %zu/%zu %s, %.1f s, %.3g %s/s", p.task.c_str(),
                  p.worker.c_str(), p.schedule.c_str(), p.rounds_done, p.rounds_total, p.unit.c_str(), p.seconds,
                  p.seconds > 0 ? static_cast<double>(p.rounds_done) / p.seconds : 0.0, p.unit.c_str());
  std::string text = line;
  if (p.ceiling_relax_per_second > 0) {
    std::snprintf(line, sizeof line, " (%.1f%% of %.3g)", 100 * p.ceiling_fraction(), p.ceiling_relax_per_second);
    text += line;
  }
  std::fprintf(stderr, "%s\n", text.c_str());
}

namespace {

struct WeightRange {
  double max_abs = 0;
  bool negative = false;
};

// One parallel, branch-free pass (it runs on every solve, before the GPU or
// CPU engine, so it must cost little next to them): per row the least value
// and the largest finite one; NaN rows are reported by index. A weight -0
// becomes +0: min(+0, -0) may return either zero, and the backends' min
// instructions choose differently, which would break their bit identity
// (docs/RELIABILITY.md); without a -0 in the input no sum makes one.
template <class T> WeightRange ScanWeights(DistMatrix<T>& m) {
  const T inf = ElementTraits<T>::kInf;
  const std::size_t n = m.n();
  for (std::size_t i = 0; i < n; ++i) {
    if (m.at(i, i) < T(0))
      throw Error("negative cycle: vertex " + m.meta().labels.label(i) + " has a negative self-loop");
    m.at(i, i) = T(0);  // a vertex is at distance 0 from itself
  }
  T lowest = T(0), highest = T(0);
  std::size_t nan_row = n;
#pragma omp parallel for schedule(static) reduction(min : lowest) reduction(max : highest) reduction(min : nan_row)
  for (std::size_t i = 0; i < n; ++i) {
    T* row = m.row(i);
    T lo = T(0), hi = T(0);
    bool nan = false, negative_zero = false;
#pragma omp simd reduction(min : lo) reduction(max : hi) reduction(|| : nan) reduction(|| : negative_zero)
    for (std::size_t j = 0; j < n; ++j) {
      const T w = row[j];
      lo = std::min(lo, w);
      hi = std::max(hi, w < inf ? w : T(0));
      nan = nan || (w != w);
      if constexpr (std::is_floating_point_v<T>) negative_zero = negative_zero || (w == T(0) && std::signbit(w));
    }
    if (negative_zero)
      for (std::size_t j = 0; j < n; ++j)
        if (row[j] == T(0)) row[j] = T(0);
    lowest = std::min(lowest, lo);
    highest = std::max(highest, hi);
    if (nan) nan_row = std::min(nan_row, i);
  }
  if (nan_row < n) throw Error("the matrix holds a NaN weight in the row of vertex " + m.meta().labels.label(nan_row));
  WeightRange r;
  r.negative = lowest < T(0);
  r.max_abs = std::max(std::fabs(static_cast<double>(lowest)), static_cast<double>(highest));
  return r;
}

// The width the engine computes in: the matrix's own, or 16 bits for an
// int32 matrix whose distances are proven to fit (precision_choice.hpp; the
// graph's bound over at most max_arcs arcs, 0: its default).
template <class T> PrecisionChoice ChooseWidth(const DistMatrix<T>& m, const WeightRange& range, bool allow_int16,
                                               std::size_t max_arcs = 0) {
  if constexpr (std::is_same_v<T, std::int32_t>) {
    return ChoosePrecision(m.view(), range.max_abs, range.negative, allow_int16, max_arcs);
  } else {
    PrecisionChoice c;
    c.element_bits = static_cast<int>(8 * sizeof(T));
    c.reason = std::string("the matrix's type, ") + ElementTraits<T>::kName;
    return c;
  }
}

// Out of core the host has no room for a 16-bit copy beside the matrix: the
// int32 matrix is narrowed in place (NarrowToInt16InPlace: the int16 view is
// the stride x stride matrix in the buffer's first half, page aligned), the
// schedule runs on that view, and it is widened back in place, also when the
// schedule throws (the matrix then holds int32 partial results, as a 32-bit
// run would).
template <class Run> void InInt16InPlace(std::int32_t* d, std::size_t stride, int threads, Run&& run) {
  const std::size_t count = stride * stride;
  std::int16_t* narrow = NarrowToInt16InPlace(d, count, threads);
  try {
    run(narrow);
  } catch (...) {
    WidenFromInt16InPlace(narrow, count, threads);
    throw;
  }
  WidenFromInt16InPlace(narrow, count, threads);
}

template <class T>
void RunBackend(DistMatrix<T>& m, const ApspOptions& options, const WeightRange& range, ApspReport& report) {
  GpuStatus gpu;
  if (options.backend != Backend::kCpu) gpu = options.gpu_probe.valid() ? options.gpu_probe.get() : ProbeGpu();
  BackendDecision choice =
      ChooseBackend(options.backend, ElementTraits<T>::kType, m.stride(), gpu, options.device_memory);
  report.used = choice.backend;
  report.note = choice.note;
  if (choice.backend == Backend::kCpu) report.note += std::string(", ") + CpuIsaName(ActiveCpuIsa()) + " kernels";
  const std::size_t limit = options.memory_limit ? options.memory_limit : DefaultMemoryLimit();
  const bool cpu_out_of_core = choice.backend == Backend::kCpu && limit != 0 && m.payload_bytes() > limit;
  const bool out_of_core = cpu_out_of_core || (choice.backend == Backend::kGpu && choice.out_of_core_side != 0);
  if (!options.checkpoint.dir.empty() && !out_of_core)
    throw Error(OptionText(options.checkpoint.resume ? Option::kResume : Option::kCheckpoint) +
                ": only the out-of-core schedules take checkpoints, and this run is in core " +
                (choice.backend == Backend::kGpu ? "on the GPU" : "on the CPU") + "; run it with " +
                OptionText(Option::kBackend, "cpu") + " and a " + OptionText(Option::kMemoryLimit) +
                " below the matrix's " + std::to_string(m.payload_bytes()) + " bytes, or on the GPU with a " +
                OptionText(Option::kDeviceMemory) + " below it");
  // The checkpoints of an out-of-core run (the host matrix between rounds), made before any work.
  std::optional<RoundCheckpoints> checkpoints;
  auto checkpoints_for = [&](const char* schedule, std::size_t side) -> RoundCheckpoints* {
    if (options.checkpoint.dir.empty()) return nullptr;
    checkpoints.emplace(options.checkpoint, schedule, ElementTraits<T>::kType, m.data(), m.stride(), side,
                        SuperTileGrid(m.stride(), side).blocks());
    if (checkpoints->first_round() > 0)
      report.note +=
          ", resumed at round " + std::to_string(checkpoints->first_round() + 1) + " from " + options.checkpoint.dir;
    return &*checkpoints;
  };
  // A checkpointed run keeps the matrix's width: its snapshots are the
  // matrix's type between rounds, and a resumed run goes on in the schedule
  // it left. Out of core the graph's bound takes its arcs (16 bytes each)
  // within the memory limit.
  const bool checkpointed = !options.checkpoint.dir.empty();
  const std::size_t max_arcs = out_of_core && limit != 0 ? std::max<std::size_t>(limit / 16, 1) : 0;
  PrecisionChoice precision = ChooseWidth(m, range, options.allow_int16 && !checkpointed, max_arcs);
  if (checkpointed && options.allow_int16 && std::is_same_v<T, std::int32_t>) precision.reason = kCheckpointKeepsWidth;
  const bool int16 = precision.element_bits == 16;
  bool ran_int16 = false;
  if (choice.backend == Backend::kGpu) {
    if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float>) {
      if (choice.out_of_core_side != 0) {
        if constexpr (std::is_same_v<T, std::int32_t>) {
          if (int16) {
            const std::size_t side =
                SuperTileSideFor(m.stride(), sizeof(std::int16_t), choice.out_of_core_budget, kGpuOutOfCoreSlots);
            report.note += ", in 16 bits: blocks of " + std::to_string(side);
            InInt16InPlace(m.data(), m.stride(), options.threads, [&](std::int16_t* narrow) {
              GpuOutOfCoreFloydWarshall(narrow, m.stride(), side, options.progress);
            });
            ran_int16 = true;
          }
        }
        if (!ran_int16)
          GpuOutOfCoreFloydWarshall(m.data(), m.stride(), choice.out_of_core_side, options.progress,
                                    checkpoints_for("gpu-out-of-core", choice.out_of_core_side));
      } else {
        const GpuRunInfo info{range.max_abs, range.negative, m.n(), int16 ? precision.distance_bound : -1, int16};
        ran_int16 = GpuFloydWarshall(m.data(), m.stride(), info, options.progress) == GpuMode::kInt16;
      }
    }
  } else if (cpu_out_of_core) {
    // 16 bits: blocks of 2-byte elements, twice the area in the same memory.
    const std::size_t element = int16 ? sizeof(std::int16_t) : sizeof(T);
    const std::size_t side = SuperTileSideFor(m.stride(), element, limit, kCpuOutOfCoreSlots);
    report.note += ", out of core: blocks of " + std::to_string(side) + (int16 ? " in 16 bits" : "") + " (" +
                   std::to_string(kCpuOutOfCoreSlots * side * side * element >> 20) + " MiB working set)";
    if constexpr (std::is_same_v<T, std::int32_t>) {
      if (int16) {
        InInt16InPlace(m.data(), m.stride(), options.threads, [&](std::int16_t* narrow) {
          CpuOutOfCoreFloydWarshall(narrow, m.stride(), side, options.threads, options.progress);
        });
        ran_int16 = true;
      }
    }
    if (!ran_int16)
      CpuOutOfCoreFloydWarshall(m.data(), m.stride(), side, options.threads, options.progress,
                                checkpoints_for("cpu-out-of-core", side));
  } else {
    if constexpr (std::is_same_v<T, std::int32_t>)
      ran_int16 =
          int16 && CpuFloydWarshallInt16(m.data(), m.stride(), options.threads, ActiveCpuIsa(), options.progress);
    if (!ran_int16) CpuFloydWarshall(m.data(), m.stride(), options.threads, options.progress);
  }
  report.element_bits = ran_int16 ? 16 : static_cast<int>(8 * sizeof(T));
  report.precision_reason = precision.reason;
  report.distance_bound = precision.distance_bound;
  if (int16 && !ran_int16) report.precision_reason += "; but the 16-bit copy did not fit in memory beside the matrix";
}

// The range proof past (n-1) x max|w|: non-negative int32 arcs whose graph
// bounds every finite distance by kMaxDistanceBoundLimit (distance_bound.hpp;
// a graph ChooseDistanceType narrowed from int64). Every stored value then
// stays in [0, INF]: min(c, a + b) with a, b <= INF never overflows, and a
// partial path longer than INF reads as INF, which min-plus forgives (the
// final distances are below the bound).
template <class T> bool DistancesProvenSmall(const DistMatrix<T>& m, const WeightRange& range) {
  if constexpr (std::is_same_v<T, std::int32_t>) {
    if (range.negative) return false;
    ArcCsr arcs;
    constexpr std::size_t kMaxArcs = std::size_t{1} << 28;  // 2 GiB of arcs at most
    return CsrOfAdjacency(m.view(), kMaxArcs, &arcs) && BoundLargestDistance(arcs, kMaxDistanceBoundLimit).within_limit;
  } else {
    return false;
  }
}

}  // namespace

template <class T> Error PathSumsTooLarge(std::size_t n, double max_abs_weight) {
  std::string what = "path lengths can reach ";
  what += std::to_string(PathSumBound(n, max_abs_weight));
  what += ", past what ";
  what += ElementTraits<T>::kName;
  what += " holds with INF to spare; convert with '";
  if constexpr (std::is_same_v<T, std::int32_t>) {
    what += OptionText(Option::kType, "int64");
    what += "' (exact) or '";
    what += OptionText(Option::kType, "float64");
    what += "'";
  } else {
    what += OptionText(Option::kType, "float64");
    what += "' (rounded to 53 bits)";
  }
  return Error(what);
}

template <class T> ApspReport SolveApsp(DistMatrix<T>& m, const ApspOptions& options) {
  auto t0 = std::chrono::steady_clock::now();
  ApspReport report;
  if (m.meta().kind == MatrixKind::kDistance) throw Error("the input is already a distance matrix");
  const WeightRange range = ScanWeights(m);
  if (!PathSumsFit<T>(m.n(), range.max_abs, range.negative) && !DistancesProvenSmall(m, range))
    throw PathSumsTooLarge<T>(m.n(), range.max_abs);
  // With a negative weight the arcs are kept: the run's result is then checked
  // against them for a negative cycle (negative_cycle.hpp), in O(n^2 + arcs).
  ArcList<T> arcs;
  if (range.negative) arcs = ArcsOfAdjacency(m.view());
  // A caller's schedule (the distributed one) leaves the full result on one
  // rank only, so there the check runs before it, on the kept arcs.
  const bool check_before = range.negative && options.schedule;
  if (check_before) {
    if (const auto v = FindNegativeCycle(arcs))
      throw Error("negative cycle: vertex " + m.meta().labels.label(*v) + " lies on a cycle of negative length");
  }

  if (options.schedule) {
    report.used = options.schedule_backend;
    report.note = options.schedule_note;
    // The in-core engines' proof, on every rank (each holds the matrix): the
    // same choice everywhere. A checkpointed run keeps the matrix's width.
    const bool checkpointed = !options.checkpoint.dir.empty();
    PrecisionChoice precision = ChooseWidth(m, range, options.allow_int16 && !checkpointed);
    if (checkpointed && options.allow_int16 && std::is_same_v<T, std::int32_t>)
      precision.reason = kCheckpointKeepsWidth;
    report.note +=
        options.schedule(m.data(), m.stride(), ElementTraits<T>::kType, precision.element_bits, options.checkpoint);
    report.element_bits = precision.element_bits;
    report.precision_reason = precision.reason;
    report.distance_bound = precision.distance_bound;
  } else {
    RunBackend(m, options, range, report);
  }

  if (range.negative && !check_before && !NoNegativeCycle(arcs, m.view())) {
    const auto v = FindNegativeCycle(arcs);
    if (v) throw Error("negative cycle: vertex " + m.meta().labels.label(*v) + " lies on a cycle of negative length");
    throw Error("negative cycle: the graph has a cycle of negative length");
  }

  if constexpr (std::is_integral_v<T>) {
    // "INF + negative" sums sit just below INF: they are unreachable pairs.
    // The padding too (padded vertices are isolated; the file promises INF there).
    if (range.negative) {
      const T bound = static_cast<T>(PathSumBound(m.n(), range.max_abs));
      const T inf = ElementTraits<T>::kInf;
#pragma omp parallel for schedule(static)
      for (std::size_t i = 0; i < m.stride(); ++i) {
        T* row = m.row(i);
#pragma omp simd
        for (std::size_t j = 0; j < m.stride(); ++j) row[j] = row[j] > bound ? inf : row[j];
        if (i >= m.n()) row[i] = T(0);
      }
    }
  }
  for (std::size_t i = 0; i < m.n(); ++i)
    if (m.at(i, i) < T(0))  // cannot happen after the check above; kept as a last guard
      throw Error("negative cycle through vertex " + m.meta().labels.label(i));
  m.meta().kind = MatrixKind::kDistance;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

#define GDIST_INSTANTIATE(T)                                            \
  template ApspReport SolveApsp<T>(DistMatrix<T>&, const ApspOptions&); \
  template Error PathSumsTooLarge<T>(std::size_t, double);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
