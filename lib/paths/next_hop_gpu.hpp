// The GPU twin of ComputeNextHops (lib/paths/next_hop.hpp): the same two rules
// (least tight neighbour when every weight is positive, else the fewest-arc
// search with the least first hop), chosen by the same test, so it writes the
// same matrix bit for bit. Implemented in
// kernels/cuda/paths_next_hop.cu; next_hop_gpu_no_cuda.cpp stands in without CUDA.
#pragma once
#include "lib/paths/next_hop.hpp"

namespace gdist {

// Throws gdist::Error on any CUDA failure or when the build has no CUDA.
template <class T> NextHopMatrix GpuComputeNextHops(const ArcList<T>& arcs, const MatrixView<T>& dist);

}  // namespace gdist
