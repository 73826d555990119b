// Reads a file that may be gzip-compressed (zlib's gzread passes plain files
// through unchanged), either whole as bytes or line by line with a line counter
// for error messages.
#pragma once
#include <zlib.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gdist {

class InputFile {
 public:
  explicit InputFile(const std::string& path);  // throws gdist::Error if unreadable
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& path() const { return path_; }
  // Next line without its terminator ("\n" or "\r\n") and, on line 1, without
  // a UTF-8 byte order mark; false at end of file.
  bool NextLine(std::string_view* line);
  std::size_t line_number() const { return line_no_; }
  // Up to n bytes; fewer only at end of file.
  std::size_t Read(void* dst, std::size_t n);
  // First bytes of the decompressed content, without consuming them.
  static std::string Peek(const std::string& path, std::size_t n);
  // True when the file on disk starts with the gzip magic bytes 1f 8b.
  static bool IsGzip(const std::string& path);
  // Size of the file on disk (compressed size for .gz); throws gdist::Error.
  static std::uint64_t DiskSize(const std::string& path);

 private:
  bool Fill();
  bool NextRawLine(std::string_view* line);
  std::string path_;
  gzFile gz_ = nullptr;
  std::vector<char> buf_;
  std::size_t begin_ = 0, end_ = 0;
  std::string carry_;
  std::size_t line_no_ = 0;
  bool eof_ = false;
};

}  // namespace gdist
