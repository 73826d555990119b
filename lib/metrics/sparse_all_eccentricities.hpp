// Every vertex's exact (out-)eccentricity of a connected undirected or
// strongly connected directed graph with non-negative integer weights, by
// bounding instead of a tree from every vertex: Takes & Kosters' bounds
// ("Computing the eccentricity distribution of large graphs", Algorithms
// 2013; the formulas in sparse_eccentricity_bounds.hpp) kept for every vertex;
// a vertex is done when its lower and upper bounds meet; sources alternate
// between the largest upper and the smallest lower bound among the vertices
// not done. On road graphs few trees suffice: New York (264,346 vertices)
// needs under a thousand instead of 264,346.
#pragma once
#include <cstddef>
#include <vector>

#include "lib/engine/progress.hpp"
#include "lib/metrics/bounding_tree_source.hpp"
#include "lib/metrics/metric_number.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

struct AllEccentricities {
  std::vector<MetricNumber> eccentricity;  // per vertex
  std::size_t trees = 0;                   // shortest-path trees run (directed: from and to each source)
};

// True when BoundedEccentricities applies: n >= 1, integer weights, no
// negative arc, connected (strongly, when directed). Otherwise use a tree from
// every vertex.
template <class W> bool EccentricityBoundingApplies(const CsrGraph<W>& g);
// Its conditions on the weights alone (n >= 1, integers, no negative arc), for
// callers that know the components already.
template <class W> bool EccentricityBoundingWeightsApply(const CsrGraph<W>& g);

// `progress` (when given) hears after each round how many vertices are done.
template <class W> AllEccentricities BoundedEccentricities(const CsrGraph<W>& g, int threads, ProgressFn progress = {});
// The same on any trees of such a graph (a road hierarchy's PHAST trees); the
// caller checks the conditions above.
template <class W>
AllEccentricities BoundedEccentricities(const BoundingTreeSource<W>& trees, int threads, ProgressFn progress = {});

}  // namespace gdist
