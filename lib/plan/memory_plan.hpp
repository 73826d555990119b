// The memory a run needs, computed before anything large is allocated and
// compared with what the machine has: one place for every app, so a graph
// whose dense matrix cannot fit is refused with both numbers and the options
// that would make it fit, instead of being killed (or wrapping a size) later.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "lib/matrix/element_type.hpp"
#include "lib/util/host_memory.hpp"  // HostMemoryAvailable, DescribeBytes

namespace gdist {

struct RunNeeds {
  std::uint64_t n = 0;
  ElementType type = ElementType::kInt32;
  bool next_hops = false;  // gapsp --paths: a stride x stride int32 section beside the matrix
};

struct MemoryPlan {
  std::optional<std::uint64_t> host_bytes;    // nullopt: more than 2^64
  std::optional<std::uint64_t> device_bytes;  // in-core GPU engine, same convention
};

MemoryPlan PlanMemory(const RunNeeds& needs);

// Throws gdist::Error ("INPUT: a dense ... would need N bytes, this machine has
// M available; ...options...") when the host part of the plan cannot fit.
void RefuseIfTooLarge(const std::string& input, const RunNeeds& needs);

// The memory a run on a matrix file holds (ginfo's "a run needs"): a square
// file, gapsp's stride x stride matrix of `element_bytes` (and its next hops,
// stride x stride int32, with --paths); the rows of some sources (a
// rectangular file, gapsp --sources), gcenter's one copy of its rows x stride
// elements for siting (GatherCosts; the file itself is mapped), never the
// whole matrix.
struct FileRunBytes {
  double matrix = 0, with_paths = 0;  // square
  double rows = 0;                    // rectangular
};
FileRunBytes RunBytesOfFile(std::uint64_t stride, std::uint64_t rows, std::size_t element_bytes, bool rectangular);

// The bytes the sparse engine may need for a graph of n vertices and `arcs`
// arcs (CSR both ways, per-thread trees and bit-parallel lanes, per-vertex
// results): checked before the CSR graph is built.
std::uint64_t SparseEngineBytes(std::uint64_t n, std::uint64_t arcs, std::size_t element_bytes, int threads);

// Throws gdist::Error naming `input` when SparseEngineBytes cannot fit in the
// memory available, or n passes the 32-bit vertex ids, before the CSR graph
// is built: "INPUT: the sparse engine would need about N of memory for V
// vertices and A arcs; this machine has M available". Every graph path that
// builds a CSR graph (gcenter's engines and --candidates, gapsp's trees) asks
// here. threads: 0 = all cores.
void RefuseIfSparseTooLarge(const std::string& input, std::uint64_t n, std::uint64_t arcs, std::size_t element_bytes,
                            int threads);

}  // namespace gdist
