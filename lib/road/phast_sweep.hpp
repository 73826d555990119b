// The downward sweep of PHAST over K sources at once (phast.cpp runs the
// upward searches and calls it): lines[v*K + i] is source i's distance to
// position v. Compiled for AVX-512, AVX2 and the baseline and picked at load
// time (GCC target_clones), since the relaxation of a whole line is a few
// vector mins on AVX-512 and a compare-and-blend chain on SSE2.
#pragma once
#include <cstdint>

#include "lib/road/contraction_hierarchy.hpp"

namespace gdist {

// One line of a PHAST batch: a vertex's distances from every source of the
// batch. 64 bytes (16 int32 lanes): 128-byte lines took 1.9x longer per source
// on weighted NY (2 cores of the H100 host, bench/results/road.md). A build
// may set another width to compare (bench/device.sh phast-lanes).
#ifdef GDIST_PHAST_LINE_BYTES
inline constexpr std::size_t kPhastLineBytes = GDIST_PHAST_LINE_BYTES;
#else
inline constexpr std::size_t kPhastLineBytes = 64;
#endif

template <class W> struct UpwardDistance {
  std::uint32_t position;
  std::uint32_t lane;
  W distance;
};

// arcs: the arcs stored at the lower end that the sweep relaxes (ch.down for
// rows, ch.up for columns), with arc_vertex[a] = ch.vertex_at[arcs.ends[a]].
// upward: the upward searches' distances sorted by decreasing position. The
// sweep goes down the positions; lines are indexed by original vertex
// (lines[v * K + i]): road graphs number nearby junctions alike, so the
// lines an arc reads lie near the ones just written, and the rows come out
// of the lines in order (2 cores of the H100 host: bench/results/road.md).
template <class W, std::size_t K> void SweepLines(const ContractionHierarchy<W>& ch, const HierarchyArcs<W>& arcs,
                                                  const std::uint32_t* arc_vertex, const UpwardDistance<W>* upward,
                                                  std::size_t upward_count, W* lines);

// out[i * stride + v] = lines[v * K + i] for i < count: the rows.
template <class W, std::size_t K>
void WriteRows(std::size_t n, const W* lines, W* out, std::size_t stride, std::size_t count);

}  // namespace gdist
