#include "lib/paths/arc_list.hpp"

namespace gdist {

template <class T> ArcList<T> ArcsOfAdjacency(const MatrixView<T>& a) {
  const T inf = ElementTraits<T>::kInf;
  ArcList<T> arcs;
  arcs.first.assign(a.n + 1, 0);
  for (std::size_t u = 0; u < a.n; ++u) {
    const T* row = a.row(u);
    for (std::size_t v = 0; v < a.n; ++v)
      if (v != u && row[v] < inf) {
        arcs.head.push_back(static_cast<std::uint32_t>(v));
        arcs.weight.push_back(row[v]);
      }
    arcs.first[u + 1] = arcs.head.size();
  }
  return arcs;
}

template ArcList<std::int32_t> ArcsOfAdjacency<std::int32_t>(const MatrixView<std::int32_t>&);
template ArcList<std::int64_t> ArcsOfAdjacency<std::int64_t>(const MatrixView<std::int64_t>&);
template ArcList<float> ArcsOfAdjacency<float>(const MatrixView<float>&);

}  // namespace gdist
