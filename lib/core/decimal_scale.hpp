// Exact decimal weights (docs/FORMATS-INPUT.md, "Decimal weights"): a graph
// whose weights are all decimal literals with at most kMaxDecimalDigits
// fractional digits ("0.1", "2.75", "-3.5", "7") is read as integers scaled by
// 10^d, d the most fractional digits any weight has, and runs on the integer
// engines: sums and comparisons are exact, every engine breaks ties alike.
// DecimalScale is the one place that turns such a scaled integer back into
// the number the user wrote ("99.9"), for every report, CSV and JSON.
#pragma once
#include <cstdint>
#include <string>

#include "lib/util/int128.hpp"

namespace gdist {

// At most this many fractional digits make a weight an exact decimal (more
// keep the floating-point path: a 10-digit fraction is a measurement, not money).
inline constexpr int kMaxDecimalDigits = 9;
// A scaled weight must lie within +-2^50: its double then reads back as the
// exact scaled integer (the relative error of w x 10^d is below 2^-52, so the
// absolute error stays below 1/4 and rounding is exact).
inline constexpr std::int64_t kMaxScaledDecimal = std::int64_t{1} << 50;

inline constexpr double Pow10(int d) {
  double f = 1;
  for (int i = 0; i < d; ++i) f *= 10;  // exact up to 10^22
  return f;
}

struct DecimalScale {
  int digits = 0;  // stored integers are value x 10^digits; 0: plain numbers

  constexpr bool scaled() const { return digits > 0; }
  constexpr double factor() const { return Pow10(digits); }

  // The exact decimal text of the stored integer v: 999 at 1 digit is "99.9",
  // 4995 at 2 digits "49.95", 1500 at 3 digits "1.5", -5 at 1 digit "-0.5"
  // (trailing zeros and a bare point dropped).
  std::string Text(Int128 v) const {
    char buf[64];  // 39 digits, a point, a sign
    char* end = buf + sizeof buf;
    char* p = end;
    char* point = nullptr;
    const bool negative = v < 0;
    UInt128 u = negative ? -static_cast<UInt128>(v) : static_cast<UInt128>(v);
    for (int k = 0; k == 0 || u > 0 || k <= digits; ++k, u /= 10) {
      if (digits > 0 && k == digits) *(point = --p) = '.';
      *--p = static_cast<char>('0' + static_cast<int>(u % 10));
    }
    if (point) {  // trailing zeros of the fraction go, and a bare point
      while (end[-1] == '0') --end;
      if (end[-1] == '.') --end;
    }
    const bool zero = end - p == 1 && *p == '0';
    if (negative && !zero) *--p = '-';
    return std::string(p, end);
  }

  // The nearest double of the true value v / 10^digits (one correctly rounded
  // division when v is exact in a double, so 999 -> 99.9 exactly as "99.9" reads).
  double ToDouble(Int128 v) const { return static_cast<double>(v) / factor(); }
  double ToDouble(double v) const { return v / factor(); }
};

}  // namespace gdist
