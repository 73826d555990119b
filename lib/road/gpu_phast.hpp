// PHAST rows on the GPU (GPHAST) from a contraction hierarchy: the host's side
// of lib/road/gpu_phast_device.hpp (the levels of the sweep, the upward
// searches of each batch on the host's threads). Its CPU twin, which runs the
// same batches, seeds, levels and lines on the CPU so that CI tests the logic
// the GPU runs (the device compares the two), is test support:
// lib/testing/gpu_phast_twin.hpp. Rows (distances from each
// source, kFrom) equal the CPU PHAST's and Dijkstra's bit for bit: every label
// is a minimum over the same sums d(u) + w.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "lib/road/contraction_hierarchy.hpp"
#include "lib/road/gpu_phast_device.hpp"

namespace gdist {

// The sweep's levels: a vertex's level is one more than the highest level of
// the vertices its down arcs come from (0 without any), so a level only reads
// lines of earlier ones; level_vertices lists positions level by level.
struct PhastLevels {
  std::vector<std::uint32_t> offsets;   // levels + 1
  std::vector<std::uint32_t> vertices;  // n positions
};
template <class W> PhastLevels PhastSweepLevels(const ContractionHierarchy<W>& ch);

// The plain arrays the device sweep reads (pointers into ch and levels).
template <class W> PhastSweepArcs<W> PhastArcsOf(const ContractionHierarchy<W>& ch, const PhastLevels& levels);

// Batch b of `sources` (kPhastGpuLanes each, in this order): its sources and
// the seeds of their upward searches, run on `threads` host threads (<= 0:
// all cores). Throws gdist::Error for a source that is not a vertex.
template <class W>
PhastBatchFn<W> PhastBatches(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> sources, int threads);

// Rows of `sources` at out + i * stride (stride >= n; padding left as it is)
// on the GPU (W int32_t or float; throws "this build has no CUDA backend"
// without CUDA, GpuOutOfMemory when a batch does not fit).
template <class W> PhastSweepStats GpuPhastRows(const ContractionHierarchy<W>& ch,
                                                std::span<const std::uint32_t> sources, W* out, std::size_t stride,
                                                int threads);

// The same rows handed block by block to `visit` in device memory (the
// metrics' row passes, or nothing: the bench times the sweep alone).
template <class W> PhastSweepStats GpuPhastSweep(const ContractionHierarchy<W>& ch,
                                                 std::span<const std::uint32_t> sources, std::size_t stride,
                                                 const std::function<void(const DeviceRowBlock<W>&)>& visit,
                                                 int threads);

// The sources x targets table (t = targets.size() labels per row at out + i *
// t) on the GPU: the rows of GpuPhastSweep, each gathered at the targets on
// the device. W as GpuPhastRows.
template <class W> PhastSweepStats GpuPhastTable(const ContractionHierarchy<W>& ch,
                                                 std::span<const std::uint32_t> sources,
                                                 std::span<const std::uint32_t> targets, W* out, int threads);

// Throws gdist::Error for a table target that is not a vertex (GpuPhastTable and its twin).
template <class W> void CheckTableTargets(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> targets);

}  // namespace gdist
