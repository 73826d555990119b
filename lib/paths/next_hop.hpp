// The next-hop (successor) matrix: next(i, j) is the vertex after i on a
// shortest i -> j route, kNoHop when j is unreachable or j == i.
//
// It is derived from the final distances, not tracked inside Floyd-Warshall,
// so the distance kernels stay as fast as without --paths and every backend
// gives the same routes (they give bit-identical distances). The rule has two
// cases, both deterministic, and the CPU and GPU derivations apply the same one:
//
//  * Every arc weight > 0 (UsesLeastTightNeighbour): next(i, j) is the LEAST
//    out-neighbour k of i with w(i, k) + d(k, j) == d(i, j) (TightArc). Then
//    d(k, j) < d(i, j), so following next(., j) lowers the distance to j at
//    every step and routes never loop. This is a row-by-row vector pass over
//    d(k, .) for each out-neighbour k, cheap even on dense graphs.
//  * Otherwise (a zero or negative arc somewhere): for each source i, a
//    level-by-level breadth-first search over the "tight" arcs u -> v
//    (d(i,u) + w(u,v) == d(i,v)) settles vertices in order of fewest arcs;
//    when several fewest-arc routes reach j, next(i, j) is the least first hop
//    among them. Following next(., j) from any vertex lowers the fewest-arc
//    count to j by one per step, so routes never loop, even over zero-weight
//    cycles (where the first rule could bounce between two tight neighbours).
//
// For float the tightness test has a tolerance (tight_arc.hpp), so the first
// rule also needs every weight above twice that tolerance at the largest
// finite distance; float graphs with smaller weights take the second rule.
#pragma once
#include <cstdint>

#include "lib/matrix/arc_list.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/next_hop_matrix.hpp"

namespace gdist {

// True when ComputeNextHops / GpuComputeNextHops use the least-tight-neighbour
// rule (all weights > 0; for float, also large enough against the tolerance).
template <class T> bool UsesLeastTightNeighbour(const ArcList<T>& arcs, const MatrixView<T>& dist);

template <class T> NextHopMatrix ComputeNextHops(const ArcList<T>& arcs, const MatrixView<T>& dist, int threads);

}  // namespace gdist
