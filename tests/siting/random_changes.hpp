// Random but consistent batches of UserChange for the gain-table tests (CPU
// table against the plain terms loop, GPU table against the CPU one).
#pragma once
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "lib/siting/swap_terms.hpp"

namespace gdist {

// Random but consistent changes: d1 <= d2 from the model's range, slots < p.
inline std::vector<UserChange> RandomChanges(const std::vector<double>& weights, std::size_t slots, double top,
                                             bool with_old, std::mt19937_64& rng) {
  const std::size_t nd = weights.size();
  std::vector<UserChange> out;
  std::uniform_real_distribution<double> cost(0, top);
  for (std::size_t u = 0; u < nd; ++u) {
    if (rng() % 4 == 0) continue;
    UserChange ch;
    ch.user = static_cast<std::uint32_t>(u);
    ch.weight = weights[u];
    auto pair = [&](double* d1, double* d2) {
      double a = std::floor(cost(rng)), b = std::floor(cost(rng));
      *d1 = std::min(a, b);
      *d2 = std::max(a, b);
    };
    ch.new_slot = static_cast<std::uint32_t>(rng() % std::max<std::size_t>(slots, 1));
    pair(&ch.new_d1, &ch.new_d2);
    if (with_old) {
      ch.old_slot = static_cast<std::uint32_t>(rng() % std::max<std::size_t>(slots, 1));
      pair(&ch.old_d1, &ch.old_d2);
    }
    out.push_back(ch);
  }
  return out;
}

}  // namespace gdist
