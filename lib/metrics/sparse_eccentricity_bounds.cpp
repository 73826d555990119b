#include "lib/metrics/sparse_eccentricity_bounds.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "lib/core/element_traits.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Float trees round each sum, so a bound derived from two of them may miss
// the true value by the rounding of a path of up to n-1 arcs: widen float
// bounds by that much (integers are exact).
template <class W> double Slack(std::size_t n) {
  if constexpr (std::is_integral_v<W>) return 0;
  return static_cast<double>(n) * std::ldexp(1.0, -23);
}

template <class W> class Bounds {
 public:
  Bounds(const CsrGraph<W>& g, int threads, bool diameter_only)
      : g_(g),
        threads_(threads),
        diameter_only_(diameter_only),
        from_(g, TreeDirection::kFrom),
        to_(g, TreeDirection::kTo),
        lo_(g.n, 0),
        hi_(g.n, kInfinity),
        ecc_(g.n, -1),
        slack_(Slack<W>(g.n)) {}

  // Trees from (and, directed, to) each source; bounds and exact values updated.
  void RunTrees(const std::vector<std::uint32_t>& sources) {
    RunTreesInParallel(sources);
    trees_ += sources.size();
  }

  void SetExact(std::uint32_t v, double e) {
    ecc_[v] = e;
    lo_[v] = hi_[v] = e;
  }

  // The vertices whose membership in the periphery (or, unless diameter_only,
  // the center) is still open.
  std::vector<std::uint32_t> Open() {
    const std::size_t n = g_.n;
    double d_lo = 0, r_hi = kInfinity;
    for (std::size_t v = 0; v < n; ++v) {
      d_lo = std::max(d_lo, lo_[v]);
      r_hi = std::min(r_hi, hi_[v]);
    }
    std::vector<std::uint32_t> open;
    for (std::size_t v = 0; v < n; ++v) {
      if (ecc_[v] >= 0) continue;
      // The diameter alone: only a vertex that could beat the best lower bound matters.
      const bool open_top = diameter_only_ ? hi_[v] > d_lo : hi_[v] >= d_lo;
      if (open_top || (!diameter_only_ && lo_[v] <= r_hi)) open.push_back(static_cast<std::uint32_t>(v));
    }
    return open;
  }

  // Half the largest upper bounds (the periphery's candidates), half the
  // smallest lower bounds (central vertices, whose trees give tight upper
  // bounds everywhere: Takes & Kosters' alternation), among the open vertices.
  // One source per round alternates between the two.
  std::vector<std::uint32_t> NextSources(const std::vector<std::uint32_t>& open, std::size_t want) {
    if (open.size() <= want) return open;
    std::vector<std::uint32_t> by_hi = open, by_lo = open;
    const std::size_t half = (want + 1) / 2;
    if (want == 1) ++round_;
    const auto larger_hi = [&](std::uint32_t a, std::uint32_t b) {
      return hi_[a] > hi_[b] || (hi_[a] == hi_[b] && lo_[a] > lo_[b]);
    };
    const auto smaller_lo = [&](std::uint32_t a, std::uint32_t b) {
      return lo_[a] < lo_[b] || (lo_[a] == lo_[b] && hi_[a] < hi_[b]);
    };
    const bool swapped = want == 1 && round_ % 2 == 0;
    std::partial_sort(by_hi.begin(), by_hi.begin() + half, by_hi.end(),
                      [&](std::uint32_t a, std::uint32_t b) { return swapped ? smaller_lo(a, b) : larger_hi(a, b); });
    std::partial_sort(by_lo.begin(), by_lo.begin() + half, by_lo.end(),
                      [&](std::uint32_t a, std::uint32_t b) { return swapped ? larger_hi(a, b) : smaller_lo(a, b); });
    std::vector<std::uint8_t> taken(g_.n, 0);
    std::vector<std::uint32_t> pick;
    for (std::size_t i = 0; i < half; ++i)
      for (std::uint32_t v : {by_hi[i], by_lo[i]})
        if (pick.size() < want && !taken[v]) {
          taken[v] = 1;
          pick.push_back(v);
        }
    return pick;
  }

  GraphExtremes Result() {
    GraphExtremes r;
    r.bounding_trees = trees_;
    r.exact_eccentricities =
        static_cast<std::size_t>(std::count_if(ecc_.begin(), ecc_.end(), [](double e) { return e >= 0; }));
    const std::size_t n = g_.n;
    r.diameter = -1;
    r.radius = kInfinity;
    for (std::size_t v = 0; v < n; ++v) {
      if (ecc_[v] < 0) continue;
      r.diameter = std::max(r.diameter, ecc_[v]);
      r.radius = std::min(r.radius, ecc_[v]);
    }
    if (diameter_only_) {
      r.radius = 0;
      for (std::size_t v = 0; v < n; ++v)
        if (ecc_[v] == r.diameter) {
          r.diameter_from = v;
          break;
        }
    } else {
      for (std::size_t v = 0; v < n; ++v) {
        if (ecc_[v] == r.radius) r.center.push_back(v);
        if (ecc_[v] == r.diameter) r.periphery.push_back(v);
      }
      r.diameter_from = r.periphery.front();
    }
    // The dense summary's pair: the first periphery vertex, its first farthest vertex.
    std::vector<W> d(n);
    TreeWorkspace ws;
    from_.Tree(static_cast<std::uint32_t>(r.diameter_from), d.data(), ws);
    r.diameter_to = r.diameter_from;
    for (std::size_t v = 0; v < n; ++v)
      if (r.diameter > 0 && static_cast<double>(d[v]) == r.diameter) {
        r.diameter_to = v;
        break;
      }
    return r;
  }

  const std::vector<double>& hi() const { return hi_; }

 private:
  void RunTreesInParallel(const std::vector<std::uint32_t>& sources) {
    const std::size_t n = g_.n, k = sources.size();
    out_.resize(k);
    in_.resize(k);
    const std::int64_t jobs = static_cast<std::int64_t>(k * (g_.directed ? 2 : 1));
    const int nt = std::max(1, std::min<int>(threads_, static_cast<int>(jobs)));
#pragma omp parallel num_threads(nt)
    {
      TreeWorkspace ws;
#pragma omp for schedule(dynamic, 1)
      for (std::int64_t job = 0; job < jobs; ++job) {
        const std::size_t i = static_cast<std::size_t>(job) % k;
        const bool in = static_cast<std::size_t>(job) >= k;
        std::vector<W>& d = in ? in_[i] : out_[i];
        d.resize(n);
        (in ? to_ : from_).Tree(sources[i], d.data(), ws);
      }
    }
    const W inf = ElementTraits<W>::kInf;
    std::vector<double> ecc(k);
    for (std::size_t i = 0; i < k; ++i) {
      double e = 0;
      for (std::size_t v = 0; v < n; ++v)
        if (out_[i][v] < inf) e = std::max(e, static_cast<double>(out_[i][v]));
      ecc[i] = e;
    }
    for (std::size_t i = 0; i < k; ++i) SetExact(sources[i], ecc[i]);
#pragma omp parallel for num_threads(threads_) schedule(static)
    for (std::size_t v = 0; v < n; ++v) {
      if (ecc_[v] >= 0) continue;
      for (std::size_t i = 0; i < k; ++i) {
        const double widen = slack_ * ecc[i];
        const double dsv = static_cast<double>(out_[i][v]);
        const double dvs = static_cast<double>((g_.directed ? in_[i] : out_[i])[v]);
        lo_[v] = std::max({lo_[v], dvs - widen * 2, ecc[i] - dsv - widen * 2});
        hi_[v] = std::min(hi_[v], dvs + ecc[i] + widen * 2);
      }
      if (slack_ == 0 && lo_[v] == hi_[v]) ecc_[v] = lo_[v];
    }
  }

  const CsrGraph<W>& g_;
  int threads_;
  bool diameter_only_;
  ShortestPathTrees<W> from_, to_;
  std::vector<double> lo_, hi_, ecc_;  // ecc_ < 0: not known exactly
  double slack_;
  std::vector<std::vector<W>> out_, in_;
  std::size_t trees_ = 0, round_ = 0;
};

}  // namespace

template <class W>
GraphExtremes BoundedExtremes(const CsrGraph<W>& g, int threads, bool diameter_only, ProgressFn progress) {
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  Bounds<W> b(g, nt, diameter_only);
  // Double sweep: the highest-degree vertex, then the vertex farthest from it.
  std::uint32_t start = 0;
  for (std::size_t v = 1; v < g.n; ++v)
    if (g.Out().Degree(v) > g.Out().Degree(start)) start = static_cast<std::uint32_t>(v);
  b.RunTrees({start});
  // A tree per thread per round: bounding needs few trees when each source
  // is chosen from the bounds of all trees before it (bit-parallel batches
  // of 64 cost several trees each unless their sources are close together).
  const std::size_t batch = static_cast<std::size_t>(nt);
  ProgressCounter counter(std::move(progress), "metrics", "eccentricity bounds", "settled", g.n);
  for (std::vector<std::uint32_t> open = b.Open(); !open.empty(); open = b.Open()) {
    counter.Set(g.n - open.size());
    b.RunTrees(b.NextSources(open, batch));
  }
  counter.Finish(g.n);
  return b.Result();
}

#define GDIST_INSTANTIATE(T) template GraphExtremes BoundedExtremes(const CsrGraph<T>&, int, bool, ProgressFn);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
