// The adjacency matrix built where the Floyd-Warshall run keeps it: from CSR
// arcs (one per ordered pair, no self-loops: lib/sparse/csr_graph.hpp) into
// the stride x stride device matrix, INF everywhere, 0 on the diagonal
// (padding included), each arc's weight at (u, v). E = int16_t clamps a weight
// at INF16 as NarrowToInt16 does (an arc that heavy is on no shortest path of
// a graph the 16-bit proof admits). Host twin: lib/engine/arcs_adjacency.hpp.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace gdist::cuda {

// Enqueues on `stream`; offsets (n + 1), targets and weights are device arrays.
template <class E> void BuildAdjacencyOnDevice(E* d, std::size_t stride, std::size_t n, const std::uint64_t* offsets,
                                               const std::uint32_t* targets, const std::int32_t* weights,
                                               cudaStream_t stream);

}  // namespace gdist::cuda
