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
  if (string_labels) m.meta().labels = VertexLabels::FromStrings({"v0", "v1", "v2", "v3", "v4"});
  else m.meta().labels = VertexLabels::Range(5, 1);
  if (next_hops) {
    NextHopMatrix next(5);
    WriteMatrixFile(path, m, &next);
  } else {
    WriteMatrixFile(path, m);
  }
  return path;
}

// Overwrites `width` bytes at `offset` with the little-endian `value`.
inline void PatchBytes(const std::string& path, std::size_t offset, std::uint64_t value, std::size_t width) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(static_cast<std::streamoff>(offset));
  f.write(reinterpret_cast<const char*>(&value), static_cast<std::streamsize>(width));
}

// The header as it is on disk.
inline MatrixHeader ReadHeader(const std::string& path) {
  MatrixHeader h;
  std::ifstream f(path, std::ios::binary);
  f.read(reinterpret_cast<char*>(&h), sizeof h);
  return h;
}

// Re-stamps the header checksum, as a writer would: the file is then
// consistent except for whatever the test changed on purpose.
inline void RestampHeader(const std::string& path) {
  char block[kHeaderCrcOffset + 4] = {};
  const MatrixHeader h = ReadHeader(path);
  StampHeader(h, block);
  std::uint32_t crc;
  std::memcpy(&crc, block + kHeaderCrcOffset, 4);
  PatchBytes(path, kHeaderCrcOffset, crc, 4);
}

// A hand-edited header field with a valid checksum: what reaches the bounds
// checks behind the checksum (a crafted file, not a corrupted one).
inline void PatchHeader(const std::string& path, std::size_t offset, std::uint64_t value, std::size_t width) {
  PatchBytes(path, offset, value, width);
  RestampHeader(path);
}

}  // namespace gdist::matrix_test
