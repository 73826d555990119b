#include "lib/siting/min_knapsack.hpp"

#include <algorithm>
#include <cmath>

namespace gdist {

namespace {

bool WholeWeights(const std::vector<KnapsackItem>& items) {
  for (const KnapsackItem& it : items)
    if (std::floor(it.weight) != it.weight) return false;
  return true;
}

}  // namespace

double FractionalKnapsackValue(std::vector<KnapsackItem>& items, double capacity) {
  std::sort(items.begin(), items.end(), [](const KnapsackItem& a, const KnapsackItem& b) {
    return a.cost * b.weight < b.cost * a.weight;  // most negative cost per weight first
  });
  double value = 0, room = capacity;
  for (const KnapsackItem& it : items) {
    if (room <= 0) break;
    const double take = std::min(1.0, room / it.weight);
    value += take * it.cost;
    room -= take * it.weight;
  }
  return value;
}

KnapsackAnswer SolveMinKnapsack(std::vector<KnapsackItem>& items, double capacity, bool want_chosen) {
  KnapsackAnswer a;
  double total_weight = 0;
  for (const KnapsackItem& it : items) total_weight += it.weight;
  if (total_weight <= capacity) {  // all fit: the common case early in the subgradient
    for (const KnapsackItem& it : items) {
      a.value += it.cost;
      if (want_chosen) a.chosen.push_back(it.id);
    }
    return a;
  }
  const std::size_t cap = capacity >= 0 ? static_cast<std::size_t>(std::floor(capacity)) : 0;
  if (!WholeWeights(items) || items.size() * (cap + 1) > kMaxKnapsackCells) {
    a.exact = false;
    a.value = FractionalKnapsackValue(items, capacity);
    if (want_chosen) {  // the LP order's integer prefix: feasible, for the subgradient
      double room = capacity;
      for (const KnapsackItem& it : items)
        if (it.weight <= room) {
          room -= it.weight;
          a.chosen.push_back(it.id);
        }
    }
    return a;
  }
  // best[c]: least cost within weight c; took[i][c]: item i taken at c (for the choice).
  std::vector<double> best(cap + 1, 0.0);
  std::vector<char> took(want_chosen ? items.size() * (cap + 1) : 0, 0);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::size_t wi = static_cast<std::size_t>(items[i].weight);
    if (wi > cap) continue;
    for (std::size_t c = cap; c >= wi; --c) {
      const double v = best[c - wi] + items[i].cost;
      if (v < best[c]) {
        best[c] = v;
        if (want_chosen) took[i * (cap + 1) + c] = 1;
      }
      if (c == wi) break;
    }
  }
  a.value = best[cap];
  if (want_chosen) {
    std::size_t c = cap;
    for (std::size_t i = items.size(); i-- > 0;)
      if (took[i * (cap + 1) + c]) {
        a.chosen.push_back(items[i].id);
        c -= static_cast<std::size_t>(items[i].weight);
      }
  }
  return a;
}

}  // namespace gdist
