#include "lib/metrics/sparse_closeness_bounds.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/sparse_bounding.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "lib/util/interruption.hpp"

namespace gdist {

namespace {

// For every vertex v of one tree, with x = key[v]: sum_w max(0, key[w] - x)
// (above), sum_w max(0, x - key[w]) (below) and #{w: key[w] = x} (equal).
// Keys that are small non-negative integers (integer trees: at most a few
// times n) are counted by value and summed by prefix; other keys from one
// sort and a pass over its runs of equal keys. The sort was 70% of the
// 1-median's time on PHAST trees (NY).
struct OrderedSums {
  std::vector<std::pair<double, std::uint32_t>> order;  // the sort's
  std::vector<std::uint32_t> below_count;               // by value: #keys < x, then #keys == x
  std::vector<std::uint32_t> count;
  std::vector<double> below_sum;  // by value: sum of the keys < x
};

template <class F> void ForEachOrderedSum(const std::vector<double>& key, OrderedSums& work, F&& f) {
  const std::size_t n = key.size();
  // Counting by value pays while the values span at most a few times n.
  const double limit = 4.0 * static_cast<double>(n) + 1024;
  double top = 0, all = 0;
  bool small_integers = true;
  for (double x : key) {
    small_integers &= x >= 0 && x <= limit && x == std::floor(x);
    top = std::max(top, x);
    all += x;
  }
  if (small_integers) {
    const std::size_t values = static_cast<std::size_t>(top) + 1;
    work.count.assign(values, 0);
    for (double x : key) ++work.count[static_cast<std::size_t>(x)];
    work.below_count.resize(values);
    work.below_sum.resize(values);
    std::uint32_t c = 0;
    double sum = 0;
    for (std::size_t x = 0; x < values; ++x) {
      work.below_count[x] = c;
      work.below_sum[x] = sum;
      c += work.count[x];
      sum += static_cast<double>(x) * work.count[x];
    }
    for (std::size_t v = 0; v < n; ++v) {
      const double x = key[v];
      const auto i = static_cast<std::size_t>(x);
      const double lo = work.below_count[i], equal = work.count[i], before = work.below_sum[i];
      const double below = x * lo - before;
      const double above = (all - before - x * equal) - x * (static_cast<double>(n) - lo - equal);
      f(static_cast<std::uint32_t>(v), above, below, equal);
    }
    return;
  }
  std::vector<std::pair<double, std::uint32_t>>& order = work.order;
  order.resize(n);
  for (std::size_t v = 0; v < n; ++v) order[v] = {key[v], static_cast<std::uint32_t>(v)};
  std::sort(order.begin(), order.end());
  all = 0;
  for (const auto& [x, v] : order) all += x;
  double before = 0;  // sum of the keys ahead of the run
  for (std::size_t lo = 0; lo < n;) {
    const double x = order[lo].first;
    std::size_t hi = lo;
    double run = 0;
    while (hi < n && order[hi].first == x) run += order[hi++].first;
    const double below = x * static_cast<double>(lo) - before;
    const double above = (all - before - run) - x * static_cast<double>(n - hi);
    for (std::size_t i = lo; i < hi; ++i) f(order[i].second, above, below, static_cast<double>(hi - lo));
    before += run;
    lo = hi;
  }
}

// One round's tree and the bound it gives every vertex.
template <class W> struct TreeSlot {
  std::uint32_t source = 0;
  double total = 0;    // for the bounds
  MetricNumber exact;  // the source's total as the result holds it
  double widen = 0;    // integer trees past 2^53: how far double arithmetic may miss a bound
  // Undirected unit weights: hops and the level table (before - deg(v)).
  std::vector<std::int32_t> hops;
  std::vector<double> level_bound;
  // Otherwise: distances from (and, directed, to) the source, and each
  // vertex's bound from them.
  std::vector<W> from, to;
  std::vector<double> key, bound;
  OrderedSums sums;
  TreeWorkspace workspace;
};

template <class W> class MedianSearch {
 public:
  MedianSearch(const BoundingTreeSource<W>& trees, int threads, ProgressCounter& progress)
      : trees_(trees),
        g_(trees.Graph()),
        n_(trees.n()),
        directed_(trees.directed()),
        negative_(trees.HasNegative()),
        nt_(threads),
        progress_(progress),
        unit_(g_ != nullptr && !g_->directed && g_->unit_weights),
        slack_(Slack<W>(n_)),
        wmin_(trees.LeastDistance()),
        state_(n_, kOpen),
        slots_(static_cast<std::size_t>(threads)) {
    // Negative arcs: distances (and totals) may be negative, so no bound to start from.
    bound_.assign(n_, negative_ ? -std::numeric_limits<double>::infinity() : wmin_ * static_cast<double>(n_ - 1));
  }

  // Each thread on its own (no barrier between trees): pick the open vertex
  // of least bound, run its tree, settle it, raise every bound from it, and
  // find the next pick in the same pass. Bounds and states are shared through
  // relaxed atomics: a bound raised by both threads at once may keep either
  // value, and both are lower bounds.
  MedianResult Run() {
#pragma omp parallel num_threads(nt_)
    {
      TreeSlot<W>& t = slots_[static_cast<std::size_t>(omp_get_thread_num())];
      for (std::uint32_t s = Claim(kNone); s != kNone && !InterruptionRequested(); s = Claim(RaiseBounds(t))) {
        Tree(s, t);
        Settle(t);
      }
    }
    ThrowIfInterrupted();  // once the threads have joined (interruption.hpp)
    result_.vertex = best_vertex_;
    result_.total = best_exact_;
    return result_;
  }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  enum State : std::uint8_t { kOpen, kRunning, kSettled };

  double BoundOf(std::size_t v) const {
    return std::atomic_ref<const double>(bound_[v]).load(std::memory_order_relaxed);
  }
  std::uint8_t StateOf(std::size_t v) const {
    return std::atomic_ref<const std::uint8_t>(state_[v]).load(std::memory_order_relaxed);
  }

  // The vertex to run next: `hint` when it is still open with bound <= best,
  // else the open vertex of least bound (then least index); kNone when every
  // vertex left has a bound above the best total.
  std::uint32_t Claim(std::uint32_t hint) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (hint == kNone || StateOf(hint) != kOpen || BoundOf(hint) > best_) {
      hint = kNone;
      for (std::size_t v = 0; v < n_; ++v)
        if (StateOf(v) == kOpen && BoundOf(v) <= best_ && (hint == kNone || BoundOf(v) < BoundOf(hint)))
          hint = static_cast<std::uint32_t>(v);
    }
    if (hint != kNone) std::atomic_ref<std::uint8_t>(state_[hint]).store(kRunning, std::memory_order_relaxed);
    return hint;
  }

  void Settle(const TreeSlot<W>& t) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::atomic_ref<double>(bound_[t.source]).store(t.total, std::memory_order_relaxed);
    std::atomic_ref<std::uint8_t>(state_[t.source]).store(kSettled, std::memory_order_relaxed);
    if (t.exact < best_exact_ || (t.exact == best_exact_ && t.source < best_vertex_)) {
      best_exact_ = t.exact;
      // RaiseBounds reads it unlocked; rounded up, so that a bound above it lies above the exact best.
      std::atomic_ref<double>(best_).store(RoundedUp(t.exact), std::memory_order_relaxed);
      best_vertex_ = t.source;
    }
    ++result_.exact_totals;
    if (directed_) ++result_.landmark_trees;
  }

  // Raises every open vertex's bound by tree t; returns the open vertex of
  // least bound seen (a hint for Claim).
  std::uint32_t RaiseBounds(const TreeSlot<W>& t) {
    std::uint32_t pick = kNone;
    double least = std::numeric_limits<double>::infinity();
    const double best = std::atomic_ref<const double>(best_).load(std::memory_order_relaxed);
    std::size_t open = 0;
    for (std::size_t v = 0; v < n_; ++v) {
      if (StateOf(v) != kOpen) continue;
      double b = BoundOf(v);
      const double from_tree = Bound(t, v);
      if (from_tree > b) {
        b = from_tree;
        std::atomic_ref<double>(bound_[v]).store(b, std::memory_order_relaxed);
      }
      if (b < least) {
        least = b;
        pick = static_cast<std::uint32_t>(v);
      }
      open += b <= best;
    }
    progress_.Set(n_ - open);
    return pick;
  }

  void Tree(std::uint32_t s, TreeSlot<W>& t) {
    const std::size_t n = n_;
    t.source = s;
    if (unit_) {
      t.hops.resize(n);
      Bfs(g_->Out(), s, t.hops.data(), std::int32_t{-1}, t.workspace.queue);
      const std::size_t levels = static_cast<std::size_t>(t.hops[t.workspace.queue[n - 1]]) + 1;
      std::vector<double> c(levels + 2, 0);  // c[x + 1] = vertices at level x
      std::uint64_t total = 0;
      for (std::uint32_t v : t.workspace.queue) {
        ++c[static_cast<std::size_t>(t.hops[v]) + 1];
        total += static_cast<std::uint64_t>(t.hops[v]);
      }
      t.total = static_cast<double>(total);
      t.exact = MetricNumber::Integer(total);
      // s(x) = sum_L c[L] |L - x|: s(0) = total, s(x+1) = s(x) + 2 #{L <= x} - n.
      t.level_bound.resize(levels);
      double sum = t.total, at_or_below = 0;
      for (std::size_t x = 0; x < levels; ++x) {
        t.level_bound[x] = sum + c[x] + 2 * c[x + 1] + c[x + 2] - 2;
        at_or_below += c[x + 1];
        sum += 2 * at_or_below - static_cast<double>(n);
      }
      return;
    }
    t.from.resize(n);
    trees_.Tree(TreeDirection::kFrom, s, t.from.data(), t.workspace);
    const SummaryRow row = ScanSummaryRow(t.from.data(), n);
    t.total = row.total;
    t.exact = std::is_integral_v<W> ? MetricNumber::Integer(row.exact_total) : MetricNumber::Real(row.total);
    t.widen = std::is_integral_v<W> ? DoubleError(t.from) : 0;
    t.key.resize(n);
    t.bound.resize(n);
    for (std::size_t v = 0; v < n; ++v) t.key[v] = static_cast<double>(t.from[v]);
    if (negative_) {
      // d(v,w) may be negative: no clamp at 0, so only the sums over all w of
      // d(v,w) >= d(s,w) - d(s,v) and d(v,w) >= d(v,s) - d(w,s).
      t.to.resize(n);
      trees_.Tree(TreeDirection::kTo, s, t.to.data(), t.workspace);
      const double total_to = ScanSummaryRow(t.to.data(), n).total, count = static_cast<double>(n);
      if constexpr (std::is_integral_v<W>) t.widen = std::max(t.widen, DoubleError(t.to));
      for (std::size_t v = 0; v < n; ++v)
        t.bound[v] = std::max(t.total - count * t.key[v], count * static_cast<double>(t.to[v]) - total_to);
    } else if (!directed_) {
      ForEachOrderedSum(t.key, t.sums, [&](std::uint32_t v, double above, double below, double equal) {
        t.bound[v] = above + below + wmin_ * (equal - 1);
      });
    } else {
      // d(v,w) >= d(s,w) - d(s,v), and d(v,w) >= d(v,s) - d(w,s) from the tree to s.
      ForEachOrderedSum(t.key, t.sums, [&](std::uint32_t v, double above, double, double) { t.bound[v] = above; });
      t.to.resize(n);
      trees_.Tree(TreeDirection::kTo, s, t.to.data(), t.workspace);
      if constexpr (std::is_integral_v<W>) t.widen = std::max(t.widen, DoubleError(t.to));
      for (std::size_t v = 0; v < n; ++v) t.key[v] = static_cast<double>(t.to[v]);
      ForEachOrderedSum(t.key, t.sums, [&](std::uint32_t v, double, double below, double) {
        t.bound[v] = std::max(t.bound[v], below);
      });
    }
    for (double& b : t.bound) b -= slack_ * std::fabs(b) + t.widen;
  }

  // Integer trees: every bound is a few sums over n integer terms, exact in
  // double while they stay below 2^53; past it each step may round by an ulp
  // of the largest magnitude M = sum |d| + n max |d|: 16 n ulps of M covers them.
  double DoubleError(const std::vector<W>& d) const {
    const W inf = ElementTraits<W>::kInf;
    double sum = 0, top = 0;
    for (const W x : d)
      if (x < inf) {
        sum += std::fabs(static_cast<double>(x));
        top = std::max(top, std::fabs(static_cast<double>(x)));
      }
    const double m = sum + static_cast<double>(n_) * top;
    return m < 0x1p53 ? 0 : 16 * static_cast<double>(n_) * std::ldexp(m, -52);
  }

  // The least double >= x (integers past 2^53 round to nearest in a plain cast).
  static double RoundedUp(const MetricNumber& x) {
    const double d = x.ToDouble();
    if (x.integral() && static_cast<Int128>(d) < x.integer()) return std::nextafter(d, HUGE_VAL);
    return d;
  }

  double Bound(const TreeSlot<W>& t, std::size_t v) const {
    if (unit_) return t.level_bound[static_cast<std::size_t>(t.hops[v])] - static_cast<double>(g_->Out().Degree(v));
    return t.bound[v];
  }

  const BoundingTreeSource<W>& trees_;
  const CsrGraph<W>* g_;  // the graph, when the trees are its own (the unit-weight level bound)
  std::size_t n_;
  bool directed_, negative_;
  int nt_;
  ProgressCounter& progress_;  // vertices settled: total known or bound past the best
  bool unit_;
  double slack_, wmin_;
  std::vector<double> bound_;
  std::vector<std::uint8_t> state_;
  std::mutex mutex_;
  std::vector<TreeSlot<W>> slots_;
  double best_ = std::numeric_limits<double>::infinity();  // best_exact_ rounded up, for the bounds
  MetricNumber best_exact_ = MetricNumber::Infinite();
  std::size_t best_vertex_ = 0;
  MedianResult result_;
};

}  // namespace

template <class W> MedianResult BoundedMedian(const BoundingTreeSource<W>& trees, int threads, ProgressFn progress) {
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  if (trees.n() <= 1) return MedianResult{};
  ProgressCounter counter(std::move(progress), "metrics", "median bounds", "settled", trees.n());
  const MedianResult r = MedianSearch<W>(trees, nt, counter).Run();
  counter.Finish(trees.n());
  return r;
}

template <class W> MedianResult BoundedMedian(const CsrGraph<W>& g, int threads, ProgressFn progress) {
  if (g.n <= 1) return MedianResult{};
  return BoundedMedian(GraphTreeSource<W>(g), threads, std::move(progress));
}

#define GDIST_INSTANTIATE(T)                                                          \
  template MedianResult BoundedMedian(const BoundingTreeSource<T>&, int, ProgressFn); \
  template MedianResult BoundedMedian(const CsrGraph<T>&, int, ProgressFn);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
