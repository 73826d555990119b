#include "lib/matrix/next_hop_matrix.hpp"

#include <algorithm>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

NextHopMatrix::NextHopMatrix(std::size_t n) : n_(n), stride_(PaddedSize(n)), buf_(MatrixBytesOrThrow<std::int32_t>(n)) {
  // Rows in parallel: first-touching 1 GiB (n = 16384) from one thread is slow.
  const long long rows = static_cast<long long>(stride_);
#pragma omp parallel for schedule(static) if (rows >= 1024)
  for (long long i = 0; i < rows; ++i) std::fill(row(i), row(i) + stride_, kNoHop);
}

}  // namespace gdist
