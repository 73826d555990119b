// Batched multi-source BFS on the GPU: the per-source results of a BFS from
// many sources of an unweighted graph (eccentricity, farthest vertex, distance
// sum, reached count, harmonic sum, first missed vertex) and the number of
// pairs at each distance, in one kernel launch for all sources.
//
// Each thread block runs the bit-parallel BFS of kBatchSources sources at once
// (one bit per source per vertex, kBatchWords 64-bit words: seen and next per
// vertex, the frontier's masks beside its vertex list), expanding only the
// vertices some source reached at the previous level,
// and counts each level's new bits per source with warp ballots. Sources go in
// a locality order (LocalitySourceOrder: compact balls of the graph), so that a
// batch's BFS share their frontiers and each vertex enters few levels.
//
// Implemented in gpu_ms_bfs.cu (GPU) when the build has CUDA, by
// gpu_ms_bfs_no_cuda.cpp otherwise ("this build has no CUDA backend"), and in
// gpu_ms_bfs_host.cpp (the ordering, every build). The CPU twin of the kernel,
// SweepSourcesOnCpu, is test support (lib/testing/gpu_ms_bfs_twin.hpp).
// Nothing here needs a CUDA header.
#pragma once
#include <cstdint>
#include <vector>

namespace gdist {

inline constexpr int kBatchWords = 4;
inline constexpr int kBatchSources = 64 * kBatchWords;
inline constexpr std::uint32_t kNoVertex = 0xFFFFFFFFu;

// The graph one direction at a time: arcs of v are
// targets[offsets[v]..offsets[v+1]).
struct BfsGraph {
  std::size_t n = 0;
  const std::uint64_t* offsets = nullptr;
  const std::uint32_t* targets = nullptr;
};

// One source's BFS, in hops.
struct BfsSourceStats {
  std::uint32_t eccentricity = 0;             // the largest level reached (0: only the source)
  std::uint32_t farthest = kNoVertex;         // the smallest vertex at that level
  std::uint32_t nearest_level = 0;            // the smallest level > 0 reached (0: none)
  std::uint32_t first_unreached = kNoVertex;  // the smallest vertex not reached (kNoVertex: none)
  std::uint64_t reached = 0;                  // vertices reached, the source included
  std::uint64_t total = 0;                    // sum of the distances to them
  double harmonic = 0;                        // sum over levels L > 0 of count(L) / L, in increasing L
};

struct BfsSweep {
  std::vector<BfsSourceStats> sources;     // in the order of the sources given
  std::vector<std::uint64_t> level_pairs;  // [L]: (source, vertex) pairs at distance L > 0 ([0] = 0)
  double kernel_seconds = 0;               // GPU: the kernel alone (no transfers)
};

// The sources in an order that keeps each run of kBatchSources close in the
// graph: balls grown by BFS over the vertices not yet taken, started in the
// order of a BFS of the whole graph (each weak piece in turn). Returns
// positions into sources[0..count): a permutation of 0..count-1.
std::vector<std::uint32_t> LocalitySourceOrder(const BfsGraph& g, const std::uint32_t* sources, std::size_t count);

// The sources themselves in that order: (*ordered)[r] = sources[order[r]];
// returns the order (the position of each ordered source in `sources`).
std::vector<std::uint32_t> SourcesInLocalityOrder(const BfsGraph& g, const std::uint32_t* sources, std::size_t count,
                                                  std::vector<std::uint32_t>* ordered);

// Throws gdist::Error on any CUDA failure (GpuOutOfMemory when even one
// block's scratch cannot fit) and "this build has no CUDA backend" without
// CUDA. (C++17 signatures: nvcc compiles the GPU side.)
BfsSweep SweepSourcesOnGpu(const BfsGraph& g, const std::uint32_t* sources, std::size_t count);

}  // namespace gdist
