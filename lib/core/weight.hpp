// One arc weight as a reader parsed it (formats/token_parse.hpp): the nearest
// double for arithmetic and, for integers, the exact int64 value, so that
// weights past 2^53 are never rounded on their way into an int64 matrix.
#pragma once
#include <cstdint>

namespace gdist {

// A weight as read: an integer (parsed exactly, int64) or a finite real.
struct Weight {
  double value = 1;                  // nearest double (exact for integers up to 2^53)
  std::int64_t integer = 1;          // exact value when is_integer
  bool is_integer = true;            // integer text, or a real whose value is an integer up to 2^53
  bool float32_keeps_digits = true;  // float32 reads back with every digit the text has
  // A non-integer written as a plain decimal ("0.1", ".25", "-3.50", no
  // exponent): its fractional digits, trailing zeros dropped (1..9); -1 when it
  // is not one (exponent form, more than kMaxDecimalDigits digits, computed).
  // Integers have 0 (decimal_scale.hpp).
  int decimal_digits = 0;
};

// Largest integer weight gdist stores: below int64's INF (2^62-1), so that
// INF + INF cannot overflow in the engine.
inline constexpr std::int64_t kMaxIntegerWeight = (std::int64_t{1} << 62) - 2;
inline constexpr double kTwoTo53 = 9007199254740992.0;

}  // namespace gdist
