// The sparse engine's per-source rows (sparse_tree_rows.hpp's TreeRows) from
// the GPU: unit-weight graphs by the multi-source BFS (lib/sparse/gpu_ms_bfs.hpp;
// the same integers as the CPU trees, harmonic sums one term per level in
// increasing level, as the CPU's bit-parallel BFS adds them), graphs with
// non-negative int32 or float32 weights by the batched Bellman-Ford
// (lib/sparse/gpu_sssp.hpp) and the dense metrics' row passes
// (gpu_sssp_rows.hpp): the CPU trees' rows bit for bit.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "lib/core/backend.hpp"
#include "lib/metrics/sparse_tree_rows.hpp"
#include "lib/plan/tree_backend.hpp"
#include "lib/sparse/gpu_ms_bfs.hpp"

namespace gdist {

template <class W> GpuTreeKind GpuTreeKindOf(const ShortestPathTrees<W>& trees) {
  return GpuTreeKindOf<W>(trees.method());
}

// TreeRows as ComputeTreeRows gives them, from a sweep of the same sources over n vertices.
TreeRows TreeRowsFromSweep(const BfsSweep& sweep, std::size_t n, const TreeRowsRequest& request);

// ComputeTreeRows on the GPU, for trees whose GpuTreeKindOf is not kNone.
// Weighted trees leave values.exact false (their histogram is a second pass:
// GpuHistogramPass).
template <class W> TreeRows GpuTreeRows(const ShortestPathTrees<W>& trees, std::span<const std::uint32_t> sources,
                                        const TreeRowsRequest& request);

// HistogramPass on the GPU, for weighted trees (kWeighted).
template <class W> std::vector<std::uint64_t> GpuHistogramPass(const ShortestPathTrees<W>& trees,
                                                               std::span<const std::uint32_t> sources,
                                                               const HistogramShape& shape, bool directed);

}  // namespace gdist
