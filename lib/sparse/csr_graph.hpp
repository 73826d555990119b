// Compressed sparse rows of a Graph, built without an n x n matrix: out-arcs
// (and in-arcs of a directed graph) with uint32 vertex ids and weights of the
// element type the dense engine would choose (ChooseElementType). Duplicates,
// self-loops and direction follow lib/matrix/adjacency exactly, so that every
// shortest-path tree equals the dense engine's row.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "lib/core/graph.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/element_type.hpp"

namespace gdist {

// One direction of a CSR graph: arcs of v are [offsets[v], offsets[v+1]).
template <class W> struct CsrView {
  std::size_t n = 0;
  const std::uint64_t* offsets = nullptr;
  const std::uint32_t* targets = nullptr;
  const W* weights = nullptr;

  std::span<const std::uint32_t> Targets(std::size_t v) const {
    return {targets + offsets[v], static_cast<std::size_t>(offsets[v + 1] - offsets[v])};
  }
  std::span<const W> Weights(std::size_t v) const {
    return {weights + offsets[v], static_cast<std::size_t>(offsets[v + 1] - offsets[v])};
  }
  std::size_t Degree(std::size_t v) const { return static_cast<std::size_t>(offsets[v + 1] - offsets[v]); }
};

// Arcs of one direction: offsets (n+1), targets and weights (one per arc, each
// vertex's arcs sorted by target, one arc per ordered pair).
template <class W> struct CsrArcs {
  std::vector<std::uint64_t> offsets;
  std::vector<std::uint32_t> targets;
  std::vector<W> weights;
};

template <class W> struct CsrGraph {
  std::size_t n = 0;
  bool directed = true;
  bool unit_weights = true;   // every arc weighs exactly 1: BFS answers
  bool has_negative = false;  // some arc weighs < 0: Johnson re-weighting
  W max_abs_weight = 0;
  CsrArcs<W> out;
  CsrArcs<W> in;  // directed graphs only; an undirected graph's in == out
  VertexLabels labels;

  std::size_t arc_count() const { return out.targets.size(); }
  CsrView<W> Out() const { return {n, out.offsets.data(), out.targets.data(), out.weights.data()}; }
  CsrView<W> In() const {
    return directed ? CsrView<W>{n, in.offsets.data(), in.targets.data(), in.weights.data()} : Out();
  }
};

// Throws gdist::Error on what BuildAdjacency refuses (fractional weight in an
// integer type, weight past INF, negative self-loop), with the same messages.
template <class W> CsrGraph<W> BuildCsrGraph(const Graph& g, const AdjacencyOptions& options = {});

// In-arcs from out-arcs (the transpose), sorted by source.
template <class W> CsrArcs<W> TransposeArcs(std::size_t n, const CsrArcs<W>& out);

// The adjacency matrix of a CSR graph (equal to BuildAdjacency of the Graph
// it came from): the dense engine on a subgraph such as the largest component.
template <class W> DistMatrix<W> CsrToAdjacency(const CsrGraph<W>& g);

}  // namespace gdist
