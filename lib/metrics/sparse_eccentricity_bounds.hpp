// Exact diameter (with its pair), radius, center and periphery of a connected
// undirected or strongly connected directed graph without computing every
// eccentricity: Takes & Kosters' bounding ("Computing the eccentricity
// distribution of large graphs", Algorithms 2013). A tree from s gives ecc(s)
// exactly and, for every v,
//   undirected: max(d(s,v), ecc(s) - d(s,v)) <= ecc(v) <= ecc(s) + d(s,v);
//   directed (out-eccentricity, trees from and to s):
//     max(d(v,s), ecc(s) - d(s,v)) <= ecc(v) <= d(v,s) + ecc(s).
// Sources alternate between the largest upper bound and the smallest lower
// bound (the diameter's and the radius's candidates; the first two are a
// double sweep); with T threads, T trees per round (half each way).
#pragma once
#include <cstddef>
#include <vector>

#include "lib/engine/progress.hpp"
#include "lib/metrics/bounding_tree_source.hpp"
#include "lib/metrics/metric_number.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

struct GraphExtremes {
  MetricNumber diameter;
  std::size_t diameter_from = 0, diameter_to = 0;  // the dense summary's pair: least from, then least to
  MetricNumber radius;
  std::vector<std::size_t> center, periphery;  // increasing
  std::size_t bounding_trees = 0;              // trees run for the bounds
  std::size_t exact_eccentricities = 0;        // vertices whose eccentricity ended up known exactly
};

// g must be connected (undirected) or strongly connected (directed), n >= 1.
// diameter_only: the diameter and a pair at that distance (the first vertex
// found with that eccentricity); radius, center and periphery stay empty.
// `progress` (when given) hears after each round how many vertices are
// settled (eccentricity known or out of the running), out of n.
template <class W>
GraphExtremes BoundedExtremes(const CsrGraph<W>& g, int threads, bool diameter_only = false, ProgressFn progress = {});
// The same search on any trees (a road hierarchy's PHAST trees): the graph
// they come from must be connected as above.
template <class W> GraphExtremes BoundedExtremes(const BoundingTreeSource<W>& trees, int threads,
                                                 bool diameter_only = false, ProgressFn progress = {});

}  // namespace gdist
