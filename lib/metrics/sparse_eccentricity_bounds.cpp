#include "lib/metrics/sparse_eccentricity_bounds.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/sparse_bounding.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "lib/util/interruption.hpp"

namespace gdist {

namespace {

template <class W> class Bounds {
 public:
  using B = BoundOf<W>;
  static constexpr B kInfinity = kNoUpperBound<W>;

  Bounds(const BoundingTreeSource<W>& trees, int threads, bool diameter_only)
      : trees_(trees),
        n_(trees.n()),
        threads_(threads),
        diameter_only_(diameter_only),
        lo_(n_, 0),
        hi_(n_, kInfinity),
        ecc_(n_, -1),
        slack_(Slack<W>(n_)) {}

  // Trees from (and, directed, to) each source; bounds and exact values updated.
  void RunTrees(const std::vector<std::uint32_t>& sources) {
    RunTreesInParallel(sources);
    tree_count_ += sources.size();
  }

  void SetExact(std::uint32_t v, B e) {
    ecc_[v] = e;
    lo_[v] = hi_[v] = e;
  }

  // Up to `want` sources among the vertices whose membership in the
  // periphery (or, unless diameter_only, the center) is still open: half the
  // largest upper bounds (the periphery's candidates), half the smallest lower
  // bounds (central vertices, whose trees give tight upper bounds everywhere:
  // Takes & Kosters' alternation); one source per round alternates between
  // the two. Empty when nothing is open. One pass, no sort of the open set.
  std::vector<std::uint32_t> NextSources(std::size_t want) {
    const auto larger_hi = [&](std::uint32_t a, std::uint32_t b) {
      return hi_[a] > hi_[b] || (hi_[a] == hi_[b] && (lo_[a] > lo_[b] || (lo_[a] == lo_[b] && a < b)));
    };
    const auto smaller_lo = [&](std::uint32_t a, std::uint32_t b) {
      return lo_[a] < lo_[b] || (lo_[a] == lo_[b] && (hi_[a] < hi_[b] || (hi_[a] == hi_[b] && a < b)));
    };
    const std::size_t half = (want + 1) / 2;
    TopFew<decltype(larger_hi)> by_hi{half, larger_hi, {}};
    TopFew<decltype(smaller_lo)> by_lo{half, smaller_lo, {}};
    open_ = 0;
    for (std::size_t v = 0; v < n_; ++v) {
      if (ecc_[v] >= 0) continue;
      // The diameter alone: only a vertex that could beat the best lower bound matters.
      const bool open_top = diameter_only_ ? hi_[v] > d_lo_ : hi_[v] >= d_lo_;
      if (!open_top && (diameter_only_ || lo_[v] > r_hi_)) continue;
      ++open_;
      by_hi.Offer(static_cast<std::uint32_t>(v));
      by_lo.Offer(static_cast<std::uint32_t>(v));
    }
    const bool lo_first = want == 1 && ++round_ % 2 == 0;
    const std::vector<std::uint32_t>& first = lo_first ? by_lo.items : by_hi.items;
    const std::vector<std::uint32_t>& second = lo_first ? by_hi.items : by_lo.items;
    std::vector<std::uint32_t> pick;
    for (std::size_t i = 0; i < half; ++i)
      for (const std::vector<std::uint32_t>* list : {&first, &second})
        if (i < list->size() && pick.size() < want && std::find(pick.begin(), pick.end(), (*list)[i]) == pick.end())
          pick.push_back((*list)[i]);
    return pick;
  }

  GraphExtremes Result() {
    GraphExtremes r;
    r.bounding_trees = tree_count_;
    r.exact_eccentricities =
        static_cast<std::size_t>(std::count_if(ecc_.begin(), ecc_.end(), [](B e) { return e >= 0; }));
    const std::size_t n = n_;
    B diameter = -1, radius = kInfinity;
    for (std::size_t v = 0; v < n; ++v) {
      if (ecc_[v] < 0) continue;
      diameter = std::max(diameter, ecc_[v]);
      radius = std::min(radius, ecc_[v]);
    }
    r.diameter = MetricNumber::Of(diameter);
    r.radius = MetricNumber::Of(radius);
    if (diameter_only_) {
      r.radius = MetricNumber::Of(B{0});
      for (std::size_t v = 0; v < n; ++v)
        if (ecc_[v] == diameter) {
          r.diameter_from = v;
          break;
        }
    } else {
      for (std::size_t v = 0; v < n; ++v) {
        if (ecc_[v] == radius) r.center.push_back(v);
        if (ecc_[v] == diameter) r.periphery.push_back(v);
      }
      r.diameter_from = r.periphery.front();
    }
    // The dense summary's pair: the first periphery vertex, its first farthest vertex.
    std::vector<W> d(n);
    TreeWorkspace ws;
    trees_.Tree(TreeDirection::kFrom, static_cast<std::uint32_t>(r.diameter_from), d.data(), ws);
    r.diameter_to = r.diameter_from;
    for (std::size_t v = 0; v < n; ++v)
      if (diameter > 0 && static_cast<B>(d[v]) == diameter) {
        r.diameter_to = v;
        break;
      }
    return r;
  }

  // Vertices still open at the last NextSources.
  std::size_t open() const { return open_; }

 private:
  void RunTreesInParallel(const std::vector<std::uint32_t>& sources) {
    const std::size_t n = n_, k = sources.size();
    const std::vector<B> ecc = BoundingTrees(trees_, sources, out_, in_, threads_);
    const std::vector<W>& to_source = trees_.directed() ? in_ : out_;
    for (std::size_t i = 0; i < k; ++i) SetExact(sources[i], ecc[i]);
    B d_lo = 0, r_hi = kInfinity;
    const std::int64_t nn = static_cast<std::int64_t>(n);
#pragma omp parallel for num_threads(threads_) schedule(static) reduction(max : d_lo) reduction(min : r_hi)
    for (std::int64_t vi = 0; vi < nn; ++vi) {
      const auto v = static_cast<std::size_t>(vi);
      if (ecc_[v] < 0) {
        for (std::size_t i = 0; i < k; ++i) {
          const B widen = static_cast<B>(slack_ * static_cast<double>(ecc[i]));  // 0 for integers
          const B dsv = static_cast<B>(out_[i * n + v]);
          const B dvs = static_cast<B>(to_source[i * n + v]);
          lo_[v] = std::max({lo_[v], dvs - widen * 2, ecc[i] - dsv - widen * 2});
          hi_[v] = std::min(hi_[v], dvs + ecc[i] + widen * 2);
        }
        if (slack_ == 0 && lo_[v] == hi_[v]) ecc_[v] = lo_[v];
      }
      d_lo = std::max(d_lo, lo_[v]);
      r_hi = std::min(r_hi, hi_[v]);
    }
    d_lo_ = d_lo;
    r_hi_ = r_hi;
  }

  const BoundingTreeSource<W>& trees_;
  std::size_t n_;
  int threads_;
  bool diameter_only_;
  std::vector<B> lo_, hi_, ecc_;   // ecc_ < 0: not known exactly
  B d_lo_ = 0, r_hi_ = kInfinity;  // the largest lower and the least upper bound
  double slack_;
  std::vector<W> out_, in_;  // this round's trees, k x n
  std::size_t tree_count_ = 0, round_ = 0, open_ = 0;
};

}  // namespace

template <class W> GraphExtremes BoundedExtremes(const BoundingTreeSource<W>& trees, int threads, bool diameter_only,
                                                 ProgressFn progress) {
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  const std::size_t n = trees.n();
  Bounds<W> b(trees, nt, diameter_only);
  // Double sweep: the first source, then the vertex farthest from it.
  b.RunTrees({trees.FirstSource()});
  const std::size_t batch = trees.TreesPerRound(nt, BoundingTreeSource<W>::Search::kExtremes);
  ProgressCounter counter(std::move(progress), "metrics", "eccentricity bounds", "settled", n);
  for (std::vector<std::uint32_t> next = b.NextSources(batch); !next.empty(); next = b.NextSources(batch)) {
    ThrowIfInterrupted();
    counter.Set(n - b.open());
    b.RunTrees(next);
  }
  counter.Finish(n);
  return b.Result();
}

template <class W>
GraphExtremes BoundedExtremes(const CsrGraph<W>& g, int threads, bool diameter_only, ProgressFn progress) {
  return BoundedExtremes(GraphTreeSource<W>(g), threads, diameter_only, std::move(progress));
}

#define GDIST_INSTANTIATE(T)                                                                   \
  template GraphExtremes BoundedExtremes(const BoundingTreeSource<T>&, int, bool, ProgressFn); \
  template GraphExtremes BoundedExtremes(const CsrGraph<T>&, int, bool, ProgressFn);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
