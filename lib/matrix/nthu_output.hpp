// The NTHU course's APSP output: n*n int32 little endian, row-major, no
// header, INF = 1073741823 (= gdist's int32 INF), so results compare byte for
// byte with the published .out files.
#pragma once
#include <string>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

// Throws gdist::Error unless T is int32 (the format has no other type).
template <class T> void WriteNthuOutput(const std::string& path, const DistMatrix<T>& m);

}  // namespace gdist
