// The sparse engine's per-source rows (sparse_tree_rows.hpp's TreeRows) from
// the GPU multi-source BFS (lib/sparse/gpu_ms_bfs.hpp), for unit-weight
// graphs: the same integers as the CPU trees, the same harmonic sums (one
// term per level, in increasing level, as the CPU's bit-parallel BFS adds them).
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "lib/core/backend.hpp"
#include "lib/metrics/sparse_tree_rows.hpp"
#include "lib/sparse/gpu_ms_bfs.hpp"

namespace gdist {

struct TreeBackendDecision {
  Backend backend = Backend::kCpu;
  std::string note;  // why
};

// Where a tree from every source of the sparse engine runs: cpu, or gpu for
// unit weights (weighted trees stay on the CPU); auto takes the GPU when the
// CPU's bit-parallel BFS would take over about a second (n * arcs source-arcs
// at kCpuSourceArcSeconds per thread) and probe() finds a usable GPU.
// --backend gpu with no usable GPU throws "--backend gpu: no usable GPU (...)",
// and with weights (no GPU trees for them) says so.
inline constexpr double kCpuSourceArcSeconds = 0.5e-9;
TreeBackendDecision ChooseTreeBackend(Backend requested, bool unit_weights, std::size_t n, std::size_t arcs,
                                      int cpu_threads, const std::function<GpuStatus()>& probe);

// TreeRows as ComputeTreeRows gives them, from a sweep of the same sources over n vertices.
TreeRows TreeRowsFromSweep(const BfsSweep& sweep, std::size_t n, const TreeRowsRequest& request);

// ComputeTreeRows for BFS trees (trees.method() == kBfs), on the GPU.
template <class W> TreeRows GpuTreeRows(const ShortestPathTrees<W>& trees, std::span<const std::uint32_t> sources,
                                        const TreeRowsRequest& request);

}  // namespace gdist
