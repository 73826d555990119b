#include "lib/util/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "lib/util/error.hpp"

namespace gdist {

AtomicFile::AtomicFile(std::string final_path) : final_path_(std::move(final_path)) {
  temp_path_ = final_path_ + ".tmp-XXXXXX";
  fd_ = mkstemp(temp_path_.data());
  if (fd_ < 0) throw Error(final_path_ + ": cannot create output file: " + std::strerror(errno));
  fchmod(fd_, 0644);
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) close(fd_);
  if (!committed_) unlink(temp_path_.c_str());
}

// Large outputs are written in pieces, each handed to the disk at once
// (sync_file_range): the disk then works while the next piece is copied,
// instead of all of it waiting for the fsync in Commit().
void AtomicFile::Write(const void* data, std::size_t bytes) {
  constexpr std::size_t kPiece = 64u << 20;
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    ssize_t w = ::write(fd_, p, std::min(bytes, kPiece));
    if (w < 0) {
      if (errno == EINTR) continue;
      throw Error(final_path_ + ": write failed: " + std::strerror(errno));
    }
    sync_file_range(fd_, static_cast<off_t>(written_), w, SYNC_FILE_RANGE_WRITE);  // a hint: errors surface at fsync
    written_ += static_cast<std::size_t>(w);
    p += w;
    bytes -= static_cast<std::size_t>(w);
  }
}

void AtomicFile::Commit() {
  if (fsync(fd_) != 0) throw Error(final_path_ + ": fsync failed: " + std::strerror(errno));
  if (close(fd_) != 0) {
    fd_ = -1;
    throw Error(final_path_ + ": close failed: " + std::strerror(errno));
  }
  fd_ = -1;
  if (std::rename(temp_path_.c_str(), final_path_.c_str()) != 0)
    throw Error(final_path_ + ": cannot rename the finished output into place: " + std::strerror(errno));
  committed_ = true;
}

}  // namespace gdist
