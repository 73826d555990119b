#include "lib/sparse/shortest_paths.hpp"

#include <algorithm>
#include <limits>

#include "lib/core/element_traits.hpp"
#include "lib/sparse/ms_bfs.hpp"

namespace gdist {

const char* TreeMethodName(TreeMethod m) {
  switch (m) {
    case TreeMethod::kBfs: return "bfs";
    case TreeMethod::kDijkstraRadix: return "dijkstra-radix";
    case TreeMethod::kDijkstraBinaryHeap: return "dijkstra-binary-heap";
    case TreeMethod::kJohnsonRadix: return "johnson-radix";
    case TreeMethod::kJohnsonBinaryHeap: return "johnson-binary-heap";
  }
  return "unknown";
}

template <class W> ShortestPathTrees<W>::ShortestPathTrees(const CsrGraph<W>& g, TreeDirection direction)
    : g_(g), direction_(direction) {
  constexpr bool kIntegral = std::is_integral_v<W>;
  if (g.has_negative) {
    johnson_ = std::make_shared<const JohnsonWeights<W>>(ReweightForJohnson(g));
    method_ = kIntegral ? TreeMethod::kJohnsonRadix : TreeMethod::kJohnsonBinaryHeap;
  } else if (g.unit_weights) {
    method_ = TreeMethod::kBfs;
  } else {
    method_ = kIntegral ? TreeMethod::kDijkstraRadix : TreeMethod::kDijkstraBinaryHeap;
  }
}

template <class W> void ShortestPathTrees<W>::Tree(std::uint32_t s, W* dist, TreeWorkspace& ws) const {
  const CsrView<W> view = View();
  switch (method_) {
    case TreeMethod::kBfs: Bfs<W>(view, s, dist, kInf, ws.queue); return;
    case TreeMethod::kDijkstraRadix:
      if constexpr (std::is_integral_v<W>) DijkstraRadix<W>(view, s, dist, kInf, ws.radix);
      return;
    case TreeMethod::kDijkstraBinaryHeap: DijkstraBinaryHeap<W>(view, s, dist, kInf, ws.heap); return;
    case TreeMethod::kJohnsonRadix:
    case TreeMethod::kJohnsonBinaryHeap: break;
  }
  // Johnson: Dijkstra on the re-weighted arcs in the wide type, then undo the
  // potentials (d(s,t) = d' - h(s) + h(t); the "to" tree mirrors it).
  using D = JohnsonDist<W>;
  const JohnsonWeights<W>& j = *johnson_;
  const CsrArcs<D>& arcs = (direction_ == TreeDirection::kTo && g_.directed) ? j.in : j.out;
  const CsrView<D> wide{g_.n, arcs.offsets.data(), arcs.targets.data(), arcs.weights.data()};
  constexpr D kWideInf = std::is_integral_v<D> ? std::numeric_limits<D>::max() : std::numeric_limits<D>::infinity();
  std::vector<D>& d = [&]() -> std::vector<D>& {
    if constexpr (std::is_integral_v<D>) return ws.wide_int;
    else return ws.wide_float;
  }();
  d.resize(g_.n);
  if constexpr (std::is_integral_v<D>) DijkstraRadix<D>(wide, s, d.data(), kWideInf, ws.radix);
  else DijkstraBinaryHeap<D>(wide, s, d.data(), kWideInf, ws.heap);
  const std::vector<D>& h = j.potential;
  const bool from = direction_ == TreeDirection::kFrom || !g_.directed;
  for (std::size_t v = 0; v < g_.n; ++v) {
    if (d[v] == kWideInf) {
      dist[v] = kInf;
    } else {
      dist[v] = static_cast<W>(from ? d[v] - h[s] + h[v] : d[v] - h[v] + h[s]);
    }
  }
}

namespace {

template <int kWords, class W>
void MsBfsRows(const CsrView<W>& view, std::span<const std::uint32_t> sources, W* out, std::size_t stride, int nt) {
  using Bfs = MultiSourceBfs<kWords>;
  const std::size_t batch = Bfs::kMaxSources;
  const std::int64_t batches = static_cast<std::int64_t>((sources.size() + batch - 1) / batch);
#pragma omp parallel num_threads(nt)
  {
    Bfs bfs(view.n, view.offsets, view.targets);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < batches; ++b) {
      if (InterruptionRequested()) continue;  // thrown below, once the threads have joined
      const std::size_t first = static_cast<std::size_t>(b) * batch;
      const std::size_t count = std::min(batch, sources.size() - first);
      W* rows = out + first * stride;
      for (std::size_t i = 0; i < count; ++i)
        std::fill(rows + i * stride, rows + i * stride + view.n, ElementTraits<W>::kInf);
      bfs.Run(
          sources.subspan(first, count),
          [&](std::uint32_t level, std::uint32_t v, const typename Bfs::Mask& mask) {
            Bfs::ForEachBit(mask, [&](int j) { rows[j * stride + v] = static_cast<W>(level); });
          },
          [](std::uint32_t, const typename Bfs::Mask&) {});
    }
  }
  ThrowIfInterrupted();
}

}  // namespace

// Bit-parallel BFS shares work only where a batch's frontiers overlap: on a
// shallow graph (a social one: every frontier meets the others within a few
// levels), or when the sources cover much of the graph in id order (every row:
// a batch is a neighbourhood). Random sources on a deep graph (a road one:
// hundreds of levels) would cost a BFS each plus the masks (NY, 1000 random
// rows: 6.7 s against 2.3 s for weighted Dijkstra on 16 threads), so they run
// one plain BFS each. The first source's row, a plain BFS, measures the depth.
template <class W>
void ShortestPathTrees<W>::Rows(std::span<const std::uint32_t> sources, W* out, std::size_t stride, int threads) const {
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  std::size_t first = 0;  // rows already written
  if (method_ == TreeMethod::kBfs && sources.size() >= 16) {
    bool shallow = true;
    if (sources.size() * kMsBfsCoverShare < g_.n) {
      std::vector<std::uint32_t> queue;
      const std::size_t reached = Bfs(View(), sources[0], out, kInf, queue);
      shallow = static_cast<std::size_t>(out[queue[reached - 1]]) <= kMsBfsMaxDepth;
      first = 1;
    }
    if (shallow) {
      // Enough sources per thread for full words; 4 words keep 3*32 bytes per
      // vertex per thread (25 MB on a 264k-vertex road graph).
      const std::span<const std::uint32_t> rest = sources.subspan(first);
      const std::size_t per_thread = (rest.size() + nt - 1) / nt;
      if (per_thread >= 256) MsBfsRows<4>(View(), rest, out + first * stride, stride, nt);
      else MsBfsRows<1>(View(), rest, out + first * stride, stride, nt);
      return;
    }
  }
  ForEachTree(sources.subspan(first), nt, [&](int, std::size_t i, std::uint32_t, const W* dist) {
    std::copy(dist, dist + g_.n, out + (first + i) * stride);
  });
}

#define GDIST_INSTANTIATE(T) template class ShortestPathTrees<T>;
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
