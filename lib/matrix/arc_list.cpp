#include "lib/matrix/arc_list.hpp"

#include <omp.h>

#include "lib/core/element_traits.hpp"
#include "lib/util/error.hpp"
#include "lib/util/host_memory.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

// Two parallel passes over the rows (count, then fill at the prefix-sum
// offsets): on a dense 16384-vertex graph the single-threaded version took
// longer than the GPU's whole Floyd-Warshall.
template <class T> ArcList<T> ArcsOfAdjacency(const MatrixView<T>& a) {
  return ArcsOfAdjacency(a, HostMemoryAvailable());
}

template <class T> ArcList<T> ArcsOfAdjacency(const MatrixView<T>& a, std::optional<std::uint64_t> bytes_available) {
  const T inf = ElementTraits<T>::kInf;
  const std::size_t n = a.n;
  ArcList<T> arcs;
  arcs.first.assign(n + 1, 0);
#pragma omp parallel for schedule(static)
  for (std::size_t u = 0; u < n; ++u) {
    const T* row = a.row(u);
    std::size_t count = 0;
#pragma omp simd reduction(+ : count)
    for (std::size_t v = 0; v < n; ++v) count += (v != u && row[v] < inf) ? 1 : 0;
    arcs.first[u + 1] = count;
  }
  for (std::size_t u = 0; u < n; ++u) arcs.first[u + 1] += arcs.first[u];
  // Counted in full (at most n^2 < 2^64 arcs), so the sum below cannot wrap.
  const std::uint64_t bytes = ArcListBytes<T>(n, arcs.first[n]);
  if (bytes_available && bytes > *bytes_available)
    throw Error("keeping the graph's " + std::to_string(arcs.first[n]) + " arcs (for the negative-cycle check or " +
                OptionText(Option::kPaths) + ") needs " + DescribeBytes(bytes) +
                " beside the matrix; this machine has " + DescribeBytes(*bytes_available) +
                " available (a machine with more memory, or fewer arcs)");
  arcs.head.resize(arcs.first[n]);
  arcs.weight.resize(arcs.first[n]);
#pragma omp parallel for schedule(static)
  for (std::size_t u = 0; u < n; ++u) {
    const T* row = a.row(u);
    std::size_t out = arcs.first[u];
    for (std::size_t v = 0; v < n; ++v)
      if (v != u && row[v] < inf) {
        arcs.head[out] = static_cast<std::uint32_t>(v);
        arcs.weight[out] = row[v];
        ++out;
      }
  }
  return arcs;
}

#define GDIST_INSTANTIATE(T)                                    \
  template ArcList<T> ArcsOfAdjacency<T>(const MatrixView<T>&); \
  template ArcList<T> ArcsOfAdjacency<T>(const MatrixView<T>&, std::optional<std::uint64_t>);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
