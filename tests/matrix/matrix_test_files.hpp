// Small hand-made .gdm files for the matrix tests: written by the real writer,
// then patched field by field (docs/FORMAT.md offsets).
#pragma once
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>

#include "lib/matrix/matrix_file.hpp"
#include "lib/paths/next_hop.hpp"

namespace gdist::matrix_test {

// A 5-vertex int32 adjacency: 0 -> 1 (3), 1 -> 2 (4); labels 1..5 or "v0".."v4".
inline std::string WriteSmallMatrix(const std::string& path, bool string_labels, bool next_hops) {
  DistMatrix<std::int32_t> m(5);
  m.at(0, 1) = 3;
  m.at(1, 2) = 4;
  if (string_labels)
    m.meta().labels = VertexLabels::FromStrings({"v0", "v1", "v2", "v3", "v4"});
  else
    m.meta().labels = VertexLabels::Range(5, 1);
  if (next_hops) {
    NextHopMatrix next(5);
    WriteMatrixFile(path, m, &next);
  } else {
    WriteMatrixFile(path, m);
  }
  return path;
}

// Overwrites `width` bytes at `offset` with the little-endian `value`.
inline void PatchHeader(const std::string& path, std::size_t offset, std::uint64_t value, std::size_t width) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(static_cast<std::streamoff>(offset));
  f.write(reinterpret_cast<const char*>(&value), static_cast<std::streamsize>(width));
}

}  // namespace gdist::matrix_test
