#include "formats/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "lib/util/error.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

static constexpr std::size_t kBufferBytes = 1 << 20;

InputFile::InputFile(const std::string& path, const InputLimits& limits)
    : path_(path == "-" ? "<stdin>" : path), limits_(limits), buf_(kBufferBytes) {
  fd_ = path == "-" ? dup(STDIN_FILENO) : open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) throw Error(path_ + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd_);
    throw Error(path_ + ": is a directory, not a graph file");
  }
  // gzdopen takes over its own descriptor; fd_ stays ours for fstat.
  const int gz_fd = dup(fd_);
  gz_ = gz_fd < 0 ? nullptr : gzdopen(gz_fd, "rb");
  if (!gz_) {
    if (gz_fd >= 0) close(gz_fd);
    close(fd_);
    throw Error(path_ + ": cannot open: " + std::strerror(errno));
  }
  gzbuffer(gz_, 1 << 18);
  if (ProgressEnabled()) {
    // Counts the bytes taken from the file (compressed ones for gzip); a pipe has no known total.
    const std::uint64_t total = S_ISREG(st.st_mode) ? std::uint64_t(st.st_size) : 0;
    progress_total_ = total;
    progress_ =
        std::make_unique<ProgressBar>("reading " + std::filesystem::path(path_).filename().string(), total, "B");
  }
}

InputFile::~InputFile() {
  progress_.reset();
  if (gz_) gzclose(gz_);
  if (fd_ >= 0) close(fd_);
}

void InputFile::CheckGzipRatio() {
  if (limits_.max_gzip_ratio == 0 || gzdirect(gz_)) return;
  // gzoffset: compressed bytes consumed so far (works on pipes too). The
  // allowance of 1 MiB covers the first buffer of a tiny file.
  const auto compressed = static_cast<std::uint64_t>(std::max<z_off_t>(gzoffset(gz_), 0));
  const std::uint64_t allowed = compressed * limits_.max_gzip_ratio + (std::uint64_t{1} << 20);
  if (inflated_ > allowed)
    throw ParseError(path_, line_no_ + 1,
                     "gzip stream inflates to more than " + std::to_string(limits_.max_gzip_ratio) +
                         " times its compressed size (" + std::to_string(inflated_) + " bytes from " +
                         std::to_string(compressed) +
                         "): a gzip bomb? If the file is genuine, raise --max-gzip-ratio "
                         "(0 lifts the limit)");
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
      std::string what = msg;  // zlib may prefix its message with the path
      if (what.rfind(path_ + ": ", 0) == 0) what.erase(0, path_.size() + 2);
      if (what.rfind("<fd:", 0) == 0) what.erase(0, what.find(": ") == std::string::npos ? 0 : what.find(": ") + 2);
      throw ParseError(path_, line_no_ + 1,
                       "read error: " + what +
                           (err == Z_BUF_ERROR || err == Z_DATA_ERROR ? " (truncated or corrupt gzip file)" : ""));
    }
    eof_ = true;
    progress_.reset();  // the bar's last state, before whatever the caller prints next
    return false;
  }
  begin_ = 0;
  end_ = static_cast<std::size_t>(got);
  inflated_ += end_;
  if (progress_) {
    // A file: the position in it (compressed bytes for gzip), against its size; a pipe cannot
    // tell its position (lseek fails), so the bytes it has given are counted.
    const z_off_t at = gzoffset(gz_);
    progress_->Set(progress_total_ && at >= 0 ? static_cast<std::uint64_t>(at) : inflated_);
  }
  CheckGzipRatio();
  return true;
}

std::string_view InputFile::Prefix(std::size_t n) {
  if (begin_ == 0 && end_ == 0) Fill();  // gzread fills the whole buffer unless the input ends first
  return std::string_view(buf_.data() + begin_, std::min(n, end_ - begin_));
}

bool InputFile::is_gzip() {
  Prefix(0);
  return gzdirect(gz_) == 0;
}

std::optional<std::uint64_t> InputFile::plain_file_size() {
  struct stat st {};
  if (is_gzip() || fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return static_cast<std::uint64_t>(st.st_size);
}

bool InputFile::NextLine(std::string_view* line) {
  if (!NextRawLine(line)) return false;
  // Spreadsheets save CSV with a UTF-8 byte order mark; it is not part of the first id.
  if (line_no_ == 1 && line->substr(0, 3) == "\xEF\xBB\xBF") line->remove_prefix(3);
  return true;
}

void InputFile::CheckLineLength(std::size_t bytes) const {
  if (limits_.max_line_bytes == 0 || bytes <= limits_.max_line_bytes) return;
  throw ParseError(path_, line_no_,
                   "line is longer than " + std::to_string(limits_.max_line_bytes) +
                       " bytes: a binary file, or text without line breaks? If it is genuine, raise "
                       "--max-line-bytes (0 lifts the limit)");
}

bool InputFile::NextRawLine(std::string_view* line) {
  carry_.clear();
  for (;;) {
    if (begin_ == end_ && !Fill()) {
      if (carry_.empty()) return false;
      ++line_no_;
      *line = carry_;  // last line without a newline
      break;
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
      break;
    }
    carry_.append(start, end_ - begin_);
    begin_ = end_;
    if (limits_.max_line_bytes > 0 && carry_.size() > limits_.max_line_bytes) {
      ++line_no_;
      CheckLineLength(carry_.size());
    }
  }
  CheckLineLength(line->size());
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

}  // namespace gdist
