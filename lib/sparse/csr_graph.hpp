// Compressed sparse rows of a Graph, built without an n x n matrix: out-arcs
// (and in-arcs of a directed graph) with uint32 vertex ids and weights of the
// element type the dense engine would choose (ChooseElementType). Duplicates,
// self-loops and direction follow lib/matrix/adjacency exactly, so that every
// shortest-path tree equals the dense engine's row. The arcs and their view
// are the graph layer's (lib/graph/csr.hpp).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "lib/core/graph.hpp"
#include "lib/graph/csr.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/element_type.hpp"

namespace gdist {

template <class W> struct CsrGraph {
  std::size_t n = 0;
  bool directed = true;
  bool unit_weights = true;   // every arc weighs exactly 1: BFS answers
  bool has_negative = false;  // some arc weighs < 0: Johnson re-weighting
  W max_abs_weight = 0;
  CsrArcs<W> out;
  CsrArcs<W> in;  // directed graphs only; an undirected graph's in == out
  VertexLabels labels;
  int decimal_scale = 0;                           // Graph::decimal_scale: weights are value x 10^decimal_scale
  std::vector<std::pair<double, double>> lon_lat;  // Graph::lon_lat: where the vertices are, or empty

  std::size_t arc_count() const { return out.targets.size(); }
  CsrView<W> Out() const { return out.View(n); }
  CsrView<W> In() const { return directed ? in.View(n) : Out(); }
};

// Throws gdist::Error on what BuildAdjacency refuses (fractional weight in an
// integer type, weight past INF, negative self-loop), with the same messages.
template <class W> CsrGraph<W> BuildCsrGraph(const Graph& g, const AdjacencyOptions& options = {});

// The adjacency matrix of a CSR graph (equal to BuildAdjacency of the Graph
// it came from): the dense engine on a subgraph such as the largest component.
template <class W> DistMatrix<W> CsrToAdjacency(const CsrGraph<W>& g);

}  // namespace gdist
