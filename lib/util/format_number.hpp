// Numbers as text, the two forms the reports share: ExactText for values a
// user may read back or compare (distances, objectives, bounds, weights), and
// FormatNumber with a few significant digits for rates, percentages and labels.
#pragma once
#include <charconv>
#include <sstream>
#include <string>

namespace gdist {

// The shortest text that reads back as exactly v (std::to_chars): integers in
// full, floating values with the digits they need and no more; inf, -inf, nan.
template <class T> std::string ExactText(T v) {
  char buf[48];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

// "1 node", "53 nodes": a count with its noun.
inline std::string CountOf(unsigned long long count, const std::string& singular, const std::string& plural) {
  return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

// ostream's default form (no trailing zeros) with `significant` digits.
template <class T> std::string FormatNumber(T v, int significant = 6) {
  std::ostringstream s;
  s.precision(significant);
  s << v;
  return s.str();
}

// A duration for a message: "0.42 s", "3.1 s", "125 s"; below a millisecond in
// the unit that keeps it a plain number ("480 us", "2.9 ns", not "4.8e-07 s":
// the planner's reasons price tiny graphs too).
inline std::string FormatSeconds(double s) {
  if (s > 0 && s < 1e-6) return FormatNumber(s * 1e9, 3) + " ns";
  if (s > 0 && s < 1e-3) return FormatNumber(s * 1e6, 3) + " us";
  return FormatNumber(s, s < 10 ? 2 : 3) + " s";
}

}  // namespace gdist
