// The element type a graph's distances are stored in. ChooseElementType
// (lib/matrix/adjacency.hpp) proves int32 from (n-1) x max|w| < INF, which
// road graphs fail by far: weighted NE (1.52M junctions, weights <= 4093) has
// (n-1) x max|w| = 6.2e9 but a diameter of about 4.0e6. Here an int64 choice
// is narrowed to int32 when the graph's own distance bound
// (lib/engine/distance_bound.hpp: two trees per strong component and the
// condensation's heaviest chain) proves every finite distance at most
// kMaxDistanceBoundLimit (2^24, far below the int32 INF of 2^30 - 1). The
// engines' range proofs accept the same bound (SolveApsp, CheckPathSums), so
// a narrowed graph runs on the int32 kernels and the GPU trees.
#pragma once
#include "lib/core/graph.hpp"
#include "lib/matrix/element_type.hpp"

namespace gdist {

// ChooseElementType(g), narrowed as above when every weight is a non-negative
// integer below the int32 INF and duplicates keep their minimum (the bound
// holds for the arcs the matrix keeps).
ElementType ChooseDistanceType(const Graph& g, DuplicatePolicy duplicates);

}  // namespace gdist
