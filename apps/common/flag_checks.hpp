// CLI11 validators for the apps' numeric flags: each refuses what the flag
// cannot mean (0 sites, a negative or NaN radius, a negative time, a thread
// count no machine has) with "what was expected", before any work starts.
#pragma once
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include "formats/token_parse.hpp"

namespace gdist {

// The most threads -j accepts: more than any machine we know, few enough that
// OpenMP can start them (65535 threads exhaust the stack space).
inline constexpr long kMaxThreads = 1024;

// A validator that accepts a whole number (or a number) for which `ok` holds,
// else says "expected <what>, got '<text>'".
template <class Ok> CLI::Validator WholeNumber(std::string what, std::string desc, std::string name, Ok ok) {
  return CLI::Validator(
      [what, ok](std::string& s) -> std::string {
        std::int64_t v;
        if (!ParseInt(s, &v) || !ok(v)) return "expected " + what + ", got '" + s + "'";
        return {};
      },
      std::move(desc), std::move(name));
}
// NaN and infinities are refused before `ok` sees the value.
template <class Ok> CLI::Validator FiniteNumber(std::string what, std::string desc, std::string name, Ok ok) {
  return CLI::Validator(
      [what, ok](std::string& s) -> std::string {
        double v;
        if (!ParseDouble(s, &v) || !std::isfinite(v) || !ok(v)) return "expected " + what + ", got '" + s + "'";
        return {};
      },
      std::move(desc), std::move(name));
}

// A number of sites: a whole number >= 1.
inline CLI::Validator SiteCount() {
  return WholeNumber("a whole number of sites >= 1", "COUNT>=1", "SiteCount", [](std::int64_t v) { return v >= 1; });
}

// A covering radius: a finite number >= 0.
inline CLI::Validator Radius() {
  return FiniteNumber("a finite distance >= 0", "R>=0", "Radius", [](double v) { return v >= 0; });
}

// Seconds: a finite number > 0.
inline CLI::Validator Seconds() {
  return FiniteNumber("a finite number of seconds > 0", "SECONDS>0", "Seconds", [](double v) { return v > 0; });
}

// Metres: a finite number > 0 (--max-snap).
inline CLI::Validator Metres() {
  return FiniteNumber("a finite number of metres > 0", "METRES>0", "Metres", [](double v) { return v > 0; });
}

// Seconds between checkpoints: a finite number >= 0 (0: after every round).
inline CLI::Validator SecondsOrZero() {
  return FiniteNumber("a finite number of seconds >= 0", "SECONDS>=0", "SecondsOrZero",
                      [](double v) { return v >= 0; });
}

// A relative gap: a finite number from 0 to 1 (CLI::Range lets NaN through).
inline CLI::Validator GapFraction() {
  return FiniteNumber("a relative gap from 0 to 1 (0.001 = 0.1%)", "0..1", "GapFraction",
                      [](double v) { return v >= 0 && v <= 1; });
}

// A random seed: a whole number from 0 to 2^63-1 (-1 does not wrap to a huge seed).
inline CLI::Validator SeedValue() {
  return WholeNumber("a whole number >= 0", "SEED>=0", "SeedValue", [](std::int64_t v) { return v >= 0; });
}

// Threads: 0 (all cores) to kMaxThreads.
inline CLI::Validator ThreadCount() {
  return WholeNumber("0 (all cores) to " + std::to_string(kMaxThreads) + " threads",
                     "0.." + std::to_string(kMaxThreads), "ThreadCount",
                     [](std::int64_t v) { return v >= 0 && v <= kMaxThreads; });
}

}  // namespace gdist
