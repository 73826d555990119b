#include "lib/road/phast_sweep.hpp"

#include "lib/util/isa_clones.hpp"

namespace gdist {

template <class W, std::size_t K>
GDIST_ISA_CLONES void SweepLines(const ContractionHierarchy<W>& ch, const HierarchyArcs<W>& arcs,
                                 const std::uint32_t* arc_vertex, const UpwardDistance<W>* upward,
                                 std::size_t upward_count, W* lines) {
  constexpr W kInf = ElementTraits<W>::kInf;
  const std::uint64_t* offsets = arcs.offsets.data();
  const W* weights = arcs.weights.data();
  const std::uint32_t* vertex_at = ch.vertex_at.data();
  std::size_t next = 0;
  for (std::size_t v = ch.n; v-- > 0;) {
    W* dv = lines + std::size_t{vertex_at[v]} * K;
#pragma omp simd
    for (std::size_t i = 0; i < K; ++i) dv[i] = kInf;
    for (; next < upward_count && upward[next].position == v; ++next) dv[upward[next].lane] = upward[next].distance;
    for (std::uint64_t a = offsets[v], e = offsets[v + 1]; a < e; ++a) {
      const W* du = lines + std::size_t{arc_vertex[a]} * K;
      const W w = weights[a];
#pragma omp simd
      for (std::size_t i = 0; i < K; ++i) {
        const W c = du[i] + w;  // INF + w stays >= INF: no overflow below 2 x INF
        dv[i] = c < dv[i] ? c : dv[i];
      }
    }
  }
}

template <class W, std::size_t K>
void WriteRows(std::size_t n, const W* lines, W* out, std::size_t stride, std::size_t count) {
  // Each row is written front to back (dense store streams), the lines read in order.
  for (std::size_t vertex = 0; vertex < n; ++vertex) {
    const W* line = lines + vertex * K;
    W* column = out + vertex;
    if (count == K) {
      for (std::size_t i = 0; i < K; ++i) column[i * stride] = line[i];
    } else {
      for (std::size_t i = 0; i < count; ++i) column[i * stride] = line[i];
    }
  }
}

#define GDIST_INSTANTIATE_K(W, K)                                                                               \
  template void SweepLines<W, K>(const ContractionHierarchy<W>&, const HierarchyArcs<W>&, const std::uint32_t*, \
                                 const UpwardDistance<W>*, std::size_t, W*);                                    \
  template void WriteRows<W, K>(std::size_t, const W*, W*, std::size_t, std::size_t);
#define GDIST_INSTANTIATE(W) \
  GDIST_INSTANTIATE_K(W, 1)  \
  GDIST_INSTANTIATE_K(W, kPhastLineBytes / sizeof(W))
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE
#undef GDIST_INSTANTIATE_K

}  // namespace gdist
