// Written here rather than with Boost.Graph: the trees must stay inside one
// strong component and stop at the limit, and a bucket queue with one bucket
// per distance up to the limit (O(m + limit) per tree) is what makes them cheap.
#include "lib/engine/distance_bound.hpp"

#include <algorithm>
#include <limits>

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

ArcCsr Transposed(const ArcCsr& g) {
  ArcCsr r;
  r.n = g.n;
  r.offsets.assign(g.n + 1, 0);
  for (std::uint32_t h : g.heads) ++r.offsets[h + 1];
  for (std::size_t i = 0; i < g.n; ++i) r.offsets[i + 1] += r.offsets[i];
  r.heads.resize(g.arcs());
  r.weights.resize(g.arcs());
  std::vector<std::size_t> fill(r.offsets.begin(), r.offsets.end() - 1);
  for (std::size_t u = 0; u < g.n; ++u)
    for (std::size_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const std::size_t at = fill[g.heads[e]]++;
      r.heads[at] = static_cast<std::uint32_t>(u);
      r.weights[at] = g.weights[e];
    }
  return r;
}

std::vector<std::uint32_t> StrongComponents(const ArcCsr& g, std::size_t* count) {
  constexpr std::uint32_t kUnseen = std::numeric_limits<std::uint32_t>::max();
  const std::size_t n = g.n;
  std::vector<std::uint32_t> index(n, kUnseen), low(n), comp(n, kUnseen);
  std::vector<std::uint32_t> stack;  // Tarjan's vertex stack
  std::vector<bool> on_stack(n, false);
  struct Frame {
    std::uint32_t v;
    std::size_t next_arc;
  };
  std::vector<Frame> calls;  // the recursion, made explicit
  std::uint32_t next_index = 0, components = 0;
  auto visit = [&](std::uint32_t v) {
    index[v] = low[v] = next_index++;
    stack.push_back(v);
    on_stack[v] = true;
    calls.push_back({v, g.offsets[v]});
  };
  for (std::uint32_t s = 0; s < n; ++s) {
    if (index[s] != kUnseen) continue;
    visit(s);
    while (!calls.empty()) {
      const std::uint32_t v = calls.back().v;
      const std::size_t e = calls.back().next_arc;
      if (e < g.offsets[v + 1]) {
        calls.back().next_arc = e + 1;
        const std::uint32_t w = g.heads[e];
        if (index[w] == kUnseen) visit(w);
        else if (on_stack[w]) low[v] = std::min(low[v], index[w]);
        continue;
      }
      if (low[v] == index[v]) {
        std::uint32_t w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[w] = false;
          comp[w] = components;
        } while (w != v);
        ++components;
      }
      calls.pop_back();
      if (!calls.empty()) low[calls.back().v] = std::min(low[calls.back().v], low[v]);
    }
  }
  *count = components;
  return comp;
}

namespace {

// Dial's bucket queue over distances 0..limit, reused by every tree.
class BoundedTrees {
 public:
  // Buckets are added as distances grow, up to limit + 1 of them.
  BoundedTrees(std::size_t n, std::int64_t limit) : dist_(n, -1), limit_(limit) {}

  // The largest distance from root to a vertex of its component `c`, moving
  // only along arcs inside `c`; limit + 1 when some vertex of `c` is farther
  // than the limit (it then stays unreached).
  std::int64_t Eccentricity(const ArcCsr& g, const std::vector<std::uint32_t>& comp, std::uint32_t root,
                            std::size_t comp_size) {
    const std::uint32_t c = comp[root];
    const std::int64_t limit = limit_;
    if (buckets_.empty()) buckets_.resize(1);
    std::size_t pending = 1, reached = 0;
    std::int64_t ecc = 0;
    dist_[root] = 0;
    touched_.push_back(root);
    buckets_[0].push_back(root);
    for (std::int64_t d = 0; pending > 0; ++d) {
      // Zero-weight arcs append to this very bucket, and a longer arc may
      // add buckets (moving them): index afresh each time.
      const std::size_t b = static_cast<std::size_t>(d);
      for (std::size_t i = 0; i < buckets_[b].size(); ++i) {
        const std::uint32_t v = buckets_[b][i];
        --pending;
        if (dist_[v] != d) continue;  // a stale entry: v was reached closer since
        ++reached;
        ecc = d;
        for (std::size_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
          const std::uint32_t w = g.heads[e];
          if (comp[w] != c) continue;
          const std::int64_t nd = d + g.weights[e];
          if (nd > limit || (dist_[w] >= 0 && dist_[w] <= nd)) continue;
          if (dist_[w] < 0) touched_.push_back(w);
          dist_[w] = nd;
          if (static_cast<std::size_t>(nd) >= buckets_.size()) buckets_.resize(static_cast<std::size_t>(nd) + 1);
          buckets_[static_cast<std::size_t>(nd)].push_back(w);
          ++pending;
        }
      }
      buckets_[b].clear();
    }
    for (std::uint32_t v : touched_) dist_[v] = -1;
    touched_.clear();
    return reached == comp_size ? ecc : limit + 1;
  }

 private:
  std::vector<std::int64_t> dist_;  // -1: not reached
  std::int64_t limit_;
  std::vector<std::vector<std::uint32_t>> buckets_;
  std::vector<std::uint32_t> touched_;
};

}  // namespace

DistanceBound BoundLargestDistance(const ArcCsr& g, std::int64_t limit) {
  if (limit < 0 || limit > kMaxDistanceBoundLimit)
    throw Error("distance bound: the limit " + std::to_string(limit) + " is outside 0.." +
                std::to_string(kMaxDistanceBoundLimit));
  DistanceBound result;
  const std::size_t n = g.n;
  std::size_t components = 0;
  const std::vector<std::uint32_t> comp = StrongComponents(g, &components);
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
  const ArcCsr reversed = Transposed(g);
  BoundedTrees trees(n, limit);
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
      for (std::size_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const std::uint32_t d = comp[g.heads[e]];
        if (d != c) arriving[d] = std::max(arriving[d], through + g.weights[e]);
      }
    }
  }
  result.within_limit = true;
  result.bound = bound;
  return result;
}

}  // namespace gdist
