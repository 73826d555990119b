// Helpers for the input-safety tests: run a built app on a file in a fresh
// temporary directory and report its exit code, stderr and the directory's
// entries afterwards (so a test can assert that no output or temp file is left).
#pragma once
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "test_util.hpp"

namespace gdist::safety_test {

struct Run {
  int exit_code = -1;
  std::string err;                   // stderr (stdout is discarded)
  std::vector<std::string> entries;  // directory listing after the run, sorted
};

inline std::vector<std::string> Entries(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Runs `command` (a shell line, run inside dir) with stderr captured.
inline Run RunIn(const test::TempDir& dir, const std::string& command) {
  Run r;
  std::FILE* p = popen(("cd '" + dir.path().string() + "' && " + command + " 2>&1 1>/dev/null").c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf;
  std::size_t got;
  while ((got = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.err.append(buf.data(), got);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  r.entries = Entries(dir.path());
  return r;
}

// Built by append: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string&&.
inline std::string Tool(const std::string& name) {
  std::string quoted = "'";
  quoted.append(test::App(name)).append("'");
  return quoted;
}

#define SKIP_WITHOUT_APPS()                                                                            \
  if (!std::filesystem::exists(test::App("gconvert")) || !std::filesystem::exists(test::App("gapsp"))) \
  GTEST_SKIP() << "apps not built"

}  // namespace gdist::safety_test
