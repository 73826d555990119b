// Storage of the next-hop (successor) matrix: next(i, j) is the vertex after i
// on a shortest i -> j route, kNoHop when j is unreachable or j == i. The rule
// that fills it is lib/paths/next_hop.hpp; the matrix file stores it beside the
// distances (lib/matrix/matrix_file), so the type lives with the matrices.
#pragma once
#include <cstddef>
#include <cstdint>

#include "lib/matrix/page_buffer.hpp"

namespace gdist {

inline constexpr std::int32_t kNoHop = -1;

// Same padded layout as the distance matrix: stride x stride int32.
class NextHopMatrix {
 public:
  NextHopMatrix() = default;
  explicit NextHopMatrix(std::size_t n);
  std::size_t n() const { return n_; }
  std::size_t stride() const { return stride_; }
  std::int32_t* row(std::size_t i) { return data() + i * stride_; }
  const std::int32_t* row(std::size_t i) const { return data() + i * stride_; }
  std::int32_t* data() { return static_cast<std::int32_t*>(buf_.data()); }
  const std::int32_t* data() const { return static_cast<const std::int32_t*>(buf_.data()); }
  std::size_t bytes() const { return buf_.bytes(); }

 private:
  std::size_t n_ = 0, stride_ = 0;
  PageBuffer buf_;
};

}  // namespace gdist
