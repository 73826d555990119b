// CPU blocked Floyd-Warshall over a padded matrix (stride x stride, row-major).
// Same tile operations as the GPU engine: diagonal closure, panels, rank-B
// min-plus update; threads over tiles.
#pragma once
#include <cstddef>
#include <cstdint>

namespace gdist {

template <class T> void CpuFloydWarshall(T* d, std::size_t stride, int threads);

}  // namespace gdist
