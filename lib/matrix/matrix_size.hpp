// Overflow-safe sizes of padded matrices. Every count that reaches an
// allocation (a reader's vertex count, a .gdm header's n) goes through these
// first: stride * stride * element size wraps past 2^64 for n near 2^32, and a
// wrapped size would allocate a tiny buffer that the fill then overruns.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>

#include "lib/core/element_traits.hpp"  // kTile, the padding unit

namespace gdist {

// n rounded up to kTile (kTile for n == 0); nullopt when that overflows.
inline std::optional<std::uint64_t> CheckedPaddedSize(std::uint64_t n) {
  if (n == 0) return kTile;
  std::uint64_t up;
  if (__builtin_add_overflow(n, kTile - 1, &up)) return std::nullopt;
  return up / kTile * kTile;
}

// stride * stride * element_bytes for an n-vertex matrix; nullopt past 2^64.
inline std::optional<std::uint64_t> CheckedMatrixBytes(std::uint64_t n, std::uint64_t element_bytes) {
  const auto stride = CheckedPaddedSize(n);
  std::uint64_t cells, bytes;
  if (!stride || __builtin_mul_overflow(*stride, *stride, &cells) ||
      __builtin_mul_overflow(cells, element_bytes, &bytes))
    return std::nullopt;
  return bytes;
}

// a * b * c; nullopt past 2^64 (a rectangular file's rows x stride x element size).
inline std::optional<std::uint64_t> CheckedProduct(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  std::uint64_t ab, abc;
  if (__builtin_mul_overflow(a, b, &ab) || __builtin_mul_overflow(ab, c, &abc)) return std::nullopt;
  return abc;
}

}  // namespace gdist
