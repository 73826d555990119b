// Element types a matrix file may hold, and the INF convention of each.
// int32 uses INF = 2^30-1 (the NTHU convention): INF+INF still fits in int32, so
// min(a+b, c) never overflows for a, b, c in [.., INF]. int64 uses 2^62-1 for the
// same reason. Floating types use +infinity, which IEEE arithmetic keeps absorbing.
#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace gdist {

enum class ElementType : std::uint32_t { kInt32 = 1, kInt64 = 2, kFloat32 = 3, kFloat64 = 4 };

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

inline std::size_t ElementSize(ElementType t) {
  return t == ElementType::kInt64 || t == ElementType::kFloat64 ? 8 : 4;
}
inline const char* ElementName(ElementType t) {
  switch (t) {
    case ElementType::kInt32: return "int32";
    case ElementType::kInt64: return "int64";
    case ElementType::kFloat32: return "float32";
    case ElementType::kFloat64: return "float64";
  }
  return "unknown";
}
// Parses "int32" / "int64" / "float32" / "float64"; returns false on anything else.
bool ParseElementType(std::string_view s, ElementType* out);

// Calls f(T{}) with T the C++ type of `t`: one switch instead of one per caller.
template <class F> decltype(auto) DispatchElement(ElementType t, F&& f) {
  switch (t) {
    case ElementType::kInt64: return f(std::int64_t{});
    case ElementType::kFloat32: return f(float{});
    case ElementType::kFloat64: return f(double{});
    case ElementType::kInt32: default: return f(std::int32_t{});
  }
}

}  // namespace gdist
