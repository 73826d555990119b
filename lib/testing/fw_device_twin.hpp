// The CPU twin of the GPU's in-core Floyd-Warshall (kernels/cuda/fw_device.cu):
// the same tiles, phases and in-place rules in plain scalar code, so that it
// forms the same sums d(i,k) + d(k,j) from the same values. Tests compare the
// CPU engine with it bit for bit on float32, where the association of a path
// sum decides its rounding (CI, no GPU), and the GPU with the CPU engine on the
// device. Test support (gdist_test_support): tests and bench link it, the
// installed libraries do not.
#pragma once
#include <cstddef>

namespace gdist {

// d: a padded stride x stride row-major float32 matrix (stride a multiple of
// kTile), in place, on one thread. (int32 needs no twin: its sums are exact.)
void FloydWarshallOnDeviceTwin(float* d, std::size_t stride);

}  // namespace gdist
