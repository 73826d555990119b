#include "lib/metrics/sparse_closeness_bounds.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <span>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/sparse_tree_rows.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/sparse/bfs_lanes.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

namespace {

constexpr std::size_t kLandmarks = 16;

// For every v: sum_w max(0, key[w] - key[v]) (above) and sum_w max(0, key[v] - key[w]) (below), and how
// many w share key[v]; from the sorted keys and their prefix sums.
struct OrderedSums {
  std::vector<double> sorted, prefix;
  explicit OrderedSums(const std::vector<double>& key) : sorted(key) {
    std::sort(sorted.begin(), sorted.end());
    prefix.resize(sorted.size() + 1, 0);
    for (std::size_t i = 0; i < sorted.size(); ++i) prefix[i + 1] = prefix[i] + sorted[i];
  }
  void At(double x, double* above, double* below, double* equal) const {
    const std::size_t lo = std::lower_bound(sorted.begin(), sorted.end(), x) - sorted.begin();
    const std::size_t hi = std::upper_bound(sorted.begin(), sorted.end(), x) - sorted.begin();
    const double n = static_cast<double>(sorted.size());
    *below = x * static_cast<double>(lo) - prefix[lo];
    *above = (prefix.back() - prefix[hi]) - x * (n - static_cast<double>(hi));
    *equal = static_cast<double>(hi - lo);
  }
};

template <class W> double Slack(std::size_t n) {
  if constexpr (std::is_integral_v<W>) return 0;
  return static_cast<double>(n) * std::ldexp(1.0, -23);
}

// Undirected unit-weight graphs. From a source s with c[L] vertices at level
// L, a vertex v at level x has
//   total(v) >= sum_L c[L] |L - x| + (c[x] - 1)   (d(v, w) >= 1 for w != v),
// tabulated for every x by F(0) = total(s), F(x+1) = F(x) + 2 #{L <= x} - n.
// First kLandmarks single trees by farthest-point sampling (spread sources
// bound every vertex); then batches of the open vertices (unsettled, bound
// not above the best total), 64 per bit-parallel sweep, each batch a ball
// around the least bound (nearby sources share most of a sweep); every tree
// both settles its source and tightens every bound.
class UnitMedianSearch {
 public:
  UnitMedianSearch(const CsrView<std::uint8_t>& view, int threads, ProgressCounter& progress)
      : g_(view),
        nt_(threads),
        progress_(progress),
        bound_(view.n, static_cast<double>(view.n - 1)),
        settled_(view.n, 0) {}

  MedianResult Run(std::uint32_t start) {
    const std::size_t n = g_.n;
    // Farthest-point landmarks.
    std::vector<std::int32_t> dist(n);
    std::vector<std::int32_t> nearest(n, std::numeric_limits<std::int32_t>::max());
    std::uint32_t s = start;
    for (std::size_t l = 0; l < std::min(kLandmarks, n); ++l) {
      SingleTree(s, dist, [&](std::size_t v) { nearest[v] = std::min(nearest[v], dist[v]); });
      s = static_cast<std::uint32_t>(std::max_element(nearest.begin(), nearest.end()) - nearest.begin());
      if (nearest[s] == 0) break;  // every vertex is a landmark
    }
    // Where the descent starts: the least total estimated from kSamples trees
    // of random sources (n/k times the sum of their distances), also bounds.
    std::vector<double> estimate(n, 0);
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    for (std::size_t i = 0; i < kSamples && i < n; ++i) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      SingleTree(static_cast<std::uint32_t>((state >> 33) % n), dist, [&](std::size_t v) { estimate[v] += dist[v]; });
    }
    descent_seed_ = static_cast<std::size_t>(std::min_element(estimate.begin(), estimate.end()) - estimate.begin());
    // Batches of open vertices.
    for (int t = 0; t < nt_; ++t) lanes_.push_back(std::make_unique<BfsLanes>(n, g_.offsets, g_.targets));
    seen_stamp_.assign(n, 0);
    for (std::vector<std::uint32_t> sources = NextBatch(); !sources.empty(); sources = NextBatch()) RunBatch(sources);
    result_.vertex = best_vertex_;
    result_.total = best_;
    return result_;
  }

 private:
  static constexpr std::size_t kSamples = 16;
  static constexpr std::size_t kBallLimit = std::size_t{1} << 14;  // vertices a ball search visits at most

  // One BFS tree from s into dist: settles s, tightens every bound, then
  // also(v) for every vertex (in parallel).
  template <class Also> void SingleTree(std::uint32_t s, std::vector<std::int32_t>& dist, Also&& also) {
    Bfs(g_, s, dist.data(), std::int32_t{-1}, queue_);
    std::vector<std::uint64_t> c;
    double total = 0;
    for (std::uint32_t v : queue_) {
      const auto x = static_cast<std::size_t>(dist[v]);
      if (x >= c.size()) c.resize(x + 1, 0);
      ++c[x];
      total += static_cast<double>(x);
    }
    Settle(s, total);
    const std::vector<double> f = Table(c, total);
#pragma omp parallel for num_threads(nt_) schedule(static)
    for (std::size_t v = 0; v < g_.n; ++v) {
      bound_[v] = std::max(bound_[v], f[static_cast<std::size_t>(dist[v])]);
      also(v);
    }
    ++result_.landmark_trees;
  }

  static std::vector<double> Table(const std::vector<std::uint64_t>& c, double total) {
    std::vector<double> f(c.size());
    double value = total, at_or_below = 0, n = 0;
    for (std::uint64_t x : c) n += static_cast<double>(x);
    for (std::size_t x = 0; x < c.size(); ++x) {
      f[x] = value + static_cast<double>(c[x]) - 1;
      at_or_below += static_cast<double>(c[x]);
      value += 2 * at_or_below - n;
    }
    return f;
  }

  void Settle(std::uint32_t v, double total) {
    settled_[v] = 1;
    bound_[v] = total;
    if (total < best_ || (total == best_ && v < best_vertex_)) {
      best_ = total;
      best_vertex_ = v;
    }
  }

  void RunBatch(const std::vector<std::uint32_t>& sources) {
    const std::size_t n = g_.n, k = sources.size(), lanes = BfsLanes::kLanes;
    const std::size_t chunks = (k + lanes - 1) / lanes;
#pragma omp parallel for num_threads(std::min <int>(nt_, static_cast <int>(chunks))) schedule(dynamic, 1)
    for (std::size_t c = 0; c < chunks; ++c)
      lanes_[c]->Run(std::span<const std::uint32_t>(sources).subspan(c * lanes, std::min(lanes, k - c * lanes)));
    std::vector<std::vector<double>> table(k);
    for (std::size_t i = 0; i < k; ++i) {
      const BfsLanes& l = *lanes_[i / lanes];
      const double total = static_cast<double>(l.total(i % lanes));
      Settle(sources[i], total);
      table[i] = Table(l.histogram(i % lanes), total);
    }
    result_.exact_totals += k;
#pragma omp parallel for num_threads(nt_) schedule(static)
    for (std::size_t v = 0; v < n; ++v) {
      if (settled_[v]) continue;
      double b = bound_[v];
      for (std::size_t c = 0; c < chunks; ++c) {
        const std::uint16_t* d = lanes_[c]->Distances(v);
        for (std::size_t j = 0, count = std::min(lanes, k - c * lanes); j < count; ++j)
          b = std::max(b, table[c * lanes + j][d[j]]);
      }
      bound_[v] = b;
    }
  }

  std::vector<std::uint32_t> NextBatch() {
    const std::size_t n = g_.n, want = BfsLanes::kLanes;
    std::vector<std::uint32_t> open;
    for (std::size_t v = 0; v < n; ++v)
      if (!settled_[v] && bound_[v] <= best_) open.push_back(static_cast<std::uint32_t>(v));
    progress_.Set(n - open.size());
    std::sort(open.begin(), open.end(), [&](std::uint32_t a, std::uint32_t b) {
      return bound_[a] < bound_[b] || (bound_[a] == bound_[b] && a < b);
    });
    if (open.size() <= want * static_cast<std::size_t>(nt_)) return open;
    std::vector<std::uint32_t> sources, ball;
    ++stamp_;  // one stamp per batch: a vertex joins one ball at most
    // Descent first: balls around the best vertex so far while that moves, so
    // that the best total (the open set's cut) is near the optimum early.
    if (descending_) {
      const std::size_t seed = first_step_ ? descent_seed_ : best_vertex_;
      descending_ = first_step_ || best_vertex_ != descent_from_;
      first_step_ = false;
      descent_from_ = best_vertex_;
      if (descending_) open.insert(open.begin(), static_cast<std::uint32_t>(seed));  // may be settled: a seed only
    }
    if (descending_) {
      // One ball of want * threads vertices around the seed.
      ball.assign(1, open[0]);
      seen_stamp_[open[0]] = stamp_;
      for (std::size_t head = 0; head < ball.size() && head < kBallLimit && sources.size() < want * nt_; ++head) {
        const std::uint32_t u = ball[head];
        if (!settled_[u] && bound_[u] <= best_) sources.push_back(u);
        for (std::uint64_t a = g_.offsets[u]; a < g_.offsets[u + 1]; ++a)
          if (seen_stamp_[g_.targets[a]] != stamp_) {
            seen_stamp_[g_.targets[a]] = stamp_;
            ball.push_back(g_.targets[a]);
          }
      }
      if (!sources.empty()) return sources;
      descending_ = false;
    }
    // Then the least bounds: spread sources tighten more bounds per tree.
    open.resize(want * nt_);
    return open;
  }

  CsrView<std::uint8_t> g_;
  int nt_;
  ProgressCounter& progress_;
  std::vector<double> bound_;
  std::vector<std::uint8_t> settled_;
  double best_ = std::numeric_limits<double>::infinity();
  std::size_t best_vertex_ = 0;
  std::vector<std::unique_ptr<BfsLanes>> lanes_;
  std::vector<std::uint32_t> seen_stamp_, queue_;
  std::uint32_t stamp_ = 0;
  bool descending_ = true, first_step_ = true;
  std::size_t descent_seed_ = 0;
  std::size_t descent_from_ = SIZE_MAX;
  MedianResult result_;
};

}  // namespace

template <class W> MedianResult BoundedMedian(const CsrGraph<W>& g, int threads, ProgressFn progress) {
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  const std::size_t n = g.n;
  MedianResult result;
  if (n <= 1) return result;
  ProgressCounter counter(std::move(progress), "metrics", "median bounds", "settled", n);
  std::uint32_t next = 0;
  for (std::size_t v = 1; v < n; ++v)
    if (g.Out().Degree(v) > g.Out().Degree(next)) next = static_cast<std::uint32_t>(v);
  // Distances below 65535 for the 16-bit lanes: n - 1 bounds them, else a first tree.
  if (!g.directed && g.unit_weights) {
    std::size_t span = n - 1;
    if (!BfsLanes::Fits(span)) {
      std::vector<W> d(n);
      TreeWorkspace ws;
      ShortestPathTrees<W>(g).Tree(next, d.data(), ws);
      span = 2 * static_cast<std::size_t>(*std::max_element(d.begin(), d.end()));
    }
    if (BfsLanes::Fits(span)) {
      const CsrView<W> out = g.Out();
      result = UnitMedianSearch(CsrView<std::uint8_t>{n, out.offsets, out.targets, nullptr}, nt, counter).Run(next);
      counter.Finish(n);
      return result;
    }
  }
  const ShortestPathTrees<W> from(g, TreeDirection::kFrom), to(g, TreeDirection::kTo);
  double wmin = std::numeric_limits<double>::infinity();
  for (W w : g.out.weights) wmin = std::min(wmin, static_cast<double>(w));
  if (!(wmin > 0)) wmin = 0;

  std::vector<double> bound(n, wmin * static_cast<double>(n - 1));
  double best = std::numeric_limits<double>::infinity();
  std::size_t best_vertex = n;
  auto offer = [&](std::size_t v, double total) {
    if (total < best || (total == best && v < best_vertex)) {
      best = total;
      best_vertex = v;
    }
  };
  std::vector<std::uint8_t> settled(n, 0);

  // Landmarks by farthest-point sampling: each the vertex farthest (in hops
  // or weight) from all landmarks so far, starting at the highest degree.
  std::vector<double> nearest(n, std::numeric_limits<double>::infinity());
  const double slack = Slack<W>(n);
  std::vector<W> dout(n), din(n);
  TreeWorkspace ws;
  std::vector<double> key(n), key_in(n);
  for (std::size_t l = 0; l < std::min(kLandmarks, n); ++l) {
    const std::uint32_t s = next;
    from.Tree(s, dout.data(), ws);
    if (g.directed) to.Tree(s, din.data(), ws);
    ++result.landmark_trees;
    offer(s, ScanSummaryRow(dout.data(), n).total);
    settled[s] = 1;
    for (std::size_t v = 0; v < n; ++v) key[v] = static_cast<double>(dout[v]);
    const OrderedSums out_sums(key);
    std::unique_ptr<OrderedSums> in_sums;
    if (g.directed) {
      for (std::size_t v = 0; v < n; ++v) key_in[v] = static_cast<double>(din[v]);
      in_sums = std::make_unique<OrderedSums>(key_in);
    }
#pragma omp parallel for num_threads(nt) schedule(static)
    for (std::size_t v = 0; v < n; ++v) {
      double above, below, equal, b;
      out_sums.At(key[v], &above, &below, &equal);
      if (!g.directed) {
        b = above + below + wmin * (equal - 1);
      } else {
        b = above;  // d(v,w) >= d(s,w) - d(s,v)
        double above_in, below_in, equal_in;
        in_sums->At(key_in[v], &above_in, &below_in, &equal_in);
        b = std::max(b, below_in);  // d(v,w) >= d(v,s) - d(w,s)
      }
      b -= slack * b;
      bound[v] = std::max(bound[v], b);
      nearest[v] = std::min(nearest[v], key[v]);
    }
    next = static_cast<std::uint32_t>(std::max_element(nearest.begin(), nearest.end()) - nearest.begin());
    if (nearest[next] <= 0) break;  // every vertex is a landmark
  }

  // Exact totals in increasing order of the bound.
  std::vector<std::uint32_t> order;
  order.reserve(n);
  for (std::size_t v = 0; v < n; ++v)
    if (!settled[v] && bound[v] <= best) order.push_back(static_cast<std::uint32_t>(v));
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return bound[a] < bound[b] || (bound[a] == bound[b] && a < b); });
  const std::size_t batch = g.unit_weights ? 256 * static_cast<std::size_t>(nt) : 4 * static_cast<std::size_t>(nt);
  TreeRowsRequest request;
  for (std::size_t first = 0; first < order.size() && bound[order[first]] <= best;) {
    counter.Set(n - order.size() + first);
    std::size_t last = first;
    while (last < order.size() && last - first < batch && bound[order[last]] <= best) ++last;
    const std::span<const std::uint32_t> chunk(order.data() + first, last - first);
    const TreeRows rows = ComputeTreeRows(from, chunk, request, nt);
    for (std::size_t i = 0; i < chunk.size(); ++i) offer(chunk[i], rows.summary[i].total);
    result.exact_totals += chunk.size();
    first = last;
  }
  counter.Finish(n);
  result.vertex = best_vertex;
  result.total = best;
  return result;
}

#define GDIST_INSTANTIATE(T) template MedianResult BoundedMedian(const CsrGraph<T>&, int, ProgressFn);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
