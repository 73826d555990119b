#include "lib/sparse/csr_from_matrix.hpp"

#include <cmath>
#include <string>

#include "lib/core/element_traits.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class W> CsrGraph<W> CsrFromAdjacency(const MatrixView<W>& m, const MatrixMeta& meta, bool* zero_diagonal) {
  constexpr W kInf = ElementTraits<W>::kInf;
  if (m.n > std::size_t{0xFFFFFFFEu}) throw Error("matrix input: more than 2^32-2 vertices");
  CsrGraph<W> c;
  c.n = m.n;
  c.directed = true;  // the stored arcs as they are; in-arcs by transposing them
  c.labels = meta.labels;
  c.decimal_scale = meta.decimal_scale;
  *zero_diagonal = true;
  c.out.offsets.assign(m.n + 1, 0);
  for (std::size_t u = 0; u < m.n; ++u) {
    const W* row = m.row(u);
    if (row[u] < W(0))
      throw Error("negative cycle: vertex " + meta.labels.label(u) + " has a self-loop of weight " +
                  std::to_string(row[u]));
    if (row[u] != W(0)) *zero_diagonal = false;
    for (std::size_t v = 0; v < m.n; ++v) {
      const W w = row[v];
      if (v == u || !(w < kInf)) continue;
      c.out.targets.push_back(static_cast<std::uint32_t>(v));
      c.out.weights.push_back(w);
      if (w != W(1)) c.unit_weights = false;
      if (w < W(0)) c.has_negative = true;
      const W a = w < W(0) ? W(-w) : w;
      if (a > c.max_abs_weight) c.max_abs_weight = a;
    }
    c.out.offsets[u + 1] = c.out.targets.size();
  }
  c.in = TransposeArcs(m.n, c.out);
  return c;
}

#define GDIST_INSTANTIATE(T) template CsrGraph<T> CsrFromAdjacency(const MatrixView<T>&, const MatrixMeta&, bool*);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
