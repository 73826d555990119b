#include "lib/paths/next_hop.hpp"
#include "lib/paths/tight_arc.hpp"

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

constexpr std::uint32_t kUnseen = ~0u;

// Marks the arcs [begin, end) of one vertex that are tight and lead to a vertex
// not settled before `depth`. Branch-free so that the compiler vectorises it
// (target_clones picks AVX-512/AVX2 at run time): on dense graphs almost every
// arc fails the test, so this loop, not the queue work, is the cost.
template <class T>
__attribute__((target_clones("avx512f", "avx2", "default"))) void MarkTightArcs(
    const std::uint32_t* __restrict head, const T* __restrict weight, std::size_t count, T du, const T* __restrict d,
    const std::uint32_t* __restrict level, std::uint32_t depth, std::uint8_t* __restrict mark) {
  for (std::size_t a = 0; a < count; ++a) {
    const std::uint32_t v = head[a];
    const bool tight = TightArc(du, weight[a], d[v]);
    mark[a] = static_cast<std::uint8_t>(tight & (level[v] >= depth));
  }
}

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
    std::vector<std::uint8_t> mark(n);
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
          const std::size_t begin = arcs.first[u], count = arcs.first[u + 1] - begin;
          MarkTightArcs(arcs.head.data() + begin, arcs.weight.data() + begin, count, d[u], d, level.data(), depth,
                        mark.data());
          for (std::size_t k = 0; k < count; ++k) {
            if (!mark[k]) continue;
            const std::uint32_t v = arcs.head[begin + k];
            if (d[v] >= inf) continue;
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
