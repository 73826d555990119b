// The two all-pairs algorithms' vocabulary: Floyd-Warshall over the dense
// matrix or a shortest-path tree from every source (BFS, Dijkstra, Johnson),
// which tree method a graph gets, and when both give the same bits. Which one
// runs is the run's plan (lib/plan/planner.hpp).
#pragma once
#include <string>
#include <type_traits>

#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

// kHierarchy: PHAST trees over a contraction hierarchy (lib/road).
enum class ApspAlgorithm { kAuto, kFloydWarshall, kTrees, kHierarchy };
bool ParseApspAlgorithm(const std::string& s, ApspAlgorithm* out);  // "auto", "fw", "dijkstra", "ch"
const char* ApspAlgorithmName(ApspAlgorithm a);                     // "auto", "fw", "dijkstra", "ch"

// The tree method ShortestPathTrees runs on g (without building it: Johnson's
// potentials are not computed here).
// The same from the weights' two facts alone (an adjacency matrix's scan, before any graph is built).
template <class W> TreeMethod TreeMethodFor(bool has_negative, bool unit_weights) {
  constexpr bool kIntegral = std::is_integral_v<W>;
  if (has_negative) return kIntegral ? TreeMethod::kJohnsonRadix : TreeMethod::kJohnsonBinaryHeap;
  if (unit_weights) return TreeMethod::kBfs;
  return kIntegral ? TreeMethod::kDijkstraRadix : TreeMethod::kDijkstraBinaryHeap;
}
template <class W> TreeMethod TreeMethodFor(const CsrGraph<W>& g) {
  return TreeMethodFor<W>(g.has_negative, g.unit_weights);
}

// True when every path sum of g is exact in W, so Dijkstra (sums along the
// path) and Floyd-Warshall (sums in another order) give the same bits: always
// for integer types; for float and double when all weights are multiples of
// one power of two 2^q and 4 (n-1) max|w| / 2^q fits the mantissa (Johnson's
// re-weighted sums included).
template <class W> bool FloatSumsExact(const CsrGraph<W>& g);

}  // namespace gdist
