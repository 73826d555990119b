#include "lib/siting/capacitated_fixing.hpp"

#include <algorithm>
#include <cmath>

namespace gdist {

FixedColumns FixColumns(const CapacitatedInstance& inst, const CapacitatedPoint& pt, double threshold) {
  const std::size_t nd = inst.nd, m = inst.m;
  FixedColumns f;
  f.keep_pair.assign(nd * m, 0);
  f.closed.assign(m, 0);
  f.forced_open.assign(m, 0);
  std::vector<double> base(m);  // each site's bound when open
  for (std::size_t k = 0; k < m; ++k) {
    if (pt.opened[k]) {
      base[k] = pt.bound;
      if (!inst.fixed[k] && pt.bound - pt.site_value[k] + pt.best_closed > threshold) f.forced_open[k] = 1;
    } else {
      base[k] = pt.bound - pt.worst_opened + pt.site_value[k];
      if (!(base[k] <= threshold)) f.closed[k] = 1;  // also when no site is free to swap (worst = -inf)
    }
  }
  for (std::size_t u = 0; u < nd; ++u) {
    bool served = false;
    for (std::size_t k = 0; k < m; ++k) {
      if (f.closed[k] || !inst.Serves(u, k)) continue;
      const double rc = inst.PairCost(u, k) - pt.lambda[u];
      if (base[k] + std::max(rc, 0.0) > threshold) continue;
      f.keep_pair[u * m + k] = 1;
      ++f.pairs_kept;
      served = true;
    }
    if (!served) f.some_demand_unserved = true;
  }
  return f;
}

}  // namespace gdist
