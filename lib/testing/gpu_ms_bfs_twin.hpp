// The CPU twin of the batched multi-source BFS kernel (lib/sparse/gpu_ms_bfs.hpp):
// the same batches, phases and counters, one batch per thread; tests compare
// it with the GPU bit for bit and with the CPU trees (sparse_tree_rows).
// Test support (gdist_test_support): tests and bench link it, the installed
// libraries do not.
#pragma once
#include <cstdint>

#include "lib/sparse/gpu_ms_bfs.hpp"

namespace gdist {

// threads <= 0: all.
BfsSweep SweepSourcesOnCpu(const BfsGraph& g, const std::uint32_t* sources, std::size_t count, int threads);

}  // namespace gdist
