// The GPU engine as seen from the host. Implemented in kernels/cuda when the
// build has CUDA, and by gpu_backend_no_cuda.cpp otherwise (it reports "not built
// with CUDA"). Nothing here needs a CUDA header.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "lib/core/backend.hpp"
#include "lib/engine/progress.hpp"
#include "lib/matrix/element_type.hpp"

namespace gdist {

// Never throws: no driver, no device, a device our kernels cannot run on or a
// CUDA-less build give usable=false.
GpuStatus ProbeGpu();

// In place on the padded host matrix (page aligned). T: int32_t or float.
// max_abs_weight/has_negative/distance_bound let the engine pick its 16-bit
// mode when a range proof allows it (range_check.hpp). Returns the mode it ran
// in. Throws gdist::Error on any CUDA failure.
struct GpuRunInfo {
  double max_abs_weight = 0;
  bool has_negative = false;
  std::size_t n = 0;                 // real vertices (<= stride)
  std::int64_t distance_bound = -1;  // proven bound on every finite distance (precision_choice.hpp); -1: none
  bool allow_int16 = true;           // false: never the 16-bit mode
};

// How a GPU run computes: the element width on the device. kInt16 serves
// int32 matrices whose every finite distance provably fits (Int16ModeFits or
// Int16BoundFits in range_check.hpp); results are converted back and are
// bit-identical.
enum class GpuMode { kInt32, kInt16, kFloat32 };
const char* GpuModeName(GpuMode mode);

template <class T> GpuMode GpuFloydWarshall(T* d, std::size_t stride, const GpuRunInfo& info,
                                            const ProgressFn& progress = {});  // progress: per round

// Floyd-Warshall from a graph's arcs, the adjacency built on the device
// (kernels/cuda/adjacency_build.cuh): arcs = one per ordered pair, no
// self-loops, non-negative int32 (CsrGraph's out-arcs); mode kInt16 (a 16-bit
// proof holds) or kInt32. The result goes to the sink: begin(bits) with the
// stored width, then the payload in row order, stride x stride elements of
// that width (the 16-bit file's payload as it is), a chunk of
// kResultChunkBytes at a time from pinned buffers: the copy of the next chunk
// overlaps the write of this one, and the host never holds the matrix. The
// stored width is 16 in kInt16, and in kInt32 too when
// narrow_when_values_fit and every value is one the 16-bit file holds
// (Int16FileHolds, checked on the device): the file the host route writes
// (TryWriteMatrixFileInt16). The host twin (the same calls):
// CpuFloydWarshallOfArcs (arcs_apsp.hpp). Throws gdist::Error on a CUDA
// failure or too little device memory, and whatever the sink throws.
// (The arcs as plain arrays: nvcc's C++ does not take lib/graph/csr.hpp.)
struct ArcArrays {
  std::size_t n = 0;                       // vertices
  const std::uint64_t* offsets = nullptr;  // n + 1: the arcs of u are [offsets[u], offsets[u+1])
  const std::uint32_t* targets = nullptr;
  const std::int32_t* weights = nullptr;
  std::size_t arcs() const { return n ? static_cast<std::size_t>(offsets[n]) : 0; }
};
using PayloadWriter = std::function<void(const void* bytes, std::size_t size)>;
struct ArcsResultSink {
  std::function<void(int element_bits)> begin;  // once, before any bytes: the stored width (16 or 32)
  PayloadWriter write;                          // the stride x stride payload in row order, in pieces
};
inline constexpr std::size_t kResultChunkBytes = std::size_t{64} << 20;
// Device memory an int32 run takes beyond its matrix and arcs: the two
// staging chunks that narrow its result when every value fits 16 bits.
inline constexpr std::size_t kNarrowStagingBytes = 2 * kResultChunkBytes;
void GpuFloydWarshallOfArcs(const ArcArrays& arcs, std::size_t stride, GpuMode mode, bool narrow_when_values_fit,
                            const ArcsResultSink& sink, const ProgressFn& progress = {});

struct GpuPlan {
  GpuMode mode = GpuMode::kInt32;
  std::size_t tile = kTile;      // blocked Floyd-Warshall tile width
  std::size_t rounds = 0;        // stride / tile
  std::size_t device_bytes = 0;  // device memory the run allocates
};

// Pure host logic (lib/engine/backend_choice.cpp), tested on machines without
// a GPU. type: kInt32 or kFloat32; stride: a positive multiple of 128 (throws
// gdist::Error otherwise). The 16-bit mode is chosen only when a proof holds
// and its extra buffer fits in free_bytes beside the int32 matrix.
GpuPlan PlanGpuRun(ElementType type, std::size_t stride, const GpuRunInfo& info, std::size_t free_bytes);

}  // namespace gdist
