#include "lib/util/host_memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace gdist {

namespace {

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

// This process's address space now (the first field of /proc/self/statm, in pages).
std::optional<std::uint64_t> AddressSpaceBytes() {
  const auto pages = ReadNumber("/proc/self/statm");
  const long page = sysconf(_SC_PAGESIZE);
  if (!pages || page <= 0) return std::nullopt;
  return *pages * static_cast<std::uint64_t>(page);
}

}  // namespace

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
  if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
    const auto limit = static_cast<std::uint64_t>(rl.rlim_cur);
    const auto used = AddressSpaceBytes();
    lower(used ? (limit > *used ? limit - *used : 0) : limit);
  }
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

}  // namespace gdist
