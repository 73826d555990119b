#include "lib/metrics/sparse_engine_choice.hpp"

#include <omp.h>
#include <unistd.h>

#include <optional>
#include <sstream>

#include "lib/pipeline/memory_plan.hpp"
#include "lib/util/error.hpp"

namespace gdist {

bool ParseMetricsEngine(const std::string& s, MetricsEngine* out) {
  if (s == "auto") *out = MetricsEngine::kAuto;
  else if (s == "dense") *out = MetricsEngine::kDense;
  else if (s == "sparse") *out = MetricsEngine::kSparse;
  else return false;
  return true;
}

double SparseTreesSeconds(double trees, double arcs, bool unit_weights, int threads, Backend where) {
  if (where == Backend::kGpu)
    return trees * arcs * (unit_weights ? kGpuBfsSourceArcSeconds : kGpuWeightedSourceArcSeconds);
  return trees * arcs * (unit_weights ? kCpuBfsSourceArcSeconds : kCpuDijkstraSourceArcSeconds) /
         static_cast<double>(threads > 0 ? threads : 1);
}

EngineDecision ChooseMetricsEngine(MetricsEngine requested, std::size_t n, std::size_t arcs, bool unit_weights,
                                   std::size_t element_bytes, int threads, double physical_bytes, bool int64_weights) {
  EngineDecision d;
  if (requested != MetricsEngine::kAuto) {
    d.engine = requested;
    d.note = "asked for";
    return d;
  }
  if (physical_bytes <= 0)
    physical_bytes = static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGE_SIZE));
  const double t = threads > 0 ? threads : 1;
  const double nn = static_cast<double>(n);
  const double matrix_bytes = nn * nn * static_cast<double>(element_bytes);
  std::ostringstream why;
  if (matrix_bytes > 0.5 * physical_bytes) {
    d.engine = MetricsEngine::kSparse;
    d.matrix_fits = false;
    why << "the " << matrix_bytes / 1e9 << " GB matrix would not fit in memory";
  } else if (n <= kSmallGraph || int64_weights) {
    d.engine = MetricsEngine::kDense;
    why << (int64_weights ? "int64 weights (exact report)" : "a small graph");
  } else {
    const double dense = nn * nn * nn / (2e10 * t) + matrix_bytes / (0.6e9 * t);
    const double sparse = SparseTreesSeconds(nn, static_cast<double>(arcs), unit_weights, threads);
    d.engine = sparse < dense ? MetricsEngine::kSparse : MetricsEngine::kDense;
    why << "estimated dense " << dense << " s, sparse " << sparse << " s";
  }
  d.note = why.str();
  return d;
}

std::uint64_t SparseEngineBytes(std::uint64_t n, std::uint64_t arcs, std::size_t element_bytes, int threads) {
  const std::uint64_t t = threads > 0 ? static_cast<std::uint64_t>(threads) : 1;
  // Per vertex: offsets both ways, components, bounds and per-vertex results
  // (~160 bytes), plus per thread a tree, a queue and 64 lanes of 16 bits
  // with the bit-parallel BFS masks (~256 bytes). Per arc: target + weight, both ways.
  const long double bytes = static_cast<long double>(n) * (160.0L + 256.0L * t) +
                            static_cast<long double>(arcs) * 2.0L * (4.0L + static_cast<long double>(element_bytes));
  return bytes >= 1.8e19L ? UINT64_MAX : static_cast<std::uint64_t>(bytes);
}

void RefuseIfSparseTooLarge(const std::string& input, std::uint64_t n, std::uint64_t arcs, std::size_t element_bytes,
                            int threads) {
  if (threads <= 0) threads = omp_get_max_threads();
  const std::uint64_t need = SparseEngineBytes(n, arcs, element_bytes, threads);
  const std::optional<std::uint64_t> avail = HostMemoryAvailable();
  const bool ids_fit = n < (std::uint64_t{1} << 32);
  if (ids_fit && (!avail || need <= *avail)) return;
  throw Error(input + ": the sparse engine would need about " +
              (need == UINT64_MAX ? std::string("2^64 bytes or more") : DescribeBytes(need)) + " of memory for " +
              std::to_string(n) + " vertices and " + std::to_string(arcs) + " arcs" +
              (avail ? "; this machine has " + DescribeBytes(*avail) + " available" : std::string()) +
              (ids_fit ? "" : "; its vertex ids are 32-bit: at most 4294967295 vertices"));
}

}  // namespace gdist
