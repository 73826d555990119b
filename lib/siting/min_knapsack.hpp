// The 0-1 knapsack of one site in the capacitated p-median's Lagrangian bound
// (capacitated_lagrangian.hpp): choose the demands a site serves, each of a
// negative reduced cost, within the site's capacity, at the least total cost.
// Exact by dynamic programming over the capacity when the weights are whole
// numbers and the table is small; otherwise the LP (fractional) value, which
// is below the exact one and so still a valid part of a lower bound.
#pragma once
#include <cstdint>
#include <vector>

namespace gdist {

struct KnapsackItem {
  std::uint32_t id = 0;  // the caller's (a demand)
  double weight = 0;     // > 0
  double cost = 0;       // < 0: only such items can lower the value
};

struct KnapsackAnswer {
  double value = 0;  // least total cost (<= 0); exact, or the LP value when !exact
  bool exact = true;
  std::vector<std::uint32_t> chosen;  // ids of an integer-feasible choice (the optimum when exact)
};

// Largest DP table (items x capacity cells) solved exactly; past it, the LP value.
inline constexpr std::size_t kMaxKnapsackCells = std::size_t{1} << 22;

// `items` is reordered. `want_chosen`: also return the choice (costs a table of cells).
KnapsackAnswer SolveMinKnapsack(std::vector<KnapsackItem>& items, double capacity, bool want_chosen);

// The LP value alone (items reordered by cost per weight): a lower bound of the exact value.
double FractionalKnapsackValue(std::vector<KnapsackItem>& items, double capacity);

}  // namespace gdist
