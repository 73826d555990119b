#include "lib/engine/negative_cycle.hpp"

#include <vector>

namespace gdist {

template <class T> std::optional<std::size_t> FindNegativeCycle(const MatrixView<T>& a) {
  const std::size_t n = a.n;
  const T inf = ElementTraits<T>::kInf;
  // Potentials in double: exact for every int32 path sum, and no wrap for int64.
  std::vector<double> h(n, 0.0);
  std::vector<std::size_t> pred(n, n);
  std::size_t last_changed = n;
  for (std::size_t pass = 0; pass < n; ++pass) {
    last_changed = n;
    for (std::size_t u = 0; u < n; ++u) {
      const T* row = a.row(u);
      const double hu = h[u];
      for (std::size_t v = 0; v < n; ++v) {
        if (row[v] == inf || u == v) continue;
        double cand = hu + static_cast<double>(row[v]);
        if (cand < h[v]) {
          h[v] = cand;
          pred[v] = u;
          last_changed = v;
        }
      }
    }
    if (last_changed == n) return std::nullopt;
  }
  // Still relaxing after n passes: walking n predecessors back lands on the cycle.
  std::size_t v = last_changed;
  for (std::size_t i = 0; i < n; ++i) v = pred[v];
  return v;
}

template std::optional<std::size_t> FindNegativeCycle<std::int32_t>(const MatrixView<std::int32_t>&);
template std::optional<std::size_t> FindNegativeCycle<std::int64_t>(const MatrixView<std::int64_t>&);
template std::optional<std::size_t> FindNegativeCycle<float>(const MatrixView<float>&);
template std::optional<std::size_t> FindNegativeCycle<double>(const MatrixView<double>&);

}  // namespace gdist
