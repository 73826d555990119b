// The facts about stored elements that host and device code must agree on,
// written once: the blocked Floyd-Warshall tile width (also the row padding
// unit), the INF of each element type, and the 16-bit mode's INF. Plain
// constexpr, no CUDA header, so the CPU engine, the .gdm reader and the CUDA
// kernels all include this one header.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>

namespace gdist {

// Tile width of both engines and the unit rows are padded to: every tile of
// every backend is whole. 128 int32 = 512 bytes, four 128-byte lines.
inline constexpr std::size_t kTile = 128;

enum class ElementType : std::uint32_t { kInt32 = 1, kInt64 = 2, kFloat32 = 3, kFloat64 = 4 };

// INF conventions. int32: 2^30-1 (the NTHU convention), so INF+INF still fits
// and min(a+b, c) never overflows for a, b, c in [.., INF]; int64 likewise with
// 2^62-1. Floating types use +infinity, which IEEE arithmetic keeps absorbing.
// int16 exists only on the GPU's 16-bit mode (range_check.hpp, Int16ModeFits):
// INF16 = 2^14-1 so that INF16 + INF16 fits the non-saturating 16-bit add.
template <class T> struct ElementTraits;
template <> struct ElementTraits<std::int32_t> {
  static constexpr ElementType kType = ElementType::kInt32;
  static constexpr std::int32_t kInf = (std::int32_t{1} << 30) - 1;
  static constexpr const char* kName = "int32";
};
template <> struct ElementTraits<std::int64_t> {
  static constexpr ElementType kType = ElementType::kInt64;
  static constexpr std::int64_t kInf = (std::int64_t{1} << 62) - 1;
  static constexpr const char* kName = "int64";
};
template <> struct ElementTraits<float> {
  static constexpr ElementType kType = ElementType::kFloat32;
  static constexpr float kInf = std::numeric_limits<float>::infinity();
  static constexpr const char* kName = "float32";
};
template <> struct ElementTraits<double> {
  static constexpr ElementType kType = ElementType::kFloat64;
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  static constexpr const char* kName = "float64";
};
template <> struct ElementTraits<std::int16_t> {
  static constexpr std::int16_t kInf = (1 << 14) - 1;
  static constexpr const char* kName = "int16";
  // Two INF16 lanes of one 32-bit word (the packed int16x2 kernels).
  static constexpr std::uint32_t kInfPair =
      (std::uint32_t{static_cast<std::uint16_t>(kInf)} << 16) | static_cast<std::uint16_t>(kInf);
};

inline constexpr std::int32_t kInt16Inf = ElementTraits<std::int16_t>::kInf;

// Whether the 16-bit file (element type 5) holds an int32 distance: INF of
// either sign, or a finite value strictly inside +-kInt16Inf. The host's
// narrowing (lib/matrix/matrix_file.cpp) and the device's check
// (kernels/cuda/int16_convert.cu) both ask this.
constexpr bool Int16FileHolds(std::int32_t v) {
  constexpr std::int32_t inf32 = ElementTraits<std::int32_t>::kInf;
  return v >= inf32 || v <= -inf32 || (v < kInt16Inf && v > -kInt16Inf);
}

// X(T) for every element type a distance matrix holds: the one list every
// explicit instantiation follows, so a new type is added here and nowhere else.
#define GDIST_FOR_EACH_ELEMENT(X) X(std::int32_t) X(std::int64_t) X(float) X(double)

// What the kernels rely on.
static_assert(2 * std::int64_t{ElementTraits<std::int32_t>::kInf} <= std::numeric_limits<std::int32_t>::max(),
              "int32 INF + INF must not overflow");
static_assert(ElementTraits<std::int64_t>::kInf <= std::numeric_limits<std::int64_t>::max() / 2,
              "int64 INF + INF must not overflow");
static_assert(2 * ElementTraits<std::int16_t>::kInf <= std::numeric_limits<std::int16_t>::max(),
              "INF16 + INF16 must not overflow the non-saturating 16-bit add");
static_assert(ElementTraits<std::int16_t>::kInfPair == 0x3fff3fffu, "INF16 in both lanes");
static_assert(std::numeric_limits<float>::is_iec559, "float INF relies on IEEE +infinity");
static_assert(sizeof(std::int32_t) == 4 && sizeof(float) == 4 && sizeof(std::int64_t) == 8 && sizeof(std::int16_t) == 2,
              "element sizes (the .gdm format and the kernels' vector loads)");
static_assert(kTile * sizeof(std::int16_t) % 16 == 0, "a tile row is whole 16-byte vectors in every type");

}  // namespace gdist
