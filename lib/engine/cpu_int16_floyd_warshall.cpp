// The CPU's 16-bit mode: the conversions of kernels/cuda/int16_convert.cu
// around the int16 build of the CPU tile kernels.
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

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

namespace {

// The rounds [lo, hi) of the in-place conversions, hi <= 2 lo, after value 0.
std::vector<std::pair<std::size_t, std::size_t>> InPlaceRounds(std::size_t count) {
  std::vector<std::pair<std::size_t, std::size_t>> rounds;
  for (std::size_t lo = 1; lo < count; lo *= 2) rounds.push_back({lo, std::min(2 * lo, count)});
  return rounds;
}

int TeamFor(int threads, std::size_t values) {
  if (values < (std::size_t{1} << 16)) return 1;  // a small round is done before a team forms
  return threads > 0 ? threads : omp_get_max_threads();
}

// Values lo..hi-1, read from one width and written in the other, through
// bytes (the two views alias one buffer; within a round they do not overlap).
void NarrowRound(unsigned char* bytes, std::size_t lo, std::size_t hi, int threads) {
  const unsigned char* __restrict src = bytes + 4 * lo;
  unsigned char* __restrict dst = bytes + 2 * lo;
#pragma omp parallel for schedule(static) num_threads(TeamFor(threads, hi - lo))
  for (std::size_t k = 0; k < hi - lo; ++k) {
    std::int32_t v;
    std::memcpy(&v, src + 4 * k, 4);
    const std::int16_t w = NarrowToInt16Mode(v);
    std::memcpy(dst + 2 * k, &w, 2);
  }
}

void WidenRound(unsigned char* bytes, std::size_t lo, std::size_t hi, int threads) {
  const unsigned char* __restrict src = bytes + 2 * lo;
  unsigned char* __restrict dst = bytes + 4 * lo;
#pragma omp parallel for schedule(static) num_threads(TeamFor(threads, hi - lo))
  for (std::size_t k = 0; k < hi - lo; ++k) {
    std::int16_t w;
    std::memcpy(&w, src + 2 * k, 2);
    const std::int32_t v = WidenFromInt16Mode(w);
    std::memcpy(dst + 4 * k, &v, 4);
  }
}

}  // namespace

std::int16_t* NarrowToInt16InPlace(std::int32_t* d, std::size_t count, int threads) {
  auto* bytes = reinterpret_cast<unsigned char*>(d);
  if (count > 0) {  // value 0 in place: read before written
    const std::int16_t w = NarrowToInt16Mode(d[0]);
    std::memcpy(bytes, &w, 2);
  }
  for (const auto& [lo, hi] : InPlaceRounds(count)) NarrowRound(bytes, lo, hi, threads);
  return reinterpret_cast<std::int16_t*>(d);
}

std::int32_t* WidenFromInt16InPlace(std::int16_t* d, std::size_t count, int threads) {
  auto* bytes = reinterpret_cast<unsigned char*>(d);
  const auto rounds = InPlaceRounds(count);
  for (auto r = rounds.rbegin(); r != rounds.rend(); ++r) WidenRound(bytes, r->first, r->second, threads);
  if (count > 0) {
    std::int16_t w;
    std::memcpy(&w, bytes, 2);
    const std::int32_t v = WidenFromInt16Mode(w);
    std::memcpy(bytes, &v, 4);
  }
  return reinterpret_cast<std::int32_t*>(d);
}

}  // namespace gdist
