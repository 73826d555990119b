#include "lib/metrics/sparse_all_eccentricities.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/sparse_bounding.hpp"
#include "lib/sparse/components.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

namespace {

template <class W> class EccentricityBounds {
 public:
  EccentricityBounds(const BoundingTreeSource<W>& trees, int threads, ProgressCounter& progress)
      : trees_(trees),
        n_(trees.n()),
        nt_(threads),
        progress_(progress),
        lo_(n_, 0),
        hi_(n_, std::numeric_limits<std::int64_t>::max()) {}

  AllEccentricities Run() {
    // The first source as the double sweep's.
    for (std::vector<std::uint32_t> sources{trees_.FirstSource()}; !sources.empty();) sources = Round(sources);
    AllEccentricities r;
    r.eccentricity.reserve(n_);
    for (std::int64_t e : lo_) r.eccentricity.push_back(MetricNumber::Integer(e));
    r.trees = tree_count_;
    return r;
  }

 private:
  // The trees of `sources`, every bound tightened by them, and the next
  // sources: half the largest upper bounds (the periphery's side), half the
  // smallest lower bounds (central vertices, whose trees bound everything
  // tightly from above), ties by the other bound then the least index.
  std::vector<std::uint32_t> Round(const std::vector<std::uint32_t>& sources) {
    const std::size_t n = n_, k = sources.size();
    ecc_.resize(k);
    tree_count_ += k * (trees_.directed() ? 2 : 1);
    const auto larger_hi = [&](std::uint32_t a, std::uint32_t b) {
      return hi_[a] > hi_[b] || (hi_[a] == hi_[b] && (lo_[a] > lo_[b] || (lo_[a] == lo_[b] && a < b)));
    };
    const auto smaller_lo = [&](std::uint32_t a, std::uint32_t b) {
      return lo_[a] < lo_[b] || (lo_[a] == lo_[b] && (hi_[a] < hi_[b] || (hi_[a] == hi_[b] && a < b)));
    };
    const std::size_t want = trees_.TreesPerRound(nt_, BoundingTreeSource<W>::Search::kEveryEccentricity);
    const auto threads = static_cast<std::size_t>(nt_);
    std::vector<TopFew<decltype(larger_hi)>> top_hi(threads, {want, larger_hi, {}});
    std::vector<TopFew<decltype(smaller_lo)>> top_lo(threads, {want, smaller_lo, {}});
    const auto ecc = BoundingTrees(trees_, sources, out_, in_, nt_);
    const std::vector<W>& to_source = trees_.directed() ? in_ : out_;
    for (std::size_t i = 0; i < k; ++i) ecc_[i] = static_cast<std::int64_t>(ecc[i]);
    std::size_t left = 0;     // vertices not done
    std::size_t crossed = 0;  // vertices whose bounds crossed: never with exact distances
#pragma omp parallel num_threads(nt_)
    {
      const auto t = static_cast<std::size_t>(omp_get_thread_num());
#pragma omp for schedule(static) reduction(+ : left, crossed)
      for (std::int64_t vi = 0; vi < static_cast<std::int64_t>(n); ++vi) {
        const auto v = static_cast<std::size_t>(vi);
        if (lo_[v] == hi_[v]) continue;
        for (std::size_t i = 0; i < k; ++i) {
          const auto dsv = static_cast<std::int64_t>(out_[i * n + v]);
          const auto dvs = static_cast<std::int64_t>(to_source[i * n + v]);
          lo_[v] = std::max({lo_[v], dvs, ecc_[i] - dsv});
          hi_[v] = std::min(hi_[v], dvs + ecc_[i]);
        }
        if (lo_[v] == hi_[v]) continue;
        crossed += lo_[v] > hi_[v];
        ++left;
        top_hi[t].Offer(static_cast<std::uint32_t>(v));
        top_lo[t].Offer(static_cast<std::uint32_t>(v));
      }
    }
    // Crossed bounds would pick the same sources forever (rounded distances did): stop instead.
    if (crossed > 0) throw std::logic_error("eccentricity bounds crossed for " + std::to_string(crossed) + " vertices");
    progress_.Set(n - left);
    for (std::size_t t = 1; t < threads; ++t) {
      for (std::uint32_t v : top_hi[t].items) top_hi[0].Offer(v);
      for (std::uint32_t v : top_lo[t].items) top_lo[0].Offer(v);
    }
    std::vector<std::uint32_t> next;
    const std::vector<std::uint32_t>& by_hi = top_hi[0].items;
    const std::vector<std::uint32_t>& by_lo = top_lo[0].items;
    // One thread: the two orders take turns from round to round.
    const bool lo_first = ++rounds_ % 2 == 0;
    for (std::size_t i = 0; i < want && next.size() < want; ++i)
      for (const std::vector<std::uint32_t>* list : {lo_first ? &by_lo : &by_hi, lo_first ? &by_hi : &by_lo})
        if (i < list->size() && next.size() < want && std::find(next.begin(), next.end(), (*list)[i]) == next.end())
          next.push_back((*list)[i]);
    return next;
  }

  const BoundingTreeSource<W>& trees_;
  std::size_t n_;
  int nt_;
  ProgressCounter& progress_;
  std::vector<std::int64_t> lo_, hi_;
  std::vector<W> out_, in_;  // this round's trees, k x n
  std::vector<std::int64_t> ecc_;
  std::size_t tree_count_ = 0, rounds_ = 0;
};

}  // namespace

template <class W> bool EccentricityBoundingWeightsApply(const CsrGraph<W>& g) {
  return std::is_integral_v<W> && g.n > 0 && !g.has_negative;
}

template <class W> bool EccentricityBoundingApplies(const CsrGraph<W>& g) {
  return EccentricityBoundingWeightsApply(g) && (g.directed ? StrongComponents(g) : WeakComponents(g)).count == 1;
}

template <class W>
AllEccentricities BoundedEccentricities(const BoundingTreeSource<W>& trees, int threads, ProgressFn progress) {
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  ProgressCounter counter(std::move(progress), "metrics", "eccentricity bounds", "done", trees.n());
  AllEccentricities r = EccentricityBounds<W>(trees, nt, counter).Run();
  counter.Finish(trees.n());
  return r;
}

template <class W> AllEccentricities BoundedEccentricities(const CsrGraph<W>& g, int threads, ProgressFn progress) {
  return BoundedEccentricities(GraphTreeSource<W>(g), threads, std::move(progress));
}

#define GDIST_INSTANTIATE(T)                                                             \
  template bool EccentricityBoundingApplies(const CsrGraph<T>&);                         \
  template bool EccentricityBoundingWeightsApply(const CsrGraph<T>&);                    \
  template AllEccentricities BoundedEccentricities(const CsrGraph<T>&, int, ProgressFn); \
  template AllEccentricities BoundedEccentricities(const BoundingTreeSource<T>&, int, ProgressFn);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
