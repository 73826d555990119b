// Node ordering and contraction in rounds of independent sets.
//
// Each round contracts every remaining vertex whose priority is below all of
// its neighbours' (ties by a hash of the id): no two of them are adjacent, so
// their shortcuts can be found in parallel. Their witness searches avoid every
// vertex of the round (not only the one being contracted), so a witness never
// runs through a vertex removed in the same round, and the shortcuts are
// applied afterwards in id order: the hierarchy is the same for any thread
// count. Priorities are recomputed only for the neighbours of the contracted
// vertices (the only ones whose neighbourhood changed): the lazy update.
//
// Priority = 16 x edge difference (shortcuts added - arcs removed)
//          + contracted neighbours + 2 x depth (1 + the deepest contracted neighbour).
// On weighted NY the edge difference's weight decides: 4 x ED + 2 x CN + depth
// gave 15% more shortcuts and about 50% more contraction CPU time, ED + CN 25% more
// shortcuts; 16 and 32 x ED were alike.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "lib/road/contraction_graph.hpp"
#include "lib/road/contraction_hierarchy.hpp"
#include "lib/road/witness_search.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

template <class W> struct Shortcut {
  std::uint32_t from, to;
  W weight;
};

// The length of a shortcut u -> v -> x, refused when it reaches INF (for
// integer types the sum of two values below INF cannot overflow).
template <class W> W ShortcutLength(W a, W b) {
  const W sum = a + b;
  if (!(sum < ElementTraits<W>::kInf))
    throw Error("contraction hierarchy: a path sum reaches the " + std::string(ElementTraits<W>::kName) +
                " INF; the graph needs a wider element type");
  return sum;
}

// Calls emit(from, to, length) for every shortcut contracting v needs. An
// undirected graph's pairs are visited once (emit adds both directions).
template <class W, class Emit>
void ForEachNeededShortcut(const ContractionGraph<W>& g, const std::vector<std::uint8_t>& excluded, std::uint32_t v,
                           WitnessSearch<W>& search, std::size_t settle_limit, Emit&& emit) {
  const auto& ins = g.In(v);
  const auto& outs = g.Out(v);
  for (std::size_t i = 0; i < ins.size(); ++i) {
    const std::uint32_t u = ins[i].other;
    const std::size_t first = g.directed() ? 0 : i + 1;
    W bound = 0;
    bool any = false;
    for (std::size_t j = first; j < outs.size(); ++j) {
      if (outs[j].other == u) continue;
      bound = std::max(bound, ShortcutLength(ins[i].weight, outs[j].weight));
      search.MarkTarget(outs[j].other);
      any = true;
    }
    if (!any) continue;
    search.Run(g, excluded, v, u, bound, settle_limit);
    for (std::size_t j = first; j < outs.size(); ++j) {
      const std::uint32_t x = outs[j].other;
      if (x == u) continue;
      const W length = ins[i].weight + outs[j].weight;
      W witness;
      if (!search.Reached(x, &witness) || length < witness) emit(u, x, length);
    }
    search.Finish();
  }
}

// Smaller loops of a round run on one thread: the late rounds are many and
// short, and a barrier per loop costs more than it saves (much more when the
// machine's cores are shared and a waiting thread spins).
constexpr std::int64_t kParallelMinimum = 256;

// An exception escaping an OpenMP loop ends the process: the loops keep the
// first one and throw it after the loop.
class LoopErrors {
 public:
  template <class F> void Run(F&& f) {
    try {
      f();
    } catch (...) {
#pragma omp critical(gdist_contraction_errors)
      if (!first_) first_ = std::current_exception();
    }
  }
  void Rethrow() const {
    if (first_) std::rethrow_exception(first_);
  }

 private:
  std::exception_ptr first_;
};

std::uint64_t TieBreak(std::uint32_t v) {  // splitmix64: neighbours' ties fall apart evenly
  std::uint64_t x = v + 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

template <class W> class Contractor {
 public:
  Contractor(const CsrGraph<W>& g, const ContractionOptions& options)
      : n_(g.n),
        graph_(g),
        threads_(options.threads > 0 ? options.threads : omp_get_max_threads()),
        settle_limit_(options.witness_settle_limit),
        priority_settle_limit_(options.priority_settle_limit),
        excluded_(g.n, 0),
        priority_(g.n, 0),
        contracted_neighbours_(g.n, 0),
        depth_(g.n, 0),
        final_out_(g.n),
        final_in_(g.n) {
    for (int t = 0; t < threads_; ++t) searches_.emplace_back(n_);
  }

  // std::nullopt when a limit of the options is passed (between rounds).
  std::optional<ContractionHierarchy<W>> Run(const CsrGraph<W>& g, const ContractionOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const double max_shortcuts = options.max_shortcuts_per_arc * static_cast<double>(g.arc_count());
    std::vector<std::uint32_t> remaining(n_);
    for (std::size_t v = 0; v < n_; ++v) remaining[v] = static_cast<std::uint32_t>(v);
    UpdatePriorities(remaining);
    std::vector<std::uint32_t> order;  // contraction order = positions
    order.reserve(n_);
    std::uint32_t round = 0;
    while (!remaining.empty()) {
      const std::vector<std::uint32_t> chosen = IndependentMinima(remaining);
      ContractRound(chosen);
      order.insert(order.end(), chosen.begin(), chosen.end());
      std::erase_if(remaining, [&](std::uint32_t v) { return excluded_[v] != 0; });
      ++round;
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if ((options.seconds_budget > 0 && seconds > options.seconds_budget) ||
          (max_shortcuts > 0 && static_cast<double>(shortcuts_) > max_shortcuts))
        return std::nullopt;
    }
    return Assemble(g, order, round);
  }

 private:
  // Remaining vertices lighter than each of their remaining neighbours.
  std::vector<std::uint32_t> IndependentMinima(const std::vector<std::uint32_t>& remaining) {
    std::vector<std::uint8_t> pick(remaining.size(), 0);
    const std::int64_t count = static_cast<std::int64_t>(remaining.size());
    auto lighter = [&](std::uint32_t a, std::uint32_t b) {
      if (priority_[a] != priority_[b]) return priority_[a] < priority_[b];
      const std::uint64_t ha = TieBreak(a), hb = TieBreak(b);
      return ha != hb ? ha < hb : a < b;
    };
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads_) if (count >= kParallelMinimum)
    for (std::int64_t i = 0; i < count; ++i) {
      const std::uint32_t v = remaining[i];
      bool minimum = true;
      for (const auto& a : graph_.Out(v)) minimum = minimum && lighter(v, a.other);
      if (graph_.directed())
        for (const auto& a : graph_.In(v)) minimum = minimum && lighter(v, a.other);
      pick[i] = minimum;
    }
    std::vector<std::uint32_t> chosen;
    for (std::size_t i = 0; i < remaining.size(); ++i)
      if (pick[i]) chosen.push_back(remaining[i]);
    return chosen;
  }

  void ContractRound(const std::vector<std::uint32_t>& chosen) {
    for (std::uint32_t v : chosen) excluded_[v] = 1;
    std::vector<std::vector<Shortcut<W>>> shortcuts(chosen.size());
    const std::int64_t count = static_cast<std::int64_t>(chosen.size());
    LoopErrors errors;
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads_) if (count >= kParallelMinimum)
    for (std::int64_t i = 0; i < count; ++i) {
      errors.Run([&] {
        WitnessSearch<W>& search = searches_[omp_get_thread_num()];
        ForEachNeededShortcut(graph_, excluded_, chosen[i], search, settle_limit_,
                              [&](std::uint32_t a, std::uint32_t b, W w) {
                                shortcuts[i].push_back({a, b, w});
                              });
      });
    }
    errors.Rethrow();
    std::vector<std::uint32_t> touched;
    for (std::size_t i = 0; i < chosen.size(); ++i) {
      const std::uint32_t v = chosen[i];
      graph_.Unlink(v);
      graph_.Take(v, final_out_[v], final_in_[v]);
      for (const auto* list : {&final_out_[v], &final_in_[v]})
        for (const auto& a : *list) {
          ++contracted_neighbours_[a.other];
          depth_[a.other] = std::max(depth_[a.other], depth_[v] + 1);
          touched.push_back(a.other);
        }
    }
    for (std::size_t i = 0; i < chosen.size(); ++i) {
      shortcuts_ += shortcuts[i].size();
      for (const auto& s : shortcuts[i]) graph_.AddOrImprove(s.from, s.to, s.weight, chosen[i]);
    }
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    UpdatePriorities(touched);
  }

  void UpdatePriorities(const std::vector<std::uint32_t>& vertices) {
    const std::int64_t count = static_cast<std::int64_t>(vertices.size());
    LoopErrors errors;
#pragma omp parallel for schedule(dynamic, 64) num_threads(threads_) if (count >= kParallelMinimum)
    for (std::int64_t i = 0; i < count; ++i) {
      errors.Run([&] {
        const std::uint32_t v = vertices[i];
        WitnessSearch<W>& search = searches_[omp_get_thread_num()];
        std::int64_t added = 0;
        ForEachNeededShortcut(graph_, excluded_, v, search, priority_settle_limit_,
                              [&](std::uint32_t, std::uint32_t, W) { ++added; });
        const std::int64_t removed = static_cast<std::int64_t>(graph_.Out(v).size()) +
                                     (graph_.directed() ? static_cast<std::int64_t>(graph_.In(v).size()) : 0);
        priority_[v] = 16 * (added - removed) + contracted_neighbours_[v] + 2 * depth_[v];
      });
    }
    errors.Rethrow();
  }

  ContractionHierarchy<W> Assemble(const CsrGraph<W>& g, const std::vector<std::uint32_t>& order,
                                   std::uint32_t rounds) {
    ContractionHierarchy<W> ch;
    ch.n = n_;
    ch.directed = g.directed;
    ch.levels = rounds;
    ch.vertex_at = order;
    ch.position_of.assign(n_, 0);
    for (std::size_t p = 0; p < n_; ++p) ch.position_of[order[p]] = static_cast<std::uint32_t>(p);
    ch.up = ToPositions(ch.position_of, order, final_out_);
    ch.down = ToPositions(ch.position_of, order, final_in_);
    ch.labels = g.labels;
    ch.lon_lat = g.lon_lat;
    ch.fingerprint = FingerprintOf(g);
    return ch;
  }

  static HierarchyArcs<W> ToPositions(const std::vector<std::uint32_t>& position_of,
                                      const std::vector<std::uint32_t>& order,
                                      std::vector<typename ContractionGraph<W>::ArcList>& lists) {
    HierarchyArcs<W> arcs;
    arcs.offsets.assign(order.size() + 1, 0);
    for (std::size_t p = 0; p < order.size(); ++p) arcs.offsets[p + 1] = arcs.offsets[p] + lists[order[p]].size();
    const std::size_t m = arcs.offsets.back();
    arcs.ends.resize(m);
    arcs.weights.resize(m);
    arcs.middles.resize(m);
    for (std::size_t p = 0; p < order.size(); ++p) {
      auto& list = lists[order[p]];
      for (auto& a : list) {
        a.other = position_of[a.other];
        if (a.middle != kNoMiddle) a.middle = position_of[a.middle];
        if (a.other <= p) throw Error("contraction hierarchy: internal error: an arc does not go up");
      }
      std::sort(list.begin(), list.end(), [](const auto& x, const auto& y) { return x.other < y.other; });
      std::size_t k = arcs.offsets[p];
      for (const auto& a : list) {
        arcs.ends[k] = a.other;
        arcs.weights[k] = a.weight;
        arcs.middles[k] = a.middle;
        ++k;
      }
      list = {};
    }
    return arcs;
  }

  std::size_t n_;
  ContractionGraph<W> graph_;
  int threads_;
  std::size_t settle_limit_;
  std::size_t priority_settle_limit_;
  std::vector<std::uint8_t> excluded_;  // contracted, or in the current round
  std::vector<std::int64_t> priority_;
  std::vector<std::int64_t> contracted_neighbours_;
  std::vector<std::int64_t> depth_;
  std::vector<typename ContractionGraph<W>::ArcList> final_out_, final_in_;
  std::vector<WitnessSearch<W>> searches_;
  std::size_t shortcuts_ = 0;  // needed so far (some improve an arc instead of adding one)
};

}  // namespace

template <class W> std::size_t ContractionHierarchy<W>::shortcut_count() const {
  std::size_t c = 0;
  for (std::uint32_t m : up.middles) c += m != kNoMiddle;
  for (std::uint32_t m : down.middles) c += m != kNoMiddle;
  return c;
}

template <class W>
std::optional<ContractionHierarchy<W>> TryBuildContractionHierarchy(const CsrGraph<W>& g,
                                                                    const ContractionOptions& options) {
  if (g.has_negative) throw Error("contraction hierarchy: the graph has a negative arc (non-negative weights only)");
  if (g.n >= kNoMiddle) throw Error("contraction hierarchy: too many vertices (" + std::to_string(g.n) + ")");
  Contractor<W> contractor(g, options);
  return contractor.Run(g, options);
}

template <class W>
ContractionHierarchy<W> BuildContractionHierarchy(const CsrGraph<W>& g, const ContractionOptions& options) {
  ContractionOptions unlimited = options;
  unlimited.seconds_budget = 0;
  unlimited.max_shortcuts_per_arc = 0;
  return *TryBuildContractionHierarchy(g, unlimited);
}

#define GDIST_INSTANTIATE(W)                                                                                    \
  template struct ContractionHierarchy<W>;                                                                      \
  template ContractionHierarchy<W> BuildContractionHierarchy<W>(const CsrGraph<W>&, const ContractionOptions&); \
  template std::optional<ContractionHierarchy<W>> TryBuildContractionHierarchy<W>(const CsrGraph<W>&,           \
                                                                                  const ContractionOptions&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
