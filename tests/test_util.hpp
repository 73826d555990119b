// Helpers shared by the test folders: temp dirs, running the built apps.
#pragma once
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace gdist::test {

// A fresh directory removed at scope exit.
class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / ("gdist-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

inline std::string ReadText(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs a shell command, capturing both output streams.
inline CommandResult RunCommand(const std::string& command) {
  CommandResult r;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf;
  std::size_t got;
  while ((got = fread(buf.data(), 1, buf.size(), p)) > 0) r.output.append(buf.data(), got);
  int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline std::string App(const std::string& name) { return std::string(GDIST_BINARY_DIR) + "/apps/" + name; }
inline std::string SharedData(const std::string& rel) { return std::string(GDIST_SHARED_DATA) + "/" + rel; }
inline bool Exists(const std::string& path) { return std::filesystem::exists(path); }

// Seed for randomized tests: fresh each run, printed so a failure can be replayed
// with GDIST_SEED=<seed>.
inline unsigned TestSeed() {
  if (const char* s = std::getenv("GDIST_SEED")) return static_cast<unsigned>(std::stoul(s));
  return std::random_device{}();
}

}  // namespace gdist::test
