// The adjacency matrix of CSR arcs, on the host: INF everywhere, 0 on the
// diagonal (padding included), then each arc's weight at (u, v). The CSR
// graph has one arc per ordered pair and no self-loops (lib/sparse/csr_graph.hpp),
// so the order of the writes does not matter. The device build
// (kernels/cuda/adjacency_build.cu) is its twin: the same matrix, byte for byte.
#pragma once
#include <cstddef>

#include "lib/graph/csr.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

template <class W> void FillAdjacency(const CsrView<W>& arcs, DistMatrix<W>& m) {
  m.Reset();
  for (std::size_t u = 0; u < arcs.n; ++u)
    for (std::uint64_t a = arcs.offsets[u]; a < arcs.offsets[u + 1]; ++a) m.at(u, arcs.targets[a]) = arcs.weights[a];
}

}  // namespace gdist
