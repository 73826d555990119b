// PHAST batches: upward searches of the batch's sources into a list of
// (position, lane, distance), sorted by decreasing position, then the sweep
// (phast_sweep.cpp) from the top position down: each vertex's line starts at
// INF, takes the upward distances of that vertex, relaxes its down arcs and is
// written out to the rows (original vertex order).
#include "lib/road/phast.hpp"

#include <omp.h>

#include <algorithm>
#include <string>
#include <vector>

#include "lib/road/hierarchy_search.hpp"
#include "lib/road/phast_sweep.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

template <class W> struct SweepWorkspace {
  explicit SweepWorkspace(std::size_t n, std::size_t lanes) : search(n), lines(n * lanes) {}
  HierarchySearch<W> search;
  std::vector<UpwardDistance<W>> upward;
  std::vector<W> lines;  // vertex-major: position v's lanes at [v*K, v*K + K)
};

// Sources (at most K) of one batch into rows out + lane*stride.
template <class W, std::size_t K> void SweepBatch(const ContractionHierarchy<W>& ch, TreeDirection direction,
                                                  std::span<const std::uint32_t> sources, W* out, std::size_t stride,
                                                  SweepWorkspace<W>& ws) {
  // Rows search up the up arcs and sweep the down arcs; columns the reverse.
  const HierarchyArcs<W>& upward_arcs = direction == TreeDirection::kFrom ? ch.up : ch.down;
  const HierarchyArcs<W>& sweep_arcs = direction == TreeDirection::kFrom ? ch.down : ch.up;
  ws.upward.clear();
  for (std::size_t lane = 0; lane < sources.size(); ++lane) {
    ws.search.Start(ch.position_of[sources[lane]]);
    ws.search.RunToEnd(upward_arcs);
    for (std::uint32_t v : ws.search.Settled())
      ws.upward.push_back({v, static_cast<std::uint32_t>(lane), ws.search.Distance(v)});
  }
  std::sort(ws.upward.begin(), ws.upward.end(), [](const auto& a, const auto& b) { return a.position > b.position; });
  SweepDown<W, K>(ch, sweep_arcs, ws.upward.data(), ws.upward.size(), ws.lines.data(), out, stride, sources.size());
}

}  // namespace

template <class W> void PhastTrees<W>::Tree(std::uint32_t s, W* dist) const {
  if (s >= ch_.n)
    throw Error("PHAST: source " + std::to_string(s) + " is not a vertex (n=" + std::to_string(ch_.n) + ")");
  SweepWorkspace<W> ws(ch_.n, 1);
  SweepBatch<W, 1>(ch_, direction_, {&s, 1}, dist, ch_.n, ws);
}

template <class W>
void PhastTrees<W>::Rows(std::span<const std::uint32_t> sources, W* out, std::size_t stride, int threads) const {
  if (stride < ch_.n) throw Error("PHAST: row stride below n");
  for (std::uint32_t s : sources)
    if (s >= ch_.n)
      throw Error("PHAST: source " + std::to_string(s) + " is not a vertex (n=" + std::to_string(ch_.n) + ")");
  if (sources.empty()) return;
  const std::int64_t batches = static_cast<std::int64_t>((sources.size() + kLanes - 1) / kLanes);
  const int nt = static_cast<int>(
      std::min<std::int64_t>(threads > 0 ? threads : omp_get_max_threads(), std::max<std::int64_t>(batches, 1)));
#pragma omp parallel num_threads(nt)
  {
    SweepWorkspace<W> ws(ch_.n, kLanes);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < batches; ++b) {
      const std::size_t first = static_cast<std::size_t>(b) * kLanes;
      const std::size_t count = std::min(kLanes, sources.size() - first);
      SweepBatch<W, kLanes>(ch_, direction_, sources.subspan(first, count), out + first * stride, stride, ws);
    }
  }
}

#define GDIST_INSTANTIATE(W) template class PhastTrees<W>;
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
