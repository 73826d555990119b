// What this process may still allocate, and byte counts in words: the facts
// every "does it fit" check compares its needs with (lib/pipeline/memory_plan
// for the matrix, lib/matrix/arc_list for the kept arcs).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace gdist {

// MemAvailable, lowered by a cgroup v2 memory limit and by what RLIMIT_AS
// leaves beside this process's current address space, when they are tighter.
// nullopt when unknown.
std::optional<std::uint64_t> HostMemoryAvailable();

// "17179869184 bytes (16.0 GiB)".
std::string DescribeBytes(std::uint64_t bytes);

}  // namespace gdist
