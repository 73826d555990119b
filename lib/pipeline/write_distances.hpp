// A distance matrix to the file format gapsp writes: .gdm (16 bits when every
// distance fits), nthu, npy or csv.
#pragma once
#include <string>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/next_hop_matrix.hpp"

namespace gdist {

// Writes m to `path` in format `to` (gdm, nthu, npy, csv); next: the next hops
// (gdm only), may be null. narrow: an int32 .gdm whose every distance fits 16
// bits is written in 16 bits (docs/FORMAT.md), whichever engine computed it,
// so every engine writes the same bytes.
template <class T> void WriteDistances(const std::string& path, const std::string& to, const DistMatrix<T>& m,
                                       const NextHopMatrix* next, bool narrow);

}  // namespace gdist
