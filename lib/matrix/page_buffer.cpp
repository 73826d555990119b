#include "lib/matrix/page_buffer.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

#include "lib/util/error.hpp"

namespace gdist {

namespace {

std::size_t g_file_backed_above = 0;  // 0: never
std::string g_file_backed_dir;

// A writable shared mapping of a fresh unlinked file of `bytes` in dir.
void* MapTemporaryFile(std::size_t bytes, const std::string& dir) {
  int fd = open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0) {  // file systems without O_TMPFILE: a named file, unlinked at once
    std::string name = dir + "/.gdist-matrix-XXXXXX";
    fd = mkostemp(name.data(), O_CLOEXEC);
    if (fd >= 0) unlink(name.c_str());
  }
  if (fd < 0) throw Error("cannot create a temporary file in " + dir + " for the matrix: " + std::strerror(errno));
  // Reserve the blocks now: a full disk is an error here, not a SIGBUS later.
  int e = posix_fallocate(fd, 0, static_cast<off_t>(bytes));
  if (e == EOPNOTSUPP || e == EINVAL) e = ftruncate(fd, static_cast<off_t>(bytes)) == 0 ? 0 : errno;
  if (e != 0) {
    close(fd);
    throw Error("cannot reserve " + std::to_string(bytes >> 20) + " MiB in " + dir +
                " for the matrix: " + std::strerror(e));
  }
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  const int map_errno = errno;
  close(fd);  // the mapping keeps the file alive
  if (p == MAP_FAILED) throw Error("cannot map the matrix file in " + dir + ": " + std::strerror(map_errno));
  return p;
}

}  // namespace

void SetFileBackedAbove(std::size_t above_bytes, const std::string& dir) {
  g_file_backed_above = above_bytes;
  g_file_backed_dir = dir.empty() ? "." : dir;
}

std::optional<std::string> FileBackingDirFor(std::size_t bytes) {
  if (g_file_backed_above != 0 && bytes > g_file_backed_above) return g_file_backed_dir;
  return std::nullopt;
}

PageBuffer::PageBuffer(std::size_t bytes) : bytes_(bytes) {
  if (bytes == 0) return;
  if (g_file_backed_above != 0 && bytes > g_file_backed_above) {
    data_ = MapTemporaryFile(bytes, g_file_backed_dir);
    return;
  }
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    throw Error("cannot allocate " + std::to_string(bytes >> 20) + " MiB for the matrix: " + std::strerror(errno));
  madvise(p, bytes, MADV_HUGEPAGE);  // best effort: fewer TLB misses on large matrices
  data_ = p;
}

PageBuffer::~PageBuffer() {
  if (data_) munmap(data_, bytes_);
}

PageBuffer::PageBuffer(PageBuffer&& o) noexcept
    : data_(std::exchange(o.data_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}

PageBuffer& PageBuffer::operator=(PageBuffer&& o) noexcept {
  if (this != &o) {
    if (data_) munmap(data_, bytes_);
    data_ = std::exchange(o.data_, nullptr);
    bytes_ = std::exchange(o.bytes_, 0);
  }
  return *this;
}

}  // namespace gdist
