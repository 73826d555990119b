// CLI11 validators for the apps' numeric flags: each refuses what the flag
// cannot mean (0 sites, a negative or NaN radius, a negative time, a thread
// count no machine has) with "what was expected", before any work starts.
#pragma once
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdint>
#include <string>

#include "formats/token_parse.hpp"

namespace gdist {

// The most threads -j accepts: more than any machine we know, few enough that
// OpenMP can start them (65535 threads exhaust the stack space).
inline constexpr long kMaxThreads = 1024;

// A number of sites: a whole number >= 1.
inline CLI::Validator SiteCount() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        std::int64_t v;
        if (!ParseInt(s, &v) || v < 1) return "expected a whole number of sites >= 1, got '" + s + "'";
        return {};
      },
      "COUNT>=1", "SiteCount");
}

// A covering radius: a finite number >= 0.
inline CLI::Validator Radius() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        double v;
        if (!ParseDouble(s, &v) || !std::isfinite(v) || v < 0)
          return "expected a finite distance >= 0, got '" + s + "'";
        return {};
      },
      "R>=0", "Radius");
}

// Seconds: a finite number > 0.
inline CLI::Validator Seconds() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        double v;
        if (!ParseDouble(s, &v) || !std::isfinite(v) || v <= 0)
          return "expected a finite number of seconds > 0, got '" + s + "'";
        return {};
      },
      "SECONDS>0", "Seconds");
}

// A relative gap: a finite number from 0 to 1 (CLI::Range lets NaN through).
inline CLI::Validator GapFraction() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        double v;
        if (!ParseDouble(s, &v) || !std::isfinite(v) || v < 0 || v > 1)
          return "expected a relative gap from 0 to 1 (0.001 = 0.1%), got '" + s + "'";
        return {};
      },
      "0..1", "GapFraction");
}

// A random seed: a whole number from 0 to 2^63-1 (-1 does not wrap to a huge seed).
inline CLI::Validator SeedValue() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        std::int64_t v;
        if (!ParseInt(s, &v) || v < 0) return "expected a whole number >= 0, got '" + s + "'";
        return {};
      },
      "SEED>=0", "SeedValue");
}

// Threads: 0 (all cores) to kMaxThreads.
inline CLI::Validator ThreadCount() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        std::int64_t v;
        if (!ParseInt(s, &v) || v < 0 || v > kMaxThreads)
          return "expected 0 (all cores) to " + std::to_string(kMaxThreads) + " threads, got '" + s + "'";
        return {};
      },
      "0.." + std::to_string(kMaxThreads), "ThreadCount");
}

}  // namespace gdist
