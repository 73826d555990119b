// Graph (arc list) -> padded adjacency matrix, applying the duplicate and
// self-loop policy and choosing an element type that cannot overflow.
#pragma once
#include <cstdint>
#include <type_traits>

#include "lib/core/graph.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

struct AdjacencyOptions {
  DuplicatePolicy duplicates = DuplicatePolicy::kMin;
};

// The narrowest type that holds every shortest-path sum exactly:
// fractional weights -> float32; integers -> int32 when (n-1)*max|w| leaves
// room below INF (half of it when weights are negative), else int64.
ElementType ChooseElementType(const Graph& g);

// Throws gdist::Error (with the file line) when a weight cannot be stored in
// T: the check BuildAdjacency makes first, for builders of other layouts.
template <class T> void CheckWeightsFit(const Graph& g);

// Calls f(from, to, weight) for every arc an adjacency matrix of element type
// T receives from g, in file order: undirected edges both ways, non-negative
// self-loops skipped (a negative one throws gdist::Error: a negative cycle).
// BuildAdjacency sets cells with it; the distributed graph path resolves its
// tiles' arcs with it.
template <class T, class F> void ForEachMatrixArc(const Graph& g, F&& f);
[[noreturn]] void ThrowNegativeSelfLoop(const Graph& g, const Edge& e);

// Throws gdist::Error when a weight cannot be stored in T (fractional weight in
// an integer type, magnitude past INF) or a self-loop is negative.
template <class T> DistMatrix<T> BuildAdjacency(const Graph& g, const AdjacencyOptions& options);

template <class T, class F> void ForEachMatrixArc(const Graph& g, F&& f) {
  // Integers past 2^53 come from exact_weights: edges[i].weight is only the nearest double.
  const bool exact = std::is_same_v<T, std::int64_t> && !g.exact_weights.empty();
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    if (e.from == e.to) {
      if (e.weight < 0) ThrowNegativeSelfLoop(g, e);
      continue;  // a non-negative self-loop never shortens a path
    }
    const T w = exact ? static_cast<T>(g.exact_weights[i]) : static_cast<T>(e.weight);
    f(e.from, e.to, w);
    if (!g.directed) f(e.to, e.from, w);
  }
}

}  // namespace gdist
