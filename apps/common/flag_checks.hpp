// CLI11 validators for the apps' numeric flags: each refuses what the flag
// cannot mean (0 sites, a negative or NaN radius, a negative time, a thread
// count no machine has) with "what was expected", before any work starts.
#pragma once
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

namespace gdist {

// The most threads -j accepts: more than any machine we know, few enough that
// OpenMP can start them (65535 threads exhaust the stack space).
inline constexpr long kMaxThreads = 1024;

namespace flag_detail {

inline bool ParseWhole(const std::string& s, long long* out) {
  if (s.empty()) return false;
  errno = 0;
  char* end = nullptr;
  *out = std::strtoll(s.c_str(), &end, 10);
  return errno == 0 && end && *end == '\0';
}

inline bool ParseReal(const std::string& s, double* out) {
  if (s.empty()) return false;
  char* end = nullptr;
  *out = std::strtod(s.c_str(), &end);
  return end && *end == '\0';
}

}  // namespace flag_detail

// A number of sites: a whole number >= 1.
inline CLI::Validator SiteCount() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        long long v;
        if (!flag_detail::ParseWhole(s, &v) || v < 1) return "expected a whole number of sites >= 1, got '" + s + "'";
        return {};
      },
      "COUNT>=1", "SiteCount");
}

// A covering radius: a finite number >= 0.
inline CLI::Validator Radius() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        double v;
        if (!flag_detail::ParseReal(s, &v) || !std::isfinite(v) || v < 0)
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
        if (!flag_detail::ParseReal(s, &v) || !std::isfinite(v) || v <= 0)
          return "expected a finite number of seconds > 0, got '" + s + "'";
        return {};
      },
      "SECONDS>0", "Seconds");
}

// Threads: 0 (all cores) to kMaxThreads.
inline CLI::Validator ThreadCount() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        long long v;
        if (!flag_detail::ParseWhole(s, &v) || v < 0 || v > kMaxThreads)
          return "expected 0 (all cores) to " + std::to_string(kMaxThreads) + " threads, got '" + s + "'";
        return {};
      },
      "0.." + std::to_string(kMaxThreads), "ThreadCount");
}

}  // namespace gdist
