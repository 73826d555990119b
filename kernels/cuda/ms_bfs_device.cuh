// The bit-parallel multi-source BFS kernel (lib/sparse/gpu_ms_bfs.hpp is its
// host side): every thread block takes batches of kMsBfsSources consecutive
// sources in turn and runs their BFS together, one bit per source per vertex.
// Plain device arrays in and out; the per-source results are arrays indexed
// by the source's position.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace gdist::cuda {

inline constexpr int kMsBfsWords = 4;                   // 64-bit words per vertex and bitmap
inline constexpr int kMsBfsSources = 64 * kMsBfsWords;  // sources per batch = threads per block

struct MsBfsDeviceGraph {
  std::size_t n = 0;  // < 2^32 - 1
  const std::uint64_t* offsets = nullptr;
  const std::uint32_t* targets = nullptr;
};

// One slot per resident block: two bitmaps (seen, next) of n x kMsBfsWords
// words, the frontier's masks by list position (n x kMsBfsWords), a level
// stamp per vertex and two vertex lists of n. All zero before the first launch
// (next comes back zero after every batch; stamps only grow).
struct MsBfsDeviceScratch {
  std::size_t slots = 0;
  unsigned long long* masks = nullptr;  // slots * 3 * n * kMsBfsWords
  std::uint32_t* stamps = nullptr;      // slots * n
  std::uint32_t* lists = nullptr;       // slots * 2 * n
};
std::size_t MsBfsScratchBytesPerSlot(std::size_t n);

// Results per source position (BfsSourceStats' fields) and the pairs per level.
struct MsBfsDeviceOutput {
  std::uint32_t* eccentricity = nullptr;
  std::uint32_t* farthest = nullptr;
  std::uint32_t* nearest_level = nullptr;
  std::uint32_t* first_unreached = nullptr;
  unsigned long long* reached = nullptr;
  unsigned long long* total = nullptr;
  double* harmonic = nullptr;
  unsigned long long* level_pairs = nullptr;  // n entries, zero before the launch; added to
};

// Resident blocks of the kernel per multiprocessor.
int MsBfsBlocksPerMultiprocessor();

// BFS from sources[0..count) (device array) with scratch.slots blocks;
// enqueued on stream, launch errors thrown as gdist::Error.
void MultiSourceBfsOnDevice(const MsBfsDeviceGraph& g, const std::uint32_t* sources, std::size_t count,
                            const MsBfsDeviceScratch& scratch, const MsBfsDeviceOutput& out, cudaStream_t stream);

}  // namespace gdist::cuda
