#include "lib/matrix/element_type.hpp"

namespace gdist {

bool ParseElementType(std::string_view s, ElementType* out) {
  if (s == "int32") *out = ElementType::kInt32;
  else if (s == "int64") *out = ElementType::kInt64;
  else if (s == "float32") *out = ElementType::kFloat32;
  else if (s == "float64") *out = ElementType::kFloat64;
  else return false;
  return true;
}

}  // namespace gdist
