#include "lib/road/phast_sweep.hpp"

#include "lib/util/isa_clones.hpp"

namespace gdist {

template <class W, std::size_t K>
GDIST_ISA_CLONES void SweepDown(const ContractionHierarchy<W>& ch, const HierarchyArcs<W>& arcs,
                                const UpwardDistance<W>* upward, std::size_t upward_count, W* lines, W* out,
                                std::size_t stride, std::size_t count) {
  constexpr W kInf = ElementTraits<W>::kInf;
  const std::uint64_t* offsets = arcs.offsets.data();
  const std::uint32_t* ends = arcs.ends.data();
  const W* weights = arcs.weights.data();
  std::size_t next = 0;
  for (std::size_t v = ch.n; v-- > 0;) {
    W* dv = lines + v * K;
#pragma omp simd
    for (std::size_t i = 0; i < K; ++i) dv[i] = kInf;
    for (; next < upward_count && upward[next].position == v; ++next) dv[upward[next].lane] = upward[next].distance;
    for (std::uint64_t a = offsets[v], e = offsets[v + 1]; a < e; ++a) {
      const W* du = lines + std::size_t{ends[a]} * K;
      const W w = weights[a];
#pragma omp simd
      for (std::size_t i = 0; i < K; ++i) {
        const W c = du[i] + w;  // INF + w stays >= INF: no overflow below 2 x INF
        dv[i] = c < dv[i] ? c : dv[i];
      }
    }
  }
  // Rows in original vertex order: each row is written front to back (dense
  // store streams), the lines are read in the order of the original ids.
  const std::uint32_t* position_of = ch.position_of.data();
  for (std::size_t vertex = 0; vertex < ch.n; ++vertex) {
    const W* line = lines + std::size_t{position_of[vertex]} * K;
    W* column = out + vertex;
    if (count == K) {
      for (std::size_t i = 0; i < K; ++i) column[i * stride] = line[i];
    } else {
      for (std::size_t i = 0; i < count; ++i) column[i * stride] = line[i];
    }
  }
}

#define GDIST_INSTANTIATE(W)                                                                                       \
  template void SweepDown<W, 1>(const ContractionHierarchy<W>&, const HierarchyArcs<W>&, const UpwardDistance<W>*, \
                                std::size_t, W*, W*, std::size_t, std::size_t);                                    \
  template void SweepDown<W, 64 / sizeof(W)>(const ContractionHierarchy<W>&, const HierarchyArcs<W>&,              \
                                             const UpwardDistance<W>*, std::size_t, W*, W*, std::size_t, std::size_t);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
