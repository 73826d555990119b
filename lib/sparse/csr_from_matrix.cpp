#include "lib/sparse/csr_from_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <thread>

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
  c.lon_lat = meta.lon_lat;
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

template <class W> AdjacencyScan ScanAdjacency(const MatrixView<W>& m, const MatrixMeta& meta, int threads) {
  constexpr W kInf = ElementTraits<W>::kInf;
  if (m.n > std::size_t{0xFFFFFFFEu}) throw Error("matrix input: more than 2^32-2 vertices");
  const int pool = threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::size_t arcs = 0;
  bool unit = true, negative = false, zero_diagonal = true;
  std::size_t negative_loop = m.n;  // the first vertex with a negative self-loop, if any
#pragma omp parallel for schedule(dynamic, 64) num_threads(pool) \
    reduction(+ : arcs) reduction(&& : unit, zero_diagonal) reduction(|| : negative) reduction(min : negative_loop)
  for (std::size_t u = 0; u < m.n; ++u) {
    const W* row = m.row(u);
    if (row[u] < W(0)) negative_loop = std::min(negative_loop, u);
    zero_diagonal = zero_diagonal && row[u] == W(0);
    std::size_t count = 0;
    bool row_unit = true, row_negative = false;
    for (std::size_t v = 0; v < m.n; ++v) {
      const W w = row[v];
      const bool arc = v != u && w < kInf;
      count += arc;
      row_unit = row_unit && (!arc || w == W(1));
      row_negative = row_negative || (arc && w < W(0));
    }
    arcs += count;
    unit = unit && row_unit;
    negative = negative || row_negative;
  }
  if (negative_loop < m.n)
    throw Error("negative cycle: vertex " + meta.labels.label(negative_loop) + " has a self-loop of weight " +
                std::to_string(m.row(negative_loop)[negative_loop]));
  return AdjacencyScan{arcs, unit, negative, zero_diagonal};
}

#define GDIST_INSTANTIATE(T) template CsrGraph<T> CsrFromAdjacency(const MatrixView<T>&, const MatrixMeta&, bool*);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE
#define GDIST_INSTANTIATE(T) template AdjacencyScan ScanAdjacency(const MatrixView<T>&, const MatrixMeta&, int);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
