// GPHAST (Delling et al. 2011, the GPU half of PHAST): the downward sweep of
// many sources at once on the GPU. A batch of up to kPhastGpuLanes sources
// keeps one line of labels per vertex (vertex-major: a vertex's kPhastGpuLanes
// labels are contiguous, so each down arc reads one coalesced line); the
// upward searches run on the host and arrive as seeds; the sweep runs level
// by level (a level's vertices only read lines of earlier levels), one kernel
// per level; a tiled transposition writes the batch's rows in original vertex
// order, which are handed to a visitor in device memory (as the GPU trees of
// lib/sparse/gpu_sssp.hpp hand theirs). Plain arrays and no CUDA header here
// (nvcc compiles the .cu in C++17); lib/road/gpu_phast.hpp is the C++ API.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "lib/sparse/gpu_sssp.hpp"  // DeviceRowBlock

namespace gdist {

// Sources per batch: a line of 256 labels (1 KiB in int32), one thread block per vertex line.
inline constexpr std::size_t kPhastGpuLanes = 256;

// An upward search's answer: the label of `lane` at `position`.
template <class W> struct PhastSeed {
  std::uint32_t position = 0;
  std::uint32_t lane = 0;
  W distance{};
};

// The hierarchy's sweep arcs in positions (at v: the arcs from higher x into
// v, whose lines are final before v's level runs), its levels, and the
// original vertex -> position map for the rows.
template <class W> struct PhastSweepArcs {
  std::size_t n = 0;
  const std::uint64_t* offsets = nullptr;  // n + 1
  const std::uint32_t* ends = nullptr;     // the higher endpoint of each arc
  const W* weights = nullptr;
  const std::uint32_t* position_of = nullptr;     // n
  const std::uint32_t* level_offsets = nullptr;   // levels + 1, into level_vertices
  const std::uint32_t* level_vertices = nullptr;  // n positions, level by level (sweep order)
  std::size_t levels = 0;
};

// The host's part of batch `b`: its sources (at most kPhastGpuLanes, lane i =
// sources[i]) and their upward searches' seeds; returns the source count.
template <class W> using PhastBatchFn = std::function<std::size_t(std::size_t batch, std::vector<PhastSeed<W>>& seeds,
                                                                  std::vector<std::uint32_t>& sources)>;

struct PhastSweepStats {
  std::size_t batches = 0;
  double device_seconds = 0;  // from the first batch's upload to the last block's rows (events)
  double min_bytes = 0;       // (5 n + arcs) x lanes x sizeof(W) per batch: fill, seeds' lines, sweep, transposition
};

// Runs `batches` batches; block b's rows (row r = the tree of sources[r] of
// batch b) go to visit() in device memory, rows of `stride` >= n labels
// (padding INF). W: int32_t or float. Throws GpuOutOfMemory when the lines and
// one block of rows do not fit.
template <class W> PhastSweepStats SweepPhastOnDevice(const PhastSweepArcs<W>& arcs, std::size_t batches,
                                                      const PhastBatchFn<W>& batch, std::size_t stride,
                                                      const std::function<void(const DeviceRowBlock<W>&)>& visit);

// The same sweep, each block's rows copied to out + (first row of the batch) * stride.
template <class W> PhastSweepStats PhastRowsToHostOnDevice(const PhastSweepArcs<W>& arcs, std::size_t batches,
                                                           const PhastBatchFn<W>& batch, W* out, std::size_t stride);

// The same sweep, each row's labels at `targets` (t original vertices)
// gathered on the device: out + i * t = the table row of the i-th source.
template <class W> PhastSweepStats PhastTableOnDevice(const PhastSweepArcs<W>& arcs, std::size_t batches,
                                                      const PhastBatchFn<W>& batch, const std::uint32_t* targets,
                                                      std::size_t t, W* out);

}  // namespace gdist
