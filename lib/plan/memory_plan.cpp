#include "lib/plan/memory_plan.hpp"

#include <omp.h>
#include <sys/statvfs.h>

#include <cstdint>

#include "lib/engine/backend_choice.hpp"
#include "lib/matrix/matrix_size.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

std::optional<std::uint64_t> DiskFree(const std::string& dir) {
  struct statvfs fs;
  if (statvfs(dir.c_str(), &fs) != 0) return std::nullopt;
  return static_cast<std::uint64_t>(fs.f_bavail) * fs.f_frsize;
}

std::optional<std::uint64_t> Add(std::optional<std::uint64_t> a, std::optional<std::uint64_t> b) {
  std::uint64_t sum;
  if (!a || !b || __builtin_add_overflow(*a, *b, &sum)) return std::nullopt;
  return sum;
}

}  // namespace

MemoryPlan PlanMemory(const RunNeeds& needs) {
  MemoryPlan plan;
  const auto matrix = CheckedMatrixBytes(needs.n, ElementSize(needs.type));
  plan.host_bytes = matrix;
  if (needs.next_hops) plan.host_bytes = Add(plan.host_bytes, CheckedMatrixBytes(needs.n, sizeof(std::int32_t)));
  if (matrix) {
    const auto stride = CheckedPaddedSize(needs.n);
    plan.device_bytes = GpuBytesNeeded(needs.type, static_cast<std::size_t>(*stride));
  }
  return plan;
}

void RefuseIfTooLarge(const std::string& input, const RunNeeds& needs) {
  const MemoryPlan plan = PlanMemory(needs);
  // gapsp keeps a matrix above --memory-limit in a temporary file (out of
  // core): then the disk, not RAM, must hold it.
  const auto matrix_bytes = CheckedMatrixBytes(needs.n, ElementSize(needs.type));
  const std::optional<std::string> file_dir = matrix_bytes && *matrix_bytes <= SIZE_MAX
                                                  ? FileBackingDirFor(static_cast<std::size_t>(*matrix_bytes))
                                                  : std::nullopt;
  const std::optional<std::uint64_t> avail = file_dir ? DiskFree(*file_dir) : HostMemoryAvailable();
  if (plan.host_bytes && (!avail || *plan.host_bytes <= *avail)) return;
  std::string what = input + ": a dense " + ElementName(needs.type) + " matrix of " + std::to_string(needs.n) +
                     " vertices" + (needs.next_hops ? " with its next-hop section" : "") + " would need " +
                     (plan.host_bytes ? DescribeBytes(*plan.host_bytes) : std::string("2^64 bytes or more")) +
                     (file_dir ? " in a temporary file (out of core); " + *file_dir + " has "
                               : std::string(" of memory; this machine has ")) +
                     (avail ? DescribeBytes(*avail) : std::string("less")) + " available. To fit: ";
  std::string options;
  if (ElementSize(needs.type) > 4) {
    RunNeeds narrow = needs;
    narrow.type = ElementType::kInt32;
    const auto small = PlanMemory(narrow).host_bytes;
    if (small && avail && *small <= *avail)
      options += "a 4-byte element type (" + OptionText(Option::kType, "int32") +
                 " or float32, if the weights allow it: " + DescribeBytes(*small) + "); ";
  }
  if (needs.next_hops) options += "leave out " + OptionText(Option::kPaths) + "; ";
  if (!file_dir)
    options += "the distances of " + input + " written to a file (" + OptionText(Option::kOutput) +
               "), which keeps a matrix above " + OptionText(Option::kMemoryLimit) +
               " in a temporary file "
               "and works out of core, if the disk has room; ";
  options += "metrics without the matrix from the sparse engine (" + OptionText(Option::kEngine, "trees") + " on " +
             input + "), whose memory grows with the arcs, not n^2; or a smaller graph";
  throw Error(what + options);
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

FileRunBytes RunBytesOfFile(std::uint64_t stride, std::uint64_t rows, std::size_t element_bytes, bool rectangular) {
  const double s = static_cast<double>(stride), e = static_cast<double>(element_bytes);
  FileRunBytes b;
  if (rectangular) {
    b.rows = static_cast<double>(rows) * s * e;
  } else {
    b.matrix = s * s * e;
    b.with_paths = b.matrix + s * s * 4;
  }
  return b;
}

}  // namespace gdist
