// One CSV field as RFC 4180 writes it: quoted (inner quotes doubled) when it
// is empty or holds a comma, quote, line break or blank, so labels with
// spaces and commas read back whole, or starts with '#' or '%' (a line
// starting so is a comment to our readers and most others). Shared by every
// CSV writer.
#pragma once
#include <string>

namespace gdist {

inline std::string CsvField(const std::string& s) {
  if (!s.empty() && s.front() != '#' && s.front() != '%' && s.find_first_of(",\"\r\n\t ") == std::string::npos)
    return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  q += '"';
  return q;
}

}  // namespace gdist
