// The locality order of the GPU BFS's sources: host code of gpu_ms_bfs.cu that
// runs in every build (the CPU twin of the kernel is lib/testing/gpu_ms_bfs_twin.cpp).
#include <omp.h>

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <span>

#include "lib/sparse/gpu_ms_bfs.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

// Below this share of the vertices, sources are far apart anyway: the order of
// one BFS of the graph is enough.
constexpr std::size_t kBallsFromShare = 4;

// Every vertex once: BFS from vertex 0, then from the first vertex not yet
// seen.
std::vector<std::uint32_t> WholeGraphBfsOrder(const BfsGraph& g) {
  std::vector<std::uint32_t> order;
  order.reserve(g.n);
  std::vector<char> seen(g.n, 0);
  for (std::size_t root = 0; root < g.n; ++root) {
    if (seen[root]) continue;
    seen[root] = 1;
    std::size_t head = order.size();
    order.push_back(static_cast<std::uint32_t>(root));
    for (; head < order.size(); ++head) {
      const std::uint32_t u = order[head];
      for (std::uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
        if (!seen[g.targets[a]]) {
          seen[g.targets[a]] = 1;
          order.push_back(g.targets[a]);
        }
    }
  }
  return order;
}

}  // namespace

std::vector<std::uint32_t> LocalitySourceOrder(const BfsGraph& g, const std::uint32_t* sources, std::size_t count) {
  const std::size_t k = count;
  const std::vector<std::uint32_t> bfs = WholeGraphBfsOrder(g);
  std::vector<std::uint32_t> result;
  result.reserve(k);
  if (k * kBallsFromShare < g.n) {
    std::vector<std::uint32_t> rank(g.n);
    for (std::size_t r = 0; r < bfs.size(); ++r) rank[bfs[r]] = static_cast<std::uint32_t>(r);
    result.resize(k);
    std::iota(result.begin(), result.end(), 0u);
    std::stable_sort(result.begin(), result.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return rank[sources[a]] < rank[sources[b]]; });
    return result;
  }
  // The positions of each vertex in `sources`, as compressed rows.
  std::vector<std::uint32_t> start(g.n + 1, 0), positions(k);
  for (std::size_t i = 0; i < k; ++i) ++start[sources[i] + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
  for (std::size_t i = 0; i < k; ++i) positions[fill[sources[i]]++] = static_cast<std::uint32_t>(i);
  // Balls of about kBatchSources sources, grown by BFS over the vertices no
  // ball has taken, each from the first untaken vertex of the whole-graph
  // order.
  std::vector<char> taken(g.n, 0);
  std::vector<std::uint32_t> queue;
  std::size_t cursor = 0;
  while (result.size() < k) {
    while (taken[bfs[cursor]]) ++cursor;
    queue.assign(1, bfs[cursor]);
    const std::size_t goal = result.size() + kBatchSources;
    for (std::size_t head = 0; head < queue.size() && result.size() < goal; ++head) {
      const std::uint32_t u = queue[head];
      if (taken[u]) continue;  // queued twice
      taken[u] = 1;
      for (std::uint32_t p = start[u]; p < start[u + 1]; ++p) result.push_back(positions[p]);
      for (std::uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
        if (!taken[g.targets[a]]) queue.push_back(g.targets[a]);
    }
  }
  return result;
}

std::vector<std::uint32_t> SourcesInLocalityOrder(const BfsGraph& g, const std::uint32_t* sources, std::size_t count,
                                                  std::vector<std::uint32_t>* ordered) {
  std::vector<std::uint32_t> order = LocalitySourceOrder(g, sources, count);
  ordered->resize(count);
  for (std::size_t r = 0; r < count; ++r) (*ordered)[r] = sources[order[r]];
  return order;
}

}  // namespace gdist
