// The CPU's 16-bit mode: the conversions of kernels/cuda/int16_convert.cu
// around the int16 build of the CPU tile kernels.
#include <omp.h>

#include <algorithm>
#include <cstdint>

#include "lib/core/range_check.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "lib/util/error.hpp"

namespace gdist {

bool CpuFloydWarshallInt16(std::int32_t* d, std::size_t stride, int threads, CpuIsa isa, const ProgressFn& progress) {
  PageBuffer narrow_buffer;
  try {
    narrow_buffer = PageBuffer(stride * stride * sizeof(std::int16_t));
  } catch (const Error&) {
    return false;  // memory is short: the caller runs in 32 bits
  }
  auto* narrow = static_cast<std::int16_t*>(narrow_buffer.data());
  const std::size_t count = stride * stride;
  // Non-negative values: clamping at INF16 keeps every distance below it
  // exact and turns INF32 (and arcs on no shortest path) into INF16.
#pragma omp parallel for schedule(static) num_threads(threads > 0 ? threads : omp_get_max_threads())
  for (std::size_t i = 0; i < count; ++i) narrow[i] = NarrowToInt16Mode(d[i]);
  CpuFloydWarshallIsa(narrow, stride, threads, isa, progress);
#pragma omp parallel for schedule(static) num_threads(threads > 0 ? threads : omp_get_max_threads())
  for (std::size_t i = 0; i < count; ++i) d[i] = WidenFromInt16Mode(narrow[i]);
  return true;
}

}  // namespace gdist
