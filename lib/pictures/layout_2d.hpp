// 2-D positions for drawing a graph known only by its distances: Pivot MDS
// (Brandes & Pich 2006, "Eigensolver methods for progressive multidimensional
// scaling of large data"): classical MDS on the n x k distances to k pivots
// chosen farthest-first, so it costs O(n k) matrix reads, fine for any matrix
// gcenter can open. Used when the input has no coordinates of its own.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

using Point2 = std::pair<double, double>;

// Directed matrices are symmetrised as (d(i,p) + d(p,i)) / 2; unreachable
// pairs are placed at 1.5 x the largest finite distance.
template <class T> std::vector<Point2> PivotMdsLayout(const MatrixView<T>& d, std::size_t pivots = 50);

}  // namespace gdist
