// The downward sweep of PHAST over K sources at once (phast.cpp runs the
// upward searches and calls it): lines[v*K + i] is source i's distance to
// position v. Compiled for AVX-512, AVX2 and the baseline and picked at load
// time (GCC target_clones), since the relaxation of a whole 64-byte line is
// one vector min on AVX-512 and a compare-and-blend chain on SSE2.
#pragma once
#include <cstdint>

#include "lib/road/contraction_hierarchy.hpp"

namespace gdist {

template <class W> struct UpwardDistance {
  std::uint32_t position;
  std::uint32_t lane;
  W distance;
};

// arcs: the arcs stored at the lower end that the sweep relaxes (ch.down for
// rows, ch.up for columns). upward: the upward searches' distances sorted by
// decreasing position. Then
// out[i * stride + vertex] = lines[position_of[vertex] * K + i] for i < count.
template <class W, std::size_t K> void SweepDown(const ContractionHierarchy<W>& ch, const HierarchyArcs<W>& arcs,
                                                 const UpwardDistance<W>* upward, std::size_t upward_count, W* lines,
                                                 W* out, std::size_t stride, std::size_t count);

}  // namespace gdist
