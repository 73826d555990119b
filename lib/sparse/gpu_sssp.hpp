// Shortest-path trees of many sources at once on the GPU, for graphs with
// non-negative weights: batches of 32 sources run Bellman-Ford together (one
// warp lane per source, a frontier of improved vertices per round, near-far
// thresholds `delta` apart, as many batches in flight as the device holds;
// kernels/cuda/sssp_device.cuh), and
// the distance rows land in device memory a block of rows at a time, where
// the caller reduces them (the metrics' row pass) or copies them out.
// Bellman-Ford and Dijkstra reach the same least fixpoint of
// d(v) = min(d(u) + w(u, v)) (float additions are monotone), so every row
// equals the CPU tree bit for bit.
//
// Implemented in gpu_sssp.cu when the build has CUDA, by gpu_sssp_no_cuda.cpp
// otherwise ("this build has no CUDA backend"), and in gpu_sssp_host.cpp (the
// checks and the near-far step, every build). The CPU twin, SsspRowsOnCpu, is
// test support (lib/testing/gpu_sssp_twin.hpp). Nothing here needs a CUDA
// header (C++17: nvcc compiles the GPU side).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>

namespace gdist {

inline constexpr std::size_t kSsspBatchSources = 32;

// One direction of the graph: arcs of v are [offsets[v], offsets[v+1]).
template <class W> struct SsspGraph {
  std::size_t n = 0;
  const std::uint64_t* offsets = nullptr;
  const std::uint32_t* targets = nullptr;
  const W* weights = nullptr;
};

// What a sweep did: source-arc relaxations (a source's arc scanned in a round
// where that source had improved the arc's tail) and rounds, summed over
// batches; the kernels' time alone.
struct SsspSweepStats {
  std::uint64_t relaxations = 0;
  std::uint64_t rounds = 0;
  double kernel_seconds = 0;
};

// One block of finished rows in device memory: row r (r < count) at
// rows + r * stride is the tree of sources[first + r]; row_vertices (a device
// array) lists those sources. `stream` is the cudaStream_t the rows were
// written on; whatever the visitor enqueues there runs before the block is
// overwritten.
template <class W> struct DeviceRowBlock {
  std::size_t first = 0, count = 0, stride = 0;
  const W* rows = nullptr;
  const std::uint32_t* row_vertices = nullptr;
  void* stream = nullptr;
};

// The trees of sources[0..count) (in that order: give them in a locality order, as
// LocalitySourceOrder does, so that a batch's frontiers overlap), rows of
// `stride` >= n elements (padding INF), handed to visit() block by block in
// increasing first. W: int32_t or float; weights must be non-negative (throws
// gdist::Error otherwise). Throws GpuOutOfMemory when not even one batch fits.
template <class W> SsspSweepStats SweepRowsOnGpu(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t count,
                                                 std::size_t stride,
                                                 const std::function<void(const DeviceRowBlock<W>&)>& visit, W delta);

// Throws gdist::Error on what both refuse: a source that is not a vertex, a
// stride below n, a negative weight.
template <class W>
void CheckSsspInputs(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t count, std::size_t stride);

// The near-far step: `factor` times the mean arc weight (at least 1 for
// integers; 0: plain Bellman-Ford). The default factor is kSsspDeltaFactor,
// or GDIST_SSSP_DELTA_FACTOR from the environment (benchmarks).
inline constexpr double kSsspDeltaFactor = 8;
double SsspDeltaFactor();
template <class W> W SsspDelta(const SsspGraph<W>& g, double factor = SsspDeltaFactor());

}  // namespace gdist
