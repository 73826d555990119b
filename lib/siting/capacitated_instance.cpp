#include "lib/siting/capacitated_instance.hpp"

namespace gdist {

bool CheckSolution(const CapacitatedInstance& inst, CapacitatedSolution* s) {
  if (s->site_of.size() != inst.nd || s->open.size() != inst.sites) return false;
  std::vector<char> open(inst.m, 0);
  for (std::uint32_t k : s->open) {
    if (k >= inst.m || open[k]) return false;
    open[k] = 1;
  }
  for (std::size_t k = 0; k < inst.m; ++k)
    if (inst.fixed[k] && !open[k]) return false;
  std::vector<double> load(inst.m, 0.0);
  double total = 0;
  for (std::size_t u = 0; u < inst.nd; ++u) {
    const std::uint32_t k = s->site_of[u];
    if (k >= inst.m || !open[k] || !inst.Serves(u, k)) return false;
    load[k] += inst.weight[u];
    total += inst.PairCost(u, k);
  }
  for (std::size_t k = 0; k < inst.m; ++k)
    if (load[k] > inst.capacity[k]) return false;
  s->objective = total;
  return true;
}

}  // namespace gdist
