#include "lib/pipeline/memory_plan.hpp"

#include <sys/resource.h>
#include <sys/statvfs.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "lib/engine/backend_choice.hpp"
#include "lib/matrix/matrix_size.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "lib/util/error.hpp"

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

std::optional<std::uint64_t> ReadNumber(const char* path) {
  std::ifstream f(path);
  std::uint64_t v;
  if (f >> v) return v;
  return std::nullopt;  // absent, or "max"
}

std::optional<std::uint64_t> MemAvailable() {
  std::ifstream f("/proc/meminfo");
  std::string key;
  std::uint64_t kib;
  std::string unit;
  while (f >> key >> kib) {
    std::getline(f, unit);
    if (key == "MemAvailable:") return kib * 1024;
  }
  return std::nullopt;
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

std::optional<std::uint64_t> HostMemoryAvailable() {
  std::optional<std::uint64_t> avail = MemAvailable();
  auto lower = [&](std::optional<std::uint64_t> v) {
    if (v && (!avail || *v < *avail)) avail = v;
  };
  // cgroup v2: what the container may still use.
  const auto max = ReadNumber("/sys/fs/cgroup/memory.max");
  const auto current = ReadNumber("/sys/fs/cgroup/memory.current");
  if (max && current) lower(*max > *current ? *max - *current : 0);
  struct rlimit rl;
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) lower(static_cast<std::uint64_t>(rl.rlim_cur));
  return avail;
}

std::string DescribeBytes(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = static_cast<double>(bytes);
  int unit = -1;
  while (v >= 1024 && unit < 5) {
    v /= 1024;
    ++unit;
  }
  std::ostringstream s;
  s << bytes << " bytes";
  if (unit >= 0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, " (%.1f %s)", v, kUnits[unit]);
    s << buf;
  }
  return s.str();
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
      options +=
          "a 4-byte element type (--type int32 or float32, if the weights allow it: " + DescribeBytes(*small) + "); ";
  }
  if (needs.next_hops) options += "leave out --paths; ";
  if (!file_dir)
    options += "gapsp " + input +
               " OUT, which keeps a matrix above --memory-limit in a temporary file and works "
               "out of core, if the disk has room; ";
  options += "metrics without the matrix from the sparse engine (gcenter " + input +
             " --engine sparse), whose memory grows with the arcs, not n^2; or a smaller graph";
  throw Error(what + options);
}

}  // namespace gdist
