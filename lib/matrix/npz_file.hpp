// NumPy's .npz: a zip archive of .npy members, stored (not compressed), so
// numpy.load(path)["dist"] reads a member as it reads an .npy file. Written in
// one pass through AtomicFile (so also to a pipe, and all or nothing): each
// member's CRC-32 (zlib) and sizes follow its data in a data descriptor and
// are repeated in the central directory, which zip readers (Python's zipfile)
// read. Its records are always ZIP64 (a member may pass 4 GiB): one layout
// for every size.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "lib/util/atomic_file.hpp"

namespace gdist {

class NpzWriter {
 public:
  explicit NpzWriter(const std::string& path);  // throws gdist::Error

  // A member of `bytes` bytes named `name` (".npy" appended); its Write()s
  // must add up to `bytes` before the next member or Commit().
  void BeginMember(const std::string& name, std::uint64_t bytes);
  void Write(const void* data, std::size_t bytes);
  void Commit();  // the central directory, then AtomicFile::Commit

 private:
  struct Member {
    std::string name;
    std::uint64_t offset = 0, bytes = 0, written = 0;
    std::uint32_t crc = 0;
  };
  void EndMember();
  void Put(const std::string& bytes);

  AtomicFile out_;
  std::vector<Member> members_;
  std::uint64_t offset_ = 0;  // bytes written so far
  bool open_ = false;         // a member is being written
};

// An .npy member holding strings (the vertex labels): NumPy's fixed-width
// unicode ('<U' + the longest label's code points), UTF-32 little-endian; a
// byte of a label that is not valid UTF-8 is U+FFFD.
std::string NpyStrings(const std::vector<std::string>& strings);

}  // namespace gdist
