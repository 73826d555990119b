// PHAST batches: upward searches of the batch's sources into a list of
// (position, lane, distance), sorted by decreasing position, then the sweep
// (phast_sweep.cpp) from the top position down: each vertex's line starts at
// INF, takes the upward distances of that vertex, relaxes its down arcs and is
// written out to the rows (original vertex order) or handed to the caller.
#include "lib/road/phast.hpp"

#include <omp.h>

#include <algorithm>
#include <string>
#include <vector>

#include "lib/matrix/page_buffer.hpp"
#include "lib/road/hierarchy_search.hpp"
#include "lib/road/phast_sweep.hpp"
#include "lib/util/error.hpp"
#include "lib/util/interruption.hpp"

namespace gdist {
namespace {

template <class W> struct SweepWorkspace {
  explicit SweepWorkspace(std::size_t n, std::size_t lanes) : search(n), line_pages(n * lanes * sizeof(W)) {}
  W* lines() const { return static_cast<W*>(line_pages.data()); }
  HierarchySearch<W> search;
  std::vector<UpwardDistance<W>> upward;
  // vertex-major: vertex v's lanes at [v*K, v*K + K). Page-aligned, so each
  // line is one cache line (a vector's heap block starts 16 bytes into a page:
  // every line then straddled two), and on huge pages, since the sweep reads
  // lines all over the buffer.
  PageBuffer line_pages;
};

// Sources (at most K) of one batch into lines (n x K, by vertex).
template <class W, std::size_t K>
void SweepBatch(const ContractionHierarchy<W>& ch, TreeDirection direction, const std::uint32_t* arc_vertex,
                std::span<const std::uint32_t> sources, SweepWorkspace<W>& ws, W* lines) {
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
  SweepLines<W, K>(ch, sweep_arcs, arc_vertex, ws.upward.data(), ws.upward.size(), lines);
}

}  // namespace

template <class W> PhastTrees<W>::PhastTrees(const ContractionHierarchy<W>& ch, TreeDirection direction)
    : ch_(ch), direction_(direction) {
  const HierarchyArcs<W>& sweep_arcs = direction == TreeDirection::kFrom ? ch.down : ch.up;
  sweep_arc_vertex_.resize(sweep_arcs.ends.size());
  for (std::size_t a = 0; a < sweep_arcs.ends.size(); ++a) sweep_arc_vertex_[a] = ch.vertex_at[sweep_arcs.ends[a]];
}

template <class W> void PhastTrees<W>::Tree(std::uint32_t s, W* dist) const {
  if (s >= ch_.n)
    throw Error("PHAST: source " + std::to_string(s) + " is not a vertex (n=" + std::to_string(ch_.n) + ")");
  SweepWorkspace<W> ws(ch_.n, 0);  // one lane: the lines are the row
  SweepBatch<W, 1>(ch_, direction_, sweep_arc_vertex_.data(), {&s, 1}, ws, dist);
}

template <class W>
void PhastTrees<W>::Rows(std::span<const std::uint32_t> sources, W* out, std::size_t stride, int threads) const {
  if (stride < ch_.n) throw Error("PHAST: row stride below n");
  ForEachBatch(sources, threads, [&](std::size_t first, std::size_t count, const W* lines) {
    WriteRows<W, kLanes>(ch_.n, lines, out + first * stride, stride, count);
  });
}

template <class W>
void PhastTrees<W>::ForEachBatch(std::span<const std::uint32_t> sources, int threads, const LinesVisit& visit) const {
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
      if (InterruptionRequested()) continue;  // thrown below, once the threads have joined
      const std::size_t first = static_cast<std::size_t>(b) * kLanes;
      const std::size_t count = std::min(kLanes, sources.size() - first);
      SweepBatch<W, kLanes>(ch_, direction_, sweep_arc_vertex_.data(), sources.subspan(first, count), ws, ws.lines());
      visit(first, count, ws.lines());
    }
  }
  ThrowIfInterrupted();
}

#define GDIST_INSTANTIATE(W) template class PhastTrees<W>;
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
