// An upper bound on the largest finite shortest-path distance of a graph with
// non-negative arc weights, computed from its arcs with two shortest-path trees
// per strong component (O(m + limit) each, bucket queue) and one pass over the
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

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

// Arcs in compressed sparse row form: the arcs leaving v are heads/weights
// [offsets[v], offsets[v+1]). Weights are non-negative.
struct ArcCsr {
  std::size_t n = 0;
  std::vector<std::size_t> offsets;  // n + 1 entries
  std::vector<std::uint32_t> heads;
  std::vector<std::int32_t> weights;
  std::size_t arcs() const { return heads.size(); }
};

// The arcs of an int32 adjacency matrix: every finite off-diagonal entry, two
// parallel passes over the rows (count, fill). Returns false, with *out
// holding only the offsets, when there are more than max_arcs (a caller's
// memory budget: 8 bytes per arc, twice with the reversed arcs). Throws
// gdist::Error on a negative entry (the bound is for non-negative weights;
// callers check that first).
bool CsrOfAdjacency(const MatrixView<std::int32_t>& m, std::size_t max_arcs, ArcCsr* out);

// The same arcs reversed (for in-trees).
ArcCsr Transposed(const ArcCsr& g);

struct DistanceBound {
  // True when every finite distance is <= bound and bound <= the limit asked
  // for; false when the bound would pass the limit (the trees stop there).
  bool within_limit = false;
  std::int64_t bound = 0;             // meaningful when within_limit
  std::size_t strong_components = 0;  // counted before any early stop
};

// limit: the largest bound of interest, 0 .. kMaxDistanceBoundLimit (a bucket
// per distance up to it). The answer is exact about the limit: within_limit
// is false only when this bound (not necessarily the true largest distance)
// exceeds it.
inline constexpr std::int64_t kMaxDistanceBoundLimit = std::int64_t{1} << 24;
DistanceBound BoundLargestDistance(const ArcCsr& g, std::int64_t limit);

// Strong components (iterative Tarjan). Component ids are in the order Tarjan
// completes them, a reverse topological order of the condensation: an arc
// between two components goes from a higher id to a lower one.
std::vector<std::uint32_t> StrongComponents(const ArcCsr& g, std::size_t* count);

}  // namespace gdist
