// Strong components of a CSR graph: the one Tarjan of the tree (iterative, an
// explicit call stack of (vertex, next arc), so no recursion depth limit).
// Used by the dense engine's 16-bit distance bound (lib/engine/distance_bound)
// and the sparse engine's components (lib/sparse/components).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "lib/graph/csr.hpp"

namespace gdist {

// The component of each vertex, numbered in the order Tarjan completes them:
// a reverse topological order of the condensation (an arc between two
// components goes from a higher id to a lower one). *count: how many.
std::vector<std::uint32_t> StrongComponentIds(std::size_t n, const std::uint64_t* offsets, const std::uint32_t* targets,
                                              std::size_t* count);

template <class W> std::vector<std::uint32_t> StrongComponentIds(const CsrView<W>& g, std::size_t* count) {
  return StrongComponentIds(g.n, g.offsets, g.targets, count);
}

}  // namespace gdist
