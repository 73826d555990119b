// Page-aligned, move-only memory for matrices. Page alignment lets the GPU
// backend pin the buffer in place with cudaHostRegister (no staging copy), and
// anonymous mmap gives zeroed pages lazily and transparent huge pages.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

namespace gdist {

// From now on, buffers larger than above_bytes are backed by an unlinked
// temporary file in `dir` (shared mapping, space reserved up front) instead of
// anonymous memory: a matrix larger than RAM then pages to that file, and the
// out-of-core schedules keep their working set in anonymous buffers. Process
// wide (set once by a front end, before it loads the matrix).
void SetFileBackedAbove(std::size_t above_bytes, const std::string& dir);
// The folder a buffer of `bytes` would live in, when it would be file backed.
std::optional<std::string> FileBackingDirFor(std::size_t bytes);

class PageBuffer {
 public:
  PageBuffer() = default;
  explicit PageBuffer(std::size_t bytes);  // throws gdist::Error when memory is short
  ~PageBuffer();
  PageBuffer(PageBuffer&& o) noexcept;
  PageBuffer& operator=(PageBuffer&& o) noexcept;
  PageBuffer(const PageBuffer&) = delete;
  PageBuffer& operator=(const PageBuffer&) = delete;

  void* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace gdist
