// The batched shortest-path kernel (lib/sparse/gpu_sssp.hpp is its host
// side): every thread block takes batches of kSsspLanes sources in turn and
// runs their Bellman-Ford together, one warp lane per source, over the
// vertices some source improved in the previous round (a frontier of
// vertices, each with the mask of sources that improved it). Near-far
// (Davidson et al., IPDPS 2014): a round relaxes a source's vertex only when
// its distance is below a threshold; the others wait in a far pile that
// becomes the frontier when the near rounds run dry and the threshold grows
// by delta. Plain Bellman-Ford re-improves each vertex many times on weighted
// road graphs; the threshold keeps the work close to Dijkstra's. Distances live
// vertex-major in the block's slot (the kSsspLanes distances of a vertex are
// one 128-byte line, so a warp relaxes an arc for every source with one
// coalesced load); a finished batch is transposed into source-major rows.
// Weights must be non-negative (the caller runs Johnson's trees on the CPU).
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace gdist::cuda {

inline constexpr int kSsspLanes = 32;  // sources per batch: one per lane of a warp

template <class W> struct SsspDeviceGraph {
  std::size_t n = 0;  // < 2^32 - 1
  const std::uint64_t* offsets = nullptr;
  const std::uint32_t* targets = nullptr;
  const W* weights = nullptr;
};

// One slot per resident block: n x kSsspLanes distances, three masks and
// three vertex lists of n (current, next and far). Masks must be zero before the first launch (they come
// back zero after every batch).
template <class W> struct SsspDeviceScratch {
  std::size_t slots = 0;
  W* dist = nullptr;                       // slots * n * kSsspLanes
  std::uint32_t* masks = nullptr;          // slots * 2 * n
  std::uint32_t* lists = nullptr;          // slots * 2 * n
  unsigned* next_batch = nullptr;          // one counter, zero before each launch
  unsigned long long* counters = nullptr;  // [0] source-arc relaxations, [1] rounds (summed over batches)
};
template <class W> std::size_t SsspScratchBytesPerSlot(std::size_t n) {
  return n * (kSsspLanes * sizeof(W) + 6 * sizeof(std::uint32_t));
}

// Resident blocks of the kernel per multiprocessor.
template <class W> int SsspBlocksPerMultiprocessor();

// The trees of sources[0..count) (device array) into rows: row r (r < count)
// at rows + r * stride holds d(sources[r], v) for v < n and INF for
// n <= v < stride. delta: the near-far step (0: plain Bellman-Ford).
// Enqueued on stream; launch errors thrown as gdist::Error. W: int32_t or float.
template <class W> void BatchedSsspOnDevice(const SsspDeviceGraph<W>& g, const std::uint32_t* sources,
                                            std::size_t count, const SsspDeviceScratch<W>& scratch, W* rows,
                                            std::size_t stride, W delta, cudaStream_t stream);

}  // namespace gdist::cuda
