// Graph (arc list) -> padded adjacency matrix, applying the duplicate and
// self-loop policy and choosing an element type that cannot overflow.
#pragma once
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

// Throws gdist::Error when a weight cannot be stored in T (fractional weight in
// an integer type, magnitude past INF) or a self-loop is negative.
template <class T> DistMatrix<T> BuildAdjacency(const Graph& g, const AdjacencyOptions& options);

}  // namespace gdist
