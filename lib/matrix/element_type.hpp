// Element types a matrix file may hold: names, sizes and one dispatch switch.
// Their INF conventions are in lib/core/element_traits.hpp.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "lib/core/element_traits.hpp"

namespace gdist {

inline std::size_t ElementSize(ElementType t) { return t == ElementType::kInt64 || t == ElementType::kFloat64 ? 8 : 4; }
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
    case ElementType::kInt32:
    default: return f(std::int32_t{});
  }
}

}  // namespace gdist
