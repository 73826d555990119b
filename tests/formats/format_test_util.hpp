// Helpers shared by the formats tests: a temporary directory, writing plain and
// gzip files, and a canonical arc list to compare graphs read from different
// formats (undirected edges expanded to both arcs, sorted).
#pragma once
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "lib/core/graph.hpp"
#include "lib/util/error.hpp"

namespace gdist::formats_test {

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "gdist-formats-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string File(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline std::string WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return path;
}

inline std::string Gzip(const std::string& bytes, const std::string& scratch_path) {
  gzFile gz = gzopen(scratch_path.c_str(), "wb9");
  gzwrite(gz, bytes.data(), static_cast<unsigned>(bytes.size()));
  gzclose(gz);
  std::ifstream in(scratch_path, std::ios::binary);
  std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(scratch_path);
  return out;
}

inline std::string WriteGzip(const std::string& path, const std::string& bytes) {
  return WriteFile(path, Gzip(bytes, path + ".scratch"));
}

using Arc = std::tuple<std::uint32_t, std::uint32_t, double>;

inline std::vector<Arc> CanonicalArcs(const Graph& g) {
  std::vector<Arc> arcs;
  for (const Edge& e : g.edges) {
    arcs.emplace_back(e.from, e.to, e.weight);
    if (!g.directed) arcs.emplace_back(e.to, e.from, e.weight);
  }
  std::sort(arcs.begin(), arcs.end());
  return arcs;
}

// The message of the gdist::Error that fn throws ("" and a test failure when it throws none).
template <class Fn> std::string ErrorOf(Fn&& fn) {
  try {
    fn();
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a gdist::Error";
  return "";
}

// Little-endian int32 words as bytes (the NTHU binary format).
inline std::string Int32Bytes(std::initializer_list<std::int32_t> words) {
  std::string out;
  for (std::int32_t w : words) out.append(reinterpret_cast<const char*>(&w), 4);
  return out;
}

}  // namespace gdist::formats_test
