// The next-hop (successor) matrix: next(i, j) is the vertex after i on a
// shortest i -> j route, kNoHop when j is unreachable or j == i.
//
// It is derived from the final distances, not tracked inside Floyd-Warshall,
// so the distance kernels stay as fast as without --paths and every backend
// gives the same routes (they give bit-identical distances).
//
// For each source i, a level-by-level breadth-first search over the "tight"
// arcs u -> v (d(i,u) + w(u,v) == d(i,v)) settles vertices in order of fewest
// arcs; when several fewest-arc routes reach j, next(i, j) is the least first
// hop among them, a rule any parallel implementation reproduces exactly.
// Following next(., j) from any vertex lowers the fewest-arc count to j by one
// per step, so routes never loop, even over zero-weight cycles.
#pragma once
#include <cstdint>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/paths/arc_list.hpp"

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

template <class T>
NextHopMatrix ComputeNextHops(const ArcList<T>& arcs, const MatrixView<T>& dist, int threads);

}  // namespace gdist
