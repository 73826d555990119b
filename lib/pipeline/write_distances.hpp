// A distance matrix to the file format gapsp writes: .gdm (16 bits when every
// distance fits), nthu, npy, npz or csv.
#pragma once
#include <string>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/next_hop_matrix.hpp"

namespace gdist {

// Writes m to `path` in format `to` (gdm, nthu, npy, npz, csv); next: the next
// hops (gdm only), may be null. narrow: an int32 .gdm whose every distance fits
// 16 bits is written in 16 bits (docs/FORMAT.md), whichever engine computed it,
// so every engine writes the same bytes. as_float: npy and npz hold float64,
// inf for no path.
// `to` as given (gdm, nthu, npy, npz, csv), or for "auto" from OUT's extension
// (.csv, .npy, .npz; else gdm): a binary .gdm under a .csv name misled.
inline std::string MatrixOutputFormat(const std::string& to, const std::string& out) {
  if (to != "auto") return to;
  for (const char* ext : {"csv", "npy", "npz"})
    if (out.size() > 4 && out.compare(out.size() - 4, 4, std::string(".") + ext) == 0) return ext;
  return "gdm";
}

template <class T> void WriteDistances(const std::string& path, const std::string& to, const DistMatrix<T>& m,
                                       const NextHopMatrix* next, bool narrow, bool as_float = false);

}  // namespace gdist
