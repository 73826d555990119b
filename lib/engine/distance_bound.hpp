// An upper bound on the largest finite shortest-path distance of a graph with
// non-negative arc weights, computed from its arcs with two shortest-path trees
// per strong component (O(m + C) each, Dial's bucket queue) and one pass over the
// condensation: the 16-bit proof of the engines (precision_choice.hpp).
//
// Why it is sound. Let C be a strong component and r any vertex of it. Every
// path between two vertices x, y of C stays inside C (a vertex on it is
// reachable from x and reaches y), so d(x, y) <= d_C(x, r) + d_C(r, y) <=
// ecc_in_C(r) + ecc_out_C(r) =: B(C), distances taken inside C. (For an
// undirected graph, components are strong and this is the familiar 2 ecc(r).)
// A shortest path u -> w visits a chain of components C1 -> C2 -> ... of the
// condensation (a DAG), each once; its part inside Ci is a shortest path
// between two vertices of Ci (<= B(Ci)) and its parts between them are single
// arcs. So d(u, w) is at most the heaviest chain of the condensation, a chain
// weighing the B of its components plus one crossing arc weight per step, and
// taking the heaviest arc between two components only raises it: the longest
// path of that DAG, found in topological order, bounds every finite distance.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "lib/graph/csr.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

// The arcs of an int32 adjacency matrix: every finite off-diagonal entry, two
// parallel passes over the rows (count, fill). Returns false, with *out
// holding only the offsets, when there are more than max_arcs (a caller's
// memory budget: 8 bytes per arc, twice with the reversed arcs). Throws
// gdist::Error on a negative entry (the bound is for non-negative weights;
// callers check that first).
bool CsrOfAdjacency(const MatrixView<std::int32_t>& m, std::size_t max_arcs, ArcCsr* out);

struct DistanceBound {
  // True when every finite distance is <= bound and bound <= the limit asked
  // for; false when the bound would pass the limit (the trees stop there).
  bool within_limit = false;
  std::int64_t bound = 0;             // meaningful when within_limit
  std::size_t strong_components = 0;  // counted before any early stop
};

// limit: the largest bound of interest, 0 .. kMaxDistanceBoundLimit (Dial's
// queue holds min(largest weight, limit) + 1 buckets). The answer is exact about the limit: within_limit
// is false only when this bound (not necessarily the true largest distance)
// exceeds it.
inline constexpr std::int64_t kMaxDistanceBoundLimit = std::int64_t{1} << 24;
// Strong components and the bounded trees are the graph layer's
// (lib/graph/strong_components.hpp, lib/graph/dial_queue.hpp).
DistanceBound BoundLargestDistance(const CsrView<std::int32_t>& g, std::int64_t limit);
inline DistanceBound BoundLargestDistance(const ArcCsr& g, std::int64_t limit) {
  return BoundLargestDistance(g.View(), limit);
}

}  // namespace gdist
