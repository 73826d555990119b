// The (min, +) semiring per storage type, as the register-blocked kernels see
// it: a 32-bit "word" W holds one element (int32, float) or two adjacent
// int16 elements, and Relax(c, a, b) = min(c, a + b) on every lane of W.
//   int32: nvcc turns min(a + b, c) into one VIADDMNMX (anchors.md: 1.60e13/s).
//   float: FADD + FMNMX.
//   int16: __viaddmin_s16x2 is VIADDMNMX.S16x2, two relaxations per
//          instruction. The add does not saturate, so INF16 = 2^14-1 keeps
//          INF16 + INF16 inside int16 (lib/core/element_traits.hpp).
// Identity() is INF (int types) or +inf: every stored value is <= it, so
// min(C, Identity() relaxed over all k) equals C relaxed over all k.
// A operands come from shared memory as 8 raw bytes per row (2 int32/float or
// 4 int16 values along k); Splat turns the kk-th of them into a word whose
// every lane holds that value.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "lib/core/element_traits.hpp"

namespace gdist::cuda {

template <class E> struct MinPlus;

template <> struct MinPlus<std::int32_t> {
  using Word = std::int32_t;
  static constexpr int kPerWord = 1;
  static constexpr std::int32_t kInf = ElementTraits<std::int32_t>::kInf;
  __device__ __forceinline__ static Word Identity() { return kInf; }  // >= every stored value
  __device__ __forceinline__ static Word Min(Word a, Word b) { return min(a, b); }
  __device__ __forceinline__ static Word Relax(Word c, Word a, Word b) { return min(a + b, c); }
  __device__ __forceinline__ static Word Splat(uint2 raw, int kk) { return static_cast<Word>(kk == 0 ? raw.x : raw.y); }
};

template <> struct MinPlus<float> {
  using Word = float;
  static constexpr int kPerWord = 1;
  __device__ __forceinline__ static Word Identity() { return __int_as_float(0x7f800000); }  // +inf
  __device__ __forceinline__ static Word Min(Word a, Word b) { return fminf(a, b); }
  __device__ __forceinline__ static Word Relax(Word c, Word a, Word b) { return fminf(a + b, c); }
  __device__ __forceinline__ static Word Splat(uint2 raw, int kk) { return __uint_as_float(kk == 0 ? raw.x : raw.y); }
};

template <> struct MinPlus<std::int16_t> {
  using Word = unsigned int;  // two int16 lanes, column j in the low half, j+1 in the high half
  static constexpr int kPerWord = 2;
  static constexpr std::int16_t kInf = ElementTraits<std::int16_t>::kInf;
  __device__ __forceinline__ static Word Identity() { return ElementTraits<std::int16_t>::kInfPair; }
  __device__ __forceinline__ static Word Min(Word a, Word b) { return __vmins2(a, b); }  // signed, per lane
  __device__ __forceinline__ static Word Relax(Word c, Word a, Word b) { return __viaddmin_s16x2(a, b, c); }
  __device__ __forceinline__ static Word Splat(uint2 raw, int kk) {
    const unsigned int half = kk < 2 ? raw.x : raw.y;
    return __byte_perm(half, 0, (kk & 1) ? 0x3232 : 0x1010);  // duplicate one 16-bit lane
  }
};

}  // namespace gdist::cuda
