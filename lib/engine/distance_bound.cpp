// Written here rather than with Boost.Graph: the trees must stay inside one
// strong component and stop at the limit, and Dial's bucket queue (O(m + C)
// per tree, C = min(largest weight, limit) + 1) is what makes them cheap.
#include "lib/engine/distance_bound.hpp"

#include <algorithm>
#include <limits>

#include "lib/graph/dial_queue.hpp"
#include "lib/graph/strong_components.hpp"
#include "lib/util/error.hpp"

namespace gdist {

bool CsrOfAdjacency(const MatrixView<std::int32_t>& m, std::size_t max_arcs, ArcCsr* out) {
  const std::size_t n = m.n;
  const std::int32_t inf = ElementTraits<std::int32_t>::kInf;
  ArcCsr& g = *out;
  g = ArcCsr{};
  g.n = n;
  g.offsets.assign(n + 1, 0);
  // Two passes over the rows: count (a vectorised compare), then fill each
  // row at its offset. The count alone decides whether the arcs fit.
  std::int32_t lowest = 0;
#pragma omp parallel for schedule(static) reduction(min : lowest)
  for (std::size_t i = 0; i < n; ++i) {
    const std::int32_t* row = m.row(i);
    std::size_t count = 0;
    std::int32_t lo = 0;
#pragma omp simd reduction(+ : count) reduction(min : lo)
    for (std::size_t j = 0; j < n; ++j) {
      count += row[j] < inf ? 1 : 0;
      lo = std::min(lo, row[j]);
    }
    g.offsets[i + 1] = count - (row[i] < inf ? 1 : 0);  // the diagonal is no arc
    lowest = std::min(lowest, lo);
  }
  if (lowest < 0) throw Error("distance bound: the matrix holds a negative weight");
  for (std::size_t i = 0; i < n; ++i) g.offsets[i + 1] += g.offsets[i];
  if (g.offsets[n] > max_arcs) return false;
  g.heads.resize(g.offsets[n]);
  g.weights.resize(g.offsets[n]);
#pragma omp parallel for schedule(dynamic, 64)
  for (std::size_t i = 0; i < n; ++i) {
    const std::int32_t* row = m.row(i);
    std::size_t at = g.offsets[i];
    for (std::size_t j = 0; j < n; ++j)
      if (row[j] < inf && j != i) {
        g.heads[at] = static_cast<std::uint32_t>(j);
        g.weights[at] = row[j];
        ++at;
      }
  }
  return true;
}

namespace {

// Eccentricities inside one strong component on Dial's bucket queue (the
// graph layer's, shared with the sparse engine's trees), reused by every tree.
class BoundedTrees {
 public:
  // Keys pending while key d is settled lie in [d, d + min(max weight, limit)]
  // (a longer arc passes the limit and is never pushed).
  BoundedTrees(std::size_t n, std::int64_t limit, std::int64_t max_weight)
      : dist_(n, -1), limit_(limit), queue_(static_cast<std::size_t>(std::min(max_weight, limit)) + 1) {}

  // The largest distance from root to a vertex of its component `c`, moving
  // only along arcs inside `c`; limit + 1 when some vertex of `c` is farther
  // than the limit (it then stays unreached).
  std::int64_t Eccentricity(const CsrView<std::int32_t>& g, const std::vector<std::uint32_t>& comp, std::uint32_t root,
                            std::size_t comp_size) {
    const std::uint32_t c = comp[root];
    const std::int64_t limit = limit_;
    std::size_t reached = 0;
    std::int64_t ecc = 0;
    dist_[root] = 0;
    touched_.push_back(root);
    queue_.Drain(root, [&](std::uint64_t key, std::uint32_t v, auto& push) {
      const std::int64_t d = static_cast<std::int64_t>(key);
      if (dist_[v] != d) return;  // a stale entry: v was reached closer since
      ++reached;
      ecc = d;
      for (std::uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const std::uint32_t w = g.targets[e];
        if (comp[w] != c) continue;
        const std::int64_t nd = d + g.weights[e];
        if (nd > limit || (dist_[w] >= 0 && dist_[w] <= nd)) continue;
        if (dist_[w] < 0) touched_.push_back(w);
        dist_[w] = nd;
        push(static_cast<std::uint64_t>(nd), w);
      }
    });
    for (std::uint32_t v : touched_) dist_[v] = -1;
    touched_.clear();
    return reached == comp_size ? ecc : limit + 1;
  }

 private:
  std::vector<std::int64_t> dist_;  // -1: not reached
  std::int64_t limit_;
  DialQueue queue_;
  std::vector<std::uint32_t> touched_;
};

}  // namespace

DistanceBound BoundLargestDistance(const CsrView<std::int32_t>& g, std::int64_t limit) {
  if (limit < 0 || limit > kMaxDistanceBoundLimit)
    throw Error("distance bound: the limit " + std::to_string(limit) + " is outside 0.." +
                std::to_string(kMaxDistanceBoundLimit));
  DistanceBound result;
  const std::size_t n = g.n;
  std::size_t components = 0;
  const std::vector<std::uint32_t> comp = StrongComponentIds(g, &components);
  result.strong_components = components;

  // Vertices grouped by component (counting sort); each component's root is
  // its vertex of most out-arcs, a cheap guess at a central one.
  std::vector<std::size_t> first(components + 1, 0);
  for (std::uint32_t c : comp) ++first[c + 1];
  for (std::size_t c = 0; c < components; ++c) first[c + 1] += first[c];
  std::vector<std::uint32_t> members(n);
  {
    std::vector<std::size_t> fill(first.begin(), first.end() - 1);
    for (std::uint32_t v = 0; v < n; ++v) members[fill[comp[v]]++] = v;
  }
  auto out_degree = [&](std::uint32_t v) { return g.offsets[v + 1] - g.offsets[v]; };

  // B(C) = ecc_in(r) + ecc_out(r) inside C; 0 for a single vertex.
  const CsrArcs<std::int32_t> reversed_arcs = TransposeArcs(g);
  const CsrView<std::int32_t> reversed = reversed_arcs.View(n);
  // The trees relax only arcs inside a component and no longer than the limit.
  std::int64_t max_weight = 0;
  for (std::uint32_t u = 0; u < n; ++u)
    for (std::uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (comp[g.targets[e]] == comp[u] && g.weights[e] <= limit)
        max_weight = std::max<std::int64_t>(max_weight, g.weights[e]);
  BoundedTrees trees(n, limit, max_weight);
  std::vector<std::int64_t> inner(components, 0);
  for (std::size_t c = 0; c < components; ++c) {
    const std::size_t size = first[c + 1] - first[c];
    if (size == 1) continue;
    std::uint32_t root = members[first[c]];
    for (std::size_t k = first[c]; k < first[c + 1]; ++k)
      if (out_degree(members[k]) > out_degree(root)) root = members[k];
    const std::int64_t out = trees.Eccentricity(g, comp, root, size);
    if (out > limit) return result;
    const std::int64_t in = trees.Eccentricity(reversed, comp, root, size);
    if (out + in > limit) return result;
    inner[c] = out + in;
  }

  // Heaviest chain of the condensation, in topological order (decreasing id):
  // arriving[c] is the heaviest chain ending with an arc into c.
  std::vector<std::int64_t> arriving(components, 0);
  std::int64_t bound = 0;
  for (std::size_t c = components; c-- > 0;) {
    const std::int64_t through = arriving[c] + inner[c];
    if (through > limit) return result;
    bound = std::max(bound, through);
    for (std::size_t k = first[c]; k < first[c + 1]; ++k) {
      const std::uint32_t u = members[k];
      for (std::uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const std::uint32_t d = comp[g.targets[e]];
        if (d != c) arriving[d] = std::max(arriving[d], through + g.weights[e]);
      }
    }
  }
  result.within_limit = true;
  result.bound = bound;
  return result;
}

}  // namespace gdist
