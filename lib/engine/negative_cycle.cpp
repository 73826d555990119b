#include "lib/engine/negative_cycle.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/graph/negative_cycle_walk.hpp"
#include "lib/util/int128.hpp"

namespace gdist {

namespace {

// Sums that cannot wrap: int32 in int64, int64 in __int128, float in double.
template <class T> struct Wide { using type = double; };
template <> struct Wide<std::int32_t> { using type = std::int64_t; };
template <> struct Wide<std::int64_t> { using type = Int128; };

constexpr double kFloatSlack = 1e-5;

}  // namespace

template <class T> bool NoNegativeCycle(const ArcList<T>& arcs, const MatrixView<T>& d) {
  using W = typename Wide<T>::type;
  const std::size_t n = arcs.n();
  if constexpr (std::is_floating_point_v<T>) {
    for (std::size_t i = 0; i < n; ++i) {
      const T x = d.row(i)[i];
      if (!(x >= T(0))) return false;  // negative or NaN
    }
  }
  // h(v) = min(0, min_u D[u][v]): a column slab per thread, rows read in order.
  std::vector<W> h(n, W(0));
  constexpr std::size_t kSlab = 512;
  const std::size_t slabs = (n + kSlab - 1) / kSlab;
#pragma omp parallel for schedule(dynamic, 1)
  for (std::size_t s = 0; s < slabs; ++s) {
    const std::size_t lo = s * kSlab, hi = std::min(n, lo + kSlab);
    for (std::size_t u = 0; u < n; ++u) {
      const T* row = d.row(u);
      for (std::size_t v = lo; v < hi; ++v) h[v] = std::min(h[v], static_cast<W>(row[v]));
    }
  }
  bool feasible = true;
#pragma omp parallel for schedule(dynamic, 64) reduction(&& : feasible)
  for (std::size_t u = 0; u < n; ++u) {
    for (std::uint64_t k = arcs.first[u]; k < arcs.first[u + 1]; ++k) {
      const W hv = h[arcs.head[k]], bound = h[u] + static_cast<W>(arcs.weight[k]);
      if constexpr (std::is_floating_point_v<T>) {
        const double slack = kFloatSlack * (std::fabs(hv) + std::fabs(h[u]) + std::fabs(double(arcs.weight[k])));
        feasible = feasible && !(hv > bound + slack) && !std::isnan(hv);
      } else {
        feasible = feasible && hv <= bound;
      }
    }
  }
  return feasible;
}

template <class T> std::optional<std::size_t> FindNegativeCycle(const ArcList<T>& arcs) {
  const std::size_t n = arcs.n();
  // Potentials in double: exact for every int32 path sum, and no wrap for int64.
  std::vector<double> h(n, 0.0);
  std::vector<std::size_t> pred(n, n);
  std::vector<std::size_t> seen;  // the walk's scratch
  for (std::size_t pass = 0; pass < n; ++pass) {
    bool changed = false;
    for (std::size_t u = 0; u < n; ++u) {
      const double hu = h[u];
      for (std::uint64_t k = arcs.first[u]; k < arcs.first[u + 1]; ++k) {
        const std::size_t v = arcs.head[k];
        const double cand = hu + static_cast<double>(arcs.weight[k]);
        if (cand < h[v]) {
          h[v] = cand;
          pred[v] = u;
          changed = true;
        }
      }
    }
    if (!changed) return std::nullopt;
    // A cycle of the predecessor graph is a negative cycle: look for one after
    // each pass, so a short cycle is named after a few passes, not n.
    if (const auto v = VertexOnParentCycle(pred, n, &seen)) return v;
  }
  return std::nullopt;  // unreachable with a negative cycle (the pass above finds it by pass n)
}

#define GDIST_INSTANTIATE(T)                                                 \
  template bool NoNegativeCycle<T>(const ArcList<T>&, const MatrixView<T>&); \
  template std::optional<std::size_t> FindNegativeCycle<T>(const ArcList<T>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
