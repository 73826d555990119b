#include "lib/matrix/page_buffer.hpp"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

#include "lib/util/error.hpp"

namespace gdist {

PageBuffer::PageBuffer(std::size_t bytes) : bytes_(bytes) {
  if (bytes == 0) return;
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    throw Error("cannot allocate " + std::to_string(bytes >> 20) + " MiB for the matrix: " +
                std::strerror(errno));
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
