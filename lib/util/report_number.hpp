// Measured and estimated numbers as the JSON reports print them: at the
// precision they carry, not the noise of a double (0.013408086999999999 s, an
// estimate of 0.06666666666666667 s). One place for both roundings.
#pragma once
#include <cmath>

namespace gdist {

// A measured duration: to the microsecond, beyond which the clock reads noise.
inline double MeasuredSeconds(double s) { return std::isfinite(s) ? std::round(s * 1e6) / 1e6 : s; }

// An estimate (seconds, a rate): three significant digits, all a model's estimate holds.
inline double EstimateDigits(double v) {
  if (!std::isfinite(v) || v == 0) return v;
  const double scale = std::pow(10.0, 2 - std::floor(std::log10(std::fabs(v))));
  return std::round(v * scale) / scale;
}

}  // namespace gdist
