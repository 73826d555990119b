// A distance, or a sum of distances, as the metrics keep and print it:
// exact for integer distances (128 bits, so a total of n int64 distances
// cannot wrap), a double for floating ones, or infinite (unreachable).
// Compared and printed as it is, never through a double: int64 distances
// past 2^53 tie or round there (a path 1e17, 3 had all three vertices as its
// center; a sparse search on a 9007199254740993 arc never settled).
#pragma once
#include <cmath>
#include <limits>
#include <ostream>
#include <string>
#include <type_traits>

#include "lib/core/decimal_scale.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/int128.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

class MetricNumber {
 public:
  constexpr MetricNumber() = default;  // the integer 0
  static constexpr MetricNumber Integer(Int128 v) {
    MetricNumber m;
    m.int_ = v;
    return m;
  }
  // A floating value (infinity for unreachable); integral values stay doubles.
  static constexpr MetricNumber Real(double v) {
    MetricNumber m;
    m.integral_ = false;
    m.real_ = v;
    return m;
  }
  static constexpr MetricNumber Infinite() { return Real(std::numeric_limits<double>::infinity()); }
  // A distance of element type T: integers exactly, floating types as doubles.
  template <class T> static constexpr MetricNumber Of(T v) {
    if constexpr (std::is_integral_v<T>) return Integer(v);
    else return Real(static_cast<double>(v));
  }

  // The same number with integers read as exact decimals of `digits`
  // fractional digits (decimal_scale.hpp): 999 at 1 digit is 99.9.
  constexpr MetricNumber Scaled(int digits) const {
    MetricNumber m = *this;
    if (m.integral_) m.scale_ = digits;
    return m;
  }

  constexpr bool integral() const { return integral_; }
  constexpr int scale() const { return scale_; }
  constexpr bool finite() const { return integral_ || std::isfinite(real_); }
  constexpr Int128 integer() const { return int_; }
  // For ratios and averages (closeness, mean path length), never for a comparison.
  double ToDouble() const { return integral_ ? DecimalScale{scale_}.ToDouble(int_) : real_; }

  // -1, 0 or 1. Both integers: exactly; both reals: as doubles; mixed (an
  // integer run's 0 or -1 start, a reference value): in long double, which
  // holds every int64 exactly, infinity ordering past every integer.
  // (Plain operators, no <=>: CUDA sources include this header as C++17.)
  static constexpr int Compare(const MetricNumber& a, const MetricNumber& b) {
    if (a.integral_ && b.integral_ && a.scale_ == b.scale_) return a.int_ < b.int_ ? -1 : a.int_ > b.int_ ? 1 : 0;
    const long double x = a.integral_ ? static_cast<long double>(a.int_) / Pow10(a.scale_) : a.real_;
    const long double y = b.integral_ ? static_cast<long double>(b.int_) / Pow10(b.scale_) : b.real_;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  friend constexpr bool operator==(const MetricNumber& a, const MetricNumber& b) { return Compare(a, b) == 0; }
  friend constexpr bool operator!=(const MetricNumber& a, const MetricNumber& b) { return Compare(a, b) != 0; }
  friend constexpr bool operator<(const MetricNumber& a, const MetricNumber& b) { return Compare(a, b) < 0; }
  friend constexpr bool operator>(const MetricNumber& a, const MetricNumber& b) { return Compare(a, b) > 0; }
  friend constexpr bool operator<=(const MetricNumber& a, const MetricNumber& b) { return Compare(a, b) <= 0; }
  friend constexpr bool operator>=(const MetricNumber& a, const MetricNumber& b) { return Compare(a, b) >= 0; }
  // Beside a plain number (a reference value in a check): the mixed case above.
  friend constexpr bool operator==(const MetricNumber& a, double b) { return Compare(a, Real(b)) == 0; }
  friend constexpr bool operator!=(const MetricNumber& a, double b) { return Compare(a, Real(b)) != 0; }

  // Exact decimal for integers (scaled ones with their point), the shortest text reading back as the double
  // for reals, "inf" when infinite.
  std::string Text() const {
    if (!integral_) return std::isfinite(real_) ? ExactText(real_) : (real_ > 0 ? "inf" : "-inf");
    return DecimalScale{scale_}.Text(int_);
  }

  // As a JSON value: integers exactly, reals through JsonWriter::Number,
  // infinity as null.
  void Write(JsonWriter& json) const {
    if (integral_) json.Raw(Text());
    else json.Number(real_);
  }

  friend std::ostream& operator<<(std::ostream& out, const MetricNumber& x) { return out << x.Text(); }

 private:
  Int128 int_ = 0;
  double real_ = 0;
  bool integral_ = true;
  int scale_ = 0;  // integers: decimal digits (Scaled)
};

}  // namespace gdist
