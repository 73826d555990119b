// Gives a fuzzer's bytes a file name the readers can open: an anonymous
// in-memory file (memfd) named through /proc/self/fd, so no disk I/O per run
// and nothing to clean up.
#pragma once
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace gdist::fuzz {

class MemoryFile {
 public:
  MemoryFile(const std::uint8_t* data, std::size_t size) {
    fd_ = memfd_create("gdist-fuzz", MFD_CLOEXEC);
    for (std::size_t done = 0; fd_ >= 0 && done < size;) {
      const ssize_t w = write(fd_, data + done, size - done);
      if (w <= 0) break;
      done += static_cast<std::size_t>(w);
    }
  }
  ~MemoryFile() {
    if (fd_ >= 0) close(fd_);
  }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;
  bool ok() const { return fd_ >= 0; }
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

 private:
  int fd_ = -1;
};

}  // namespace gdist::fuzz
