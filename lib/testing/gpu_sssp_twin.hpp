// The CPU twin of the batched GPU shortest paths (lib/sparse/gpu_sssp.hpp): the
// same batches, rounds, masks and transposition, one batch per thread; tests
// compare it with the CPU trees (CI) and with the GPU (the device). Test
// support (gdist_test_support): tests and bench link it, the installed
// libraries do not.
#pragma once
#include <cstddef>
#include <cstdint>

#include "lib/sparse/gpu_sssp.hpp"

namespace gdist {

// Rows into host memory: row i at out + i * stride (padding INF). threads <= 0: all cores.
template <class W> SsspSweepStats SsspRowsOnCpu(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t count,
                                                W* out, std::size_t stride, int threads, W delta);

}  // namespace gdist
