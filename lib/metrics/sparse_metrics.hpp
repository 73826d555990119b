// The metrics of a graph from its CSR form, never an n x n matrix: the same
// DistanceSummary and Centrality the dense path computes (and the same
// report writers print), by the cheapest exact route:
// - connected (strongly, when directed): diameter, radius, center and
//   periphery by eccentricity bounding, the 1-median by closeness bounding;
// - undirected and disconnected: every eccentricity is infinite, from the
//   components alone;
// - otherwise, or when every vertex's values or the centralities are asked
//   for: a tree from every vertex, streamed (O(n) memory per thread);
// - every eccentricity alone, connected, integer weights: by bounding
//   (sparse_all_eccentricities.hpp).
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "lib/engine/progress.hpp"
#include "lib/metrics/bounding_tree_source.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/sparse/components.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

struct SparseMetricsRequest {
  MetricsOptions options;       // reachable_only, threads
  bool every_vertex = false;    // fill the per-vertex vectors (eccentricity, total, unreachable)
  bool centrality = false;      // closeness, harmonic, path length, Wiener index, histogram
  bool eccentricities = false;  // summary.eccentricity for every vertex (by bounding where it applies)
  bool median = true;           // the bounding 1-median search (false: no median, its trees saved)
  ProgressFn progress;          // trees done (task "metrics"), or vertices settled by the bounds
};

struct ComponentCounts {
  std::uint32_t weak = 0, strong = 0;
  std::uint64_t largest_weak = 0, largest_strong = 0;
};

struct SparseMetrics {
  DistanceSummary summary;
  Centrality centrality;  // when asked for
  bool has_centrality = false;
  ComponentCounts components;
  std::string method;     // "bounds", "components" or "every tree"
  std::size_t trees = 0;  // shortest-path trees (or BFS sources) run
};

ComponentCounts CountComponents(const Components& weak, const Components& strong);
template <class W> ComponentCounts CountComponents(const CsrGraph<W>& g);

template <class W> SparseMetrics ComputeSparseMetrics(const CsrGraph<W>& g, const SparseMetricsRequest& request);

// The same choices on trees from elsewhere (a road hierarchy's PHAST trees):
// the components are the graph's, `every_tree` fills m's summary (and
// centralities) from a tree of every vertex when bounding does not apply.
template <class W> SparseMetrics MetricsFromTrees(const BoundingTreeSource<W>& trees, const Components& weak,
                                                  const Components& strong, const SparseMetricsRequest& request,
                                                  const std::function<void(SparseMetrics&)>& every_tree);

// "components" {weak, strong, largest_weak, largest_strong} / one text line.
void WriteComponentsJson(JsonWriter& json, const ComponentCounts& c, bool directed);
void WriteComponentsText(std::ostream& out, const ComponentCounts& c, bool directed);

}  // namespace gdist
