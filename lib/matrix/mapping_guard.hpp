// A read-only file mapping that another process may truncate while we read
// it: a read past the new end raises SIGBUS. MappingGuard registers the
// mapping with a SIGBUS handler that, for a fault inside a registered mapping
// only, prints "tool: FILE: the file was truncated while it was being read"
// and exits with status 2 (no output is written: every app reads its input
// before it writes). Faults anywhere else keep the default action (a crash
// with a core, as before), so real bugs are not hidden.
//
// Why not sigsetjmp/siglongjmp around the reads: they happen in OpenMP worker
// threads in many modules (metrics, siting, routes), and jumping out of a
// parallel region is undefined. Why not re-checking the size: the file can
// shrink between the check and the read. Why not copying: matrices larger than
// memory are read through the mapping on purpose.
#pragma once
#include <cstddef>
#include <string>

namespace gdist {

class MappingGuard {
 public:
  MappingGuard() = default;
  // Registers [base, base + bytes) for `path`; throws gdist::Error when more
  // mappings are open at once than the fixed table holds.
  MappingGuard(const void* base, std::size_t bytes, const std::string& path);
  ~MappingGuard();
  MappingGuard(const MappingGuard&) = delete;
  MappingGuard& operator=(const MappingGuard&) = delete;

 private:
  int slot_ = -1;
};

}  // namespace gdist
