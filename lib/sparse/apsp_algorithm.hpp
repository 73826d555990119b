// Which all-pairs algorithm answers a graph faster: Floyd-Warshall over the
// dense matrix (n^3 relaxations) or a shortest-path tree from every source
// (BFS, Dijkstra, Johnson: about n * m * log n). Pure host logic with the
// rates measured on our machines (bench/RESULTS.md, "Sparse APSP and siting on
// graphs"), tested without running either.
#pragma once
#include <cstddef>
#include <string>

#include "lib/matrix/element_type.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

enum class ApspAlgorithm { kAuto, kFloydWarshall, kTrees };
bool ParseApspAlgorithm(const std::string& s, ApspAlgorithm* out);  // "auto", "fw", "dijkstra"
const char* ApspAlgorithmName(ApspAlgorithm a);                     // "auto", "fw", "dijkstra"

// The tree method ShortestPathTrees runs on g (without building it: Johnson's
// potentials are not computed here).
template <class W> TreeMethod TreeMethodFor(const CsrGraph<W>& g) {
  constexpr bool kIntegral = std::is_integral_v<W>;
  if (g.has_negative) return kIntegral ? TreeMethod::kJohnsonRadix : TreeMethod::kJohnsonBinaryHeap;
  if (g.unit_weights) return TreeMethod::kBfs;
  return kIntegral ? TreeMethod::kDijkstraRadix : TreeMethod::kDijkstraBinaryHeap;
}

struct ApspCostInputs {
  std::size_t n = 0;
  std::size_t arcs = 0;  // after duplicates and self-loops (CsrGraph::arc_count)
  TreeMethod method = TreeMethod::kDijkstraRadix;
  ElementType type = ElementType::kInt32;
  int threads = 1;         // CPU threads both would use
  bool fw_on_gpu = false;  // Floyd-Warshall would run on a GPU (its rate, not the CPU's)
};

// Estimated seconds of each, from the measured rates.
struct ApspCostEstimate {
  double fw_s = 0;
  double trees_s = 0;
};
ApspCostEstimate EstimateApspCost(const ApspCostInputs& in);

struct ApspAlgorithmDecision {
  ApspAlgorithm algorithm = ApspAlgorithm::kFloydWarshall;  // never kAuto
  std::string reason;
  ApspCostEstimate cost;
};

// What stands in the trees' way, decided by the caller (empty: nothing).
// `same_bytes` false: the trees could round float sums differently from
// Floyd-Warshall (FloatSumsExact), so auto keeps Floyd-Warshall.
struct ApspTreeLimits {
  std::string refusal = {};  // why trees cannot run at all (e.g. under mpirun); kTrees then throws
  bool same_bytes = true;
};

// kAuto: the trees when they are estimated faster and write the same bytes;
// kTrees with a refusal throws gdist::Error naming it.
ApspAlgorithmDecision ChooseApspAlgorithm(ApspAlgorithm requested, const ApspCostInputs& in,
                                          const ApspTreeLimits& limits = {});

// True when every path sum of g is exact in W, so Dijkstra (sums along the
// path) and Floyd-Warshall (sums in another order) give the same bits: always
// for integer types; for float and double when all weights are multiples of
// one power of two 2^q and 4 (n-1) max|w| / 2^q fits the mantissa (Johnson's
// re-weighted sums included).
template <class W> bool FloatSumsExact(const CsrGraph<W>& g);

}  // namespace gdist
