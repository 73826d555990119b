// A contraction hierarchy (Geisberger et al. 2008) of a CsrGraph: every vertex
// gets a position in the contraction order, and the graph plus its shortcuts
// is kept as two sets of arcs between a vertex and higher-positioned ones.
// Every shortest distance of the graph is the length of an up-down path: up
// arcs from the source, then down arcs to the target (docs/ROAD.md).
//
// Positions are the sweep order of PHAST: vertices are numbered by the round
// (level) in which they were contracted, then by original id, so every arc of
// the hierarchy goes between positions of different levels and a sweep in
// decreasing position meets each vertex after all higher vertices.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lib/core/vertex_labels.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

// Middle vertex of an arc that is an arc of the graph, not a shortcut.
inline constexpr std::uint32_t kNoMiddle = 0xFFFFFFFFu;

// Arcs between each position v and higher positions, CSR by v: arcs of v are
// [offsets[v], offsets[v+1]), sorted by `ends`. A shortcut's middle is the
// (lower) position it bypasses: arc (a, b) via m is (a, m) then (m, b).
template <class W> struct HierarchyArcs {
  std::vector<std::uint64_t> offsets;  // n + 1
  std::vector<std::uint32_t> ends;     // the higher endpoint's position
  std::vector<W> weights;
  std::vector<std::uint32_t> middles;  // position, or kNoMiddle

  std::size_t size() const { return ends.size(); }
};

// What identifies the graph a hierarchy was built from: a saved hierarchy is
// refused for any other graph (hierarchy_file.hpp).
struct GraphFingerprint {
  std::uint64_t n = 0;
  std::uint64_t arcs = 0;
  std::uint32_t directed = 0;
  std::uint32_t element = 0;     // ElementType
  std::uint32_t arcs_crc32 = 0;  // zlib crc32 of out-offsets, targets and weights

  bool operator==(const GraphFingerprint&) const = default;
};
template <class W> GraphFingerprint FingerprintOf(const CsrGraph<W>& g);
std::string DescribeFingerprint(const GraphFingerprint& f);

template <class W> struct ContractionHierarchy {
  std::size_t n = 0;
  bool directed = true;
  std::uint32_t levels = 0;                // contraction rounds
  std::vector<std::uint32_t> position_of;  // original vertex -> position
  std::vector<std::uint32_t> vertex_at;    // position -> original vertex
  HierarchyArcs<W> up;                     // at v: arcs v -> x with x > v (forward)
  HierarchyArcs<W> down;                   // at v: arcs x -> v with x > v (stored at the lower end, for the sweep)
  VertexLabels labels;                     // the graph's, by original vertex
  // The graph's vertex coordinates when built from one that has them; a
  // saved hierarchy (hierarchy_file.hpp) keeps none.
  std::vector<std::pair<double, double>> lon_lat;
  GraphFingerprint fingerprint;

  std::size_t shortcut_count() const;  // arcs with a middle, up and down (an undirected shortcut counts twice)
};

struct ContractionOptions {
  // A witness search (bounded Dijkstra from a neighbour, avoiding the vertices
  // being contracted) gives up after settling this many vertices; a lost
  // witness only costs an unneeded shortcut, never a wrong distance.
  std::size_t witness_settle_limit = 50;
  // The priority's simulated contraction counts shortcuts with shorter
  // searches: it only orders the vertices. Weighted NY and Florida: 8 halves
  // the contraction time against 50 and gives 2% fewer shortcuts.
  std::size_t priority_settle_limit = 8;
  int threads = 0;  // <= 0: all cores. The hierarchy does not depend on it.
  // Limits of a trial contraction (TryBuildContractionHierarchy), checked
  // between rounds; 0: none. A graph that is not road-like (a random or a
  // social one) grows a dense core whose contraction takes long and adds
  // shortcuts by the million: the run is better off with plain trees.
  double seconds_budget = 0;
  double max_shortcuts_per_arc = 0;
};

// Contracts g (non-negative weights; throws gdist::Error on a negative arc or
// when a shortcut's length would reach W's INF). Deterministic: the same graph
// gives the same hierarchy whatever the thread count.
template <class W>
ContractionHierarchy<W> BuildContractionHierarchy(const CsrGraph<W>& g, const ContractionOptions& options = {});

// The same within the options' limits: std::nullopt when a limit was passed.
template <class W>
std::optional<ContractionHierarchy<W>> TryBuildContractionHierarchy(const CsrGraph<W>& g,
                                                                    const ContractionOptions& options);

}  // namespace gdist
