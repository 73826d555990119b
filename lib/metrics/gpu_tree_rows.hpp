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
#include "lib/metrics/sparse_engine_choice.hpp"
#include "lib/metrics/sparse_tree_rows.hpp"
#include "lib/sparse/gpu_ms_bfs.hpp"

namespace gdist {

struct TreeBackendDecision {
  Backend backend = Backend::kCpu;
  std::string note;  // why
};

// Which trees of a graph the GPU runs: BFS trees (unit weights), weighted
// trees (non-negative int32 / float32 weights), or none (why_not says why:
// negative arcs need Johnson's potentials, 64-bit types have no GPU row pass).
struct GpuTreeKind {
  enum Kind { kNone, kBfs, kWeighted } kind = kNone;
  std::string why_not;
};
template <class W> GpuTreeKind GpuTreeKindOf(TreeMethod method);
template <class W> GpuTreeKind GpuTreeKindOf(const ShortestPathTrees<W>& trees) {
  return GpuTreeKindOf<W>(trees.method());
}
// The kind whose rows the GPU writes (siting candidates: its weighted kernel,
// unit weights included): kNone for BFS trees of 64-bit distances too.
template <class W> GpuTreeKind GpuRowsKindOf(TreeMethod method);

// Where a tree from every source of the sparse engine runs: cpu, or gpu for
// the kinds above; auto takes the GPU when the CPU would take over about a
// second (n * arcs source-arcs at kCpuSourceArcSeconds per thread for BFS,
// kCpuDijkstraSourceArcSeconds for Dijkstra: sparse_engine_choice.hpp's cost
// model, sparse_engine_choice.hpp) and probe() finds a usable GPU. --backend gpu with no usable GPU
// throws "--backend gpu: no usable GPU (...)", and with a kind the GPU does
// not run says why.
inline constexpr double kCpuSourceArcSeconds = 0.5e-9;
TreeBackendDecision ChooseTreeBackend(Backend requested, const GpuTreeKind& kind, std::size_t n, std::size_t arcs,
                                      int cpu_threads, const std::function<GpuStatus()>& probe);

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
