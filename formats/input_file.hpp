// Reads an input that may be gzip-compressed (zlib's gzread passes plain data
// through unchanged), either as bytes or line by line with a line counter for
// error messages. Opened once: a pipe (`<(cat f)`) or standard input ("-")
// cannot be re-opened, so format detection looks at a buffered prefix of the
// same stream. Bounded: a line longer than InputLimits::max_line_bytes, or a
// gzip stream that inflates past max_gzip_ratio times the compressed bytes
// read so far (a "gzip bomb"), is an error, not a run until memory is gone.
#pragma once
#include <zlib.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lib/util/progress.hpp"

namespace gdist {

struct InputLimits {
  std::uint64_t max_line_bytes = std::uint64_t{64} << 20;  // --max-line-bytes; 0: no limit
  std::uint64_t max_gzip_ratio = 100;                      // --max-gzip-ratio; 0: no limit
};

class InputFile {
 public:
  // "-" reads standard input. Throws gdist::Error if unreadable.
  explicit InputFile(const std::string& path, const InputLimits& limits = {});
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // The name for messages ("<stdin>" for "-").
  const std::string& path() const { return path_; }
  // Next line without its terminator ("\n" or "\r\n") and, on line 1, without
  // a UTF-8 byte order mark; false at end of file.
  bool NextLine(std::string_view* line);
  std::size_t line_number() const { return line_no_; }
  // Up to n bytes; fewer only at end of file.
  std::size_t Read(void* dst, std::size_t n);
  // The first (up to) n bytes of the decompressed content, without consuming
  // them; only before the first NextLine/Read. n is at most 1 MiB.
  std::string_view Prefix(std::size_t n);
  // True when the content is gzip-compressed (valid once Prefix or a read ran).
  bool is_gzip();
  // The size of an uncompressed regular file, else nullopt (pipe, gzip).
  std::optional<std::uint64_t> plain_file_size();

 private:
  bool Fill();
  bool NextRawLine(std::string_view* line);
  void CheckGzipRatio();
  void CheckLineLength(std::size_t bytes) const;
  std::string path_;
  InputLimits limits_;
  int fd_ = -1;
  gzFile gz_ = nullptr;
  std::vector<char> buf_;
  std::size_t begin_ = 0, end_ = 0;
  std::string carry_;
  std::size_t line_no_ = 0;
  std::uint64_t inflated_ = 0;  // decompressed bytes read so far
  bool eof_ = false;
  std::unique_ptr<ProgressBar> progress_;  // bytes read, when progress is shown
  std::uint64_t progress_total_ = 0;       // the file's size; 0: a pipe
};

}  // namespace gdist
