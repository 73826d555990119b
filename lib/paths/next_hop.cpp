#include "lib/paths/next_hop.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/paths/tight_arc.hpp"
#include "lib/util/isa_clones.hpp"

namespace gdist {

namespace {

constexpr std::uint32_t kUnseen = ~0u;

// Marks the arcs [begin, end) of one vertex that are tight and lead to a vertex
// not settled before `depth`. Branch-free so that the compiler vectorises it
// (target_clones picks AVX-512/AVX2 at run time): on dense graphs almost every
// arc fails the test, so this loop, not the queue work, is the cost.
template <class T> GDIST_ISA_CLONES void MarkTightArcs(const std::uint32_t* __restrict head, const T* __restrict weight,
                                                       std::size_t count, T du, const T* __restrict d,
                                                       const std::uint32_t* __restrict level, std::uint32_t depth,
                                                       std::uint8_t* __restrict mark) {
  for (std::size_t a = 0; a < count; ++a) {
    const std::uint32_t v = head[a];
    const bool tight = TightArc(du, weight[a], d[v]);
    mark[a] = static_cast<std::uint8_t>(tight & (level[v] >= depth));
  }
}

// ---- Positive weights: next(i, j) = the least out-neighbour k of i with
// w(i, k) + d(k, j) == d(i, j) (TightArc). Row i is built a panel of kPanel
// columns at a time: for each out-neighbour k in increasing order, one
// branch-free pass over d(k, j0 .. j0 + kPanel) claims the columns still open.
// Panels are the outer loop so that the kPanel-wide column strip of the whole
// matrix (n * kPanel elements, 1 MiB for int32 at n = 4000) stays in cache
// while every source reads it.

constexpr std::size_t kPanel = 64;
constexpr std::int32_t kOpen = -1;    // a route exists, no tight neighbour found yet
constexpr std::int32_t kClosed = -2;  // j == i, unreachable, or a padding column

// Columns j0 .. j0 + kPanel of row i (all inside the padded row): `di` and `out`
// point at column j0 of row i, `panel` at column j0 of row 0, `diag` is i - j0
// (never matches when i is outside the panel), `width` the columns below n.
template <class T> GDIST_ISA_CLONES void LeastTightPanel(const std::uint32_t* __restrict head,
                                                         const T* __restrict weight, std::size_t count,
                                                         const T* __restrict panel, std::size_t stride,
                                                         const T* __restrict di, std::size_t width, std::size_t diag,
                                                         std::int32_t* __restrict out) {
  alignas(64) T target[kPanel];
  alignas(64) std::int32_t hop[kPanel];
  int any = 0;
  for (std::size_t c = 0; c < kPanel; ++c) {
    // w > 0 and d >= 0, so w + d(k, j) never matches the target -1 of a closed column.
    const bool open = (c < width) & (c != diag) & (di[c] < ElementTraits<T>::kInf);
    target[c] = open ? di[c] : T(-1);
    hop[c] = open ? kOpen : kClosed;
    any |= open;
  }
  for (std::size_t a = 0; any && a < count; ++a) {
    const T* __restrict dk = panel + head[a] * stride;
    const T w = weight[a];
    const std::int32_t k = static_cast<std::int32_t>(head[a]);
    for (std::size_t c = 0; c < kPanel; ++c) {
      const bool take = (hop[c] == kOpen) & TightArc(w, dk[c], target[c]);
      hop[c] = take ? k : hop[c];
    }
    if ((a & 7) == 7) {  // every column settled: later (larger) neighbours cannot win
      int open = 0;
      for (std::size_t c = 0; c < kPanel; ++c) open |= (hop[c] == kOpen);
      if (!open) break;
    }
  }
  for (std::size_t c = 0; c < kPanel; ++c) out[c] = std::max(hop[c], kNoHop);  // padding columns stay kNoHop
}

template <class T>
NextHopMatrix LeastTightNextHops(const ArcList<T>& all_arcs, const MatrixView<T>& dist, int threads) {
  const std::size_t n = dist.n;
  NextHopMatrix next(n);
  // Only arcs that CanBeFirstHop (for integers: w == d(i, k)) take part; on
  // dense graphs that is a small fraction, and the result is the same.
  ArcList<T> kept;
  if constexpr (!std::is_floating_point_v<T>) {
    kept.first.assign(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
      const T* di = dist.row(i);
      for (std::size_t a = all_arcs.first[i]; a < all_arcs.first[i + 1]; ++a)
        if (CanBeFirstHop(all_arcs.weight[a], di[all_arcs.head[a]])) {
          kept.head.push_back(all_arcs.head[a]);
          kept.weight.push_back(all_arcs.weight[a]);
        }
      kept.first[i + 1] = kept.head.size();
    }
  }
  const ArcList<T>& arcs = std::is_floating_point_v<T> ? all_arcs : kept;
#pragma omp parallel num_threads(threads)
  for (std::size_t j0 = 0; j0 < n; j0 += kPanel) {  // j0 + kPanel <= stride: stride is a multiple of 128
    const std::size_t width = std::min(kPanel, n - j0);
#pragma omp for schedule(dynamic, 16) nowait
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t begin = arcs.first[i];
      LeastTightPanel(arcs.head.data() + begin, arcs.weight.data() + begin, arcs.first[i + 1] - begin, dist.data + j0,
                      dist.stride, dist.row(i) + j0, width, i - j0, next.row(i) + j0);
    }
  }
  return next;
}

}  // namespace

template <class T> bool UsesLeastTightNeighbour(const ArcList<T>& arcs, const MatrixView<T>& dist) {
  T wmin{}, wmax{};
  for (std::size_t a = 0; a < arcs.weight.size(); ++a) {
    const T w = arcs.weight[a];
    if (!(w > T(0))) return false;  // zero, negative (or NaN)
    wmin = a == 0 ? w : std::min(wmin, w);
    wmax = a == 0 ? w : std::max(wmax, w);
  }
  if constexpr (!std::is_floating_point_v<T>) {
    return true;
  } else {
    // TightArc accepts |w + d(k,j) - d(i,j)| <= 1e-5 * max(1, d(i,j)). If every w
    // exceeds twice that for the largest finite distance D, a tight arc gives
    // d(k, j) < d(i, j) strictly, so routes cannot loop. D <= (n - 1) * wmax
    // decides most graphs without reading the matrix.
    const auto enough = [&](double dmax) { return double(wmin) > 2e-5 * std::max(1.0, dmax); };
    if (arcs.weight.empty() || enough(double(wmax) * double(dist.n))) return true;
    double dmax = 0;
    const long long n = static_cast<long long>(dist.n);
#pragma omp parallel for reduction(max : dmax) schedule(static)
    for (long long i = 0; i < n; ++i) {
      const T* d = dist.row(static_cast<std::size_t>(i));
      T m = 0;
      for (long long j = 0; j < n; ++j) m = std::max(m, d[j] < ElementTraits<T>::kInf ? d[j] : T(0));
      dmax = std::max(dmax, double(m));
    }
    return enough(dmax);
  }
}

template <class T> NextHopMatrix ComputeNextHops(const ArcList<T>& arcs, const MatrixView<T>& dist, int threads) {
  const std::size_t n = dist.n;
  const T inf = ElementTraits<T>::kInf;
  if (threads <= 0) threads = omp_get_max_threads();
  if (UsesLeastTightNeighbour(arcs, dist)) return LeastTightNextHops(arcs, dist, threads);
  NextHopMatrix next(n);
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

#define GDIST_INSTANTIATE(T)                                                         \
  template bool UsesLeastTightNeighbour<T>(const ArcList<T>&, const MatrixView<T>&); \
  template NextHopMatrix ComputeNextHops<T>(const ArcList<T>&, const MatrixView<T>&, int);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
