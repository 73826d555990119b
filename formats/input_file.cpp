#include "formats/input_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "lib/util/error.hpp"

namespace gdist {

static constexpr std::size_t kBufferBytes = 1 << 20;

InputFile::InputFile(const std::string& path) : path_(path), buf_(kBufferBytes) {
  gz_ = gzopen(path.c_str(), "rb");
  if (!gz_) throw Error(path + ": cannot open: " + std::strerror(errno));
  gzbuffer(gz_, 1 << 18);
}

InputFile::~InputFile() {
  if (gz_) gzclose(gz_);
}

bool InputFile::Fill() {
  if (eof_) return false;
  int got = gzread(gz_, buf_.data(), static_cast<unsigned>(buf_.size()));
  if (got <= 0) {
    // gzread returns 0 both at a clean end and on a truncated gzip stream;
    // only gzerror tells them apart.
    int err = Z_OK;
    const char* msg = gzerror(gz_, &err);
    if (got < 0 || (err != Z_OK && err != Z_STREAM_END)) {
      std::string what = msg;  // zlib prefixes its message with the path gzopen got
      if (what.rfind(path_ + ": ", 0) == 0) what.erase(0, path_.size() + 2);
      throw ParseError(path_, line_no_ + 1,
                       "read error: " + what +
                           (err == Z_BUF_ERROR || err == Z_DATA_ERROR ? " (truncated or corrupt gzip file)" : ""));
    }
    eof_ = true;
    return false;
  }
  begin_ = 0;
  end_ = static_cast<std::size_t>(got);
  return true;
}

bool InputFile::NextLine(std::string_view* line) {
  if (!NextRawLine(line)) return false;
  // Spreadsheets save CSV with a UTF-8 byte order mark; it is not part of the first id.
  if (line_no_ == 1 && line->substr(0, 3) == "\xEF\xBB\xBF") line->remove_prefix(3);
  return true;
}

bool InputFile::NextRawLine(std::string_view* line) {
  carry_.clear();
  for (;;) {
    if (begin_ == end_ && !Fill()) {
      if (carry_.empty()) return false;
      break;  // last line without a newline
    }
    const char* start = buf_.data() + begin_;
    const void* nl = std::memchr(start, '\n', end_ - begin_);
    if (nl) {
      std::size_t len = static_cast<const char*>(nl) - start;
      begin_ += len + 1;
      if (carry_.empty()) {
        *line = std::string_view(start, len);
      } else {
        carry_.append(start, len);
        *line = carry_;
      }
      ++line_no_;
      if (!line->empty() && line->back() == '\r') line->remove_suffix(1);
      return true;
    }
    carry_.append(start, end_ - begin_);
    begin_ = end_;
  }
  ++line_no_;
  *line = carry_;
  if (!line->empty() && line->back() == '\r') line->remove_suffix(1);
  return true;
}

std::size_t InputFile::Read(void* dst, std::size_t n) {
  char* out = static_cast<char*>(dst);
  std::size_t done = 0;
  while (done < n) {
    if (begin_ == end_ && !Fill()) break;
    std::size_t take = std::min(n - done, end_ - begin_);
    std::memcpy(out + done, buf_.data() + begin_, take);
    begin_ += take;
    done += take;
  }
  return done;
}

std::string InputFile::Peek(const std::string& path, std::size_t n) {
  InputFile f(path);
  std::string s(n, '\0');
  s.resize(f.Read(s.data(), n));
  return s;
}

bool InputFile::IsGzip(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw Error(path + ": cannot open: " + std::strerror(errno));
  unsigned char magic[2] = {0, 0};
  std::size_t got = std::fread(magic, 1, 2, f);
  std::fclose(f);
  return got == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

std::uint64_t InputFile::DiskSize(const std::string& path) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) throw Error(path + ": cannot open: " + std::strerror(errno));
  return static_cast<std::uint64_t>(st.st_size);
}

}  // namespace gdist
