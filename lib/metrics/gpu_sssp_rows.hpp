// The metrics' per-row reductions of weighted shortest-path trees computed on
// the GPU: the trees' rows come from the batched GPU shortest paths
// (lib/sparse/gpu_sssp.hpp) a block at a time and go straight through the
// dense GPU metrics' row and histogram passes (metrics_gpu.hpp), which add in
// the CPU's lane order: the SummaryRow, CentralityRow and histogram counts
// equal the CPU trees' bit for bit. Only the per-row results cross PCIe
// (SsspRowsToHost copies whole rows, for the siting candidates).
// Implemented in gpu_sssp_rows.cu, by gpu_sssp_rows_no_cuda.cpp without CUDA.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "lib/metrics/row_reduction.hpp"
#include "lib/sparse/gpu_sssp.hpp"

namespace gdist {

struct GpuSsspRowReductions {
  std::vector<SummaryRow> summary;        // per source, in the order given
  std::vector<CentralityRow> centrality;  // per source, in the order given
  SsspSweepStats stats;
};

// Any sweep that hands rows of n vertices to a visitor in device memory (the
// GPU trees here, the road hierarchy's GPU PHAST: lib/road/gpu_phast.hpp),
// called with the row stride to use and the visitor.
template <class W> using DeviceRowSweep =
    std::function<void(std::size_t stride, const std::function<void(const DeviceRowBlock<W>&)>&)>;

// The per-row reductions of `count` rows of n vertices from `sweep`, in the
// order its blocks give them (block.first).
template <class W>
GpuSsspRowReductions ReduceRowsOnGpu(std::size_t n, std::size_t count, const DeviceRowSweep<W>& sweep);

// W: int32_t or float, non-negative weights.
template <class W>
GpuSsspRowReductions ReduceSsspRowsOnGpu(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t count);

// The histogram counts of those trees in `shape` (the dense rule: every j != i
// directed, j > i undirected, finite only).
template <class W> std::vector<std::uint64_t> SsspHistogramOnGpu(const SsspGraph<W>& g, const std::uint32_t* sources,
                                                                 std::size_t count, bool directed,
                                                                 const HistogramShape& shape, SsspSweepStats* stats);

// The trees' rows themselves, copied into host memory: the tree of
// sources[r] goes to out + dest_rows[r] * stride (stride: a multiple of 128;
// padding INF). For row blocks the caller keeps (siting candidates).
template <class W> SsspSweepStats SsspRowsToHost(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t count,
                                                 const std::uint32_t* dest_rows, W* out, std::size_t stride);

}  // namespace gdist
