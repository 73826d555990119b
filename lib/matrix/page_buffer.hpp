// Page-aligned, move-only memory for matrices. Page alignment lets the GPU
// backend pin the buffer in place with cudaHostRegister (no staging copy), and
// anonymous mmap gives zeroed pages lazily and transparent huge pages.
#pragma once
#include <cstddef>

namespace gdist {

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
