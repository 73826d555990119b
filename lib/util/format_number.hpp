// A number as text in ostream's default form (no trailing zeros), with
// `significant` digits: the one formatter the text reports share.
#pragma once
#include <sstream>
#include <string>

namespace gdist {

template <class T> std::string FormatNumber(T v, int significant = 6) {
  std::ostringstream s;
  s.precision(significant);
  s << v;
  return s.str();
}

}  // namespace gdist
