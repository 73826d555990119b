// The CPU twin of GPU PHAST (lib/road/gpu_phast.hpp): the same batches of
// kPhastGpuLanes sources, seeds, levels and vertex-major lines as the device
// sweep, on the CPU; tests compare it with Dijkstra (CI) and with the GPU (the
// device). Test support (gdist_test_support): tests and bench link it, the
// installed libraries do not.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

#include "lib/road/contraction_hierarchy.hpp"

namespace gdist {

// Rows of `sources` at out + i * stride (stride >= n; padding left as it is).
template <class W> void PhastRowsTwin(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> sources, W* out,
                                      std::size_t stride, int threads);

// The sources x targets table of GpuPhastTable: the twin's rows, gathered at the targets.
template <class W> void PhastTableTwin(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> sources,
                                       std::span<const std::uint32_t> targets, W* out, int threads);

}  // namespace gdist
