#include "lib/paths/next_hop.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace gdist {

NextHopMatrix::NextHopMatrix(std::size_t n)
    : n_(n), stride_(PaddedSize(n)), buf_(stride_ * stride_ * sizeof(std::int32_t)) {
  std::fill(data(), data() + stride_ * stride_, kNoHop);
}

namespace {

// Exact for integers; floats accept the rounding of a differently ordered sum.
template <class T> inline bool Tight(T du, T w, T dv) {
  if constexpr (std::is_floating_point_v<T>) {
    const T sum = du + w;
    return std::fabs(sum - dv) <= T(1e-5) * std::max(std::fabs(dv), T(1));
  } else {
    return du + w == dv;
  }
}

constexpr std::uint32_t kUnseen = ~0u;

}  // namespace

template <class T>
NextHopMatrix ComputeNextHops(const ArcList<T>& arcs, const MatrixView<T>& dist, int threads) {
  const std::size_t n = dist.n;
  const T inf = ElementTraits<T>::kInf;
  NextHopMatrix next(n);
  if (threads <= 0) threads = omp_get_max_threads();
#pragma omp parallel num_threads(threads)
  {
    std::vector<std::uint32_t> frontier, upcoming;
    std::vector<std::uint32_t> level(n);
    frontier.reserve(n);
    upcoming.reserve(n);
#pragma omp for schedule(dynamic, 8)
    for (std::size_t i = 0; i < n; ++i) {
      const T* d = dist.row(i);
      std::int32_t* out = next.row(i);
      std::fill(level.begin(), level.end(), kUnseen);
      level[i] = 0;
      frontier.assign(1, static_cast<std::uint32_t>(i));
      for (std::uint32_t depth = 1; !frontier.empty(); ++depth) {
        upcoming.clear();
        for (const std::uint32_t u : frontier) {
          const T du = d[u];
          for (std::size_t a = arcs.first[u]; a < arcs.first[u + 1]; ++a) {
            const std::uint32_t v = arcs.head[a];
            if (level[v] < depth || d[v] >= inf || !Tight(du, arcs.weight[a], d[v])) continue;
            const std::int32_t hop = (u == i) ? static_cast<std::int32_t>(v) : out[u];
            if (level[v] == kUnseen) {
              level[v] = depth;
              out[v] = hop;
              upcoming.push_back(v);
            } else {
              out[v] = std::min(out[v], hop);  // canonical: the least first hop wins
            }
          }
        }
        frontier.swap(upcoming);
      }
    }
  }
  return next;
}

template NextHopMatrix ComputeNextHops<std::int32_t>(const ArcList<std::int32_t>&, const MatrixView<std::int32_t>&, int);
template NextHopMatrix ComputeNextHops<std::int64_t>(const ArcList<std::int64_t>&, const MatrixView<std::int64_t>&, int);
template NextHopMatrix ComputeNextHops<float>(const ArcList<float>&, const MatrixView<float>&, int);

}  // namespace gdist
