// Many-to-many distance tables from a hierarchy (bucket-based, Knopp et al.
// 2007): a backward upward search from every target leaves (target, distance)
// in the bucket of each vertex it settles; a forward upward search from every
// source then scans the buckets of the vertices it settles, table[s][t] =
// min over meeting vertices of d(s, x) + d(x, t). Integer weights give exactly
// Dijkstra's distances; W's INF for unreachable pairs.
#pragma once
#include <cstdint>
#include <span>

#include "lib/road/contraction_hierarchy.hpp"

namespace gdist {

// out[i * stride + j] = d(sources[i], targets[j]) (original vertices), stride
// >= targets.size(); searches in parallel over `threads` (<= 0: all cores).
template <class W> void ChTable(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> sources,
                                std::span<const std::uint32_t> targets, W* out, std::size_t stride, int threads);

}  // namespace gdist
