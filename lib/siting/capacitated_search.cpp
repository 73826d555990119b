#include "lib/siting/capacitated_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/siting/deadline.hpp"

namespace gdist {

std::optional<CapacitatedSolution> ServeFromSites(const CapacitatedInstance& inst, std::vector<std::uint32_t> open,
                                                  const std::vector<std::uint32_t>* hint) {
  std::sort(open.begin(), open.end());
  std::vector<int> index_of(inst.m, -1);
  for (std::size_t i = 0; i < open.size(); ++i) index_of[open[i]] = static_cast<int>(i);
  std::vector<double> load(inst.m, 0.0);
  CapacitatedSolution s;
  s.open = open;
  s.site_of.assign(inst.nd, kUnassigned);
  auto fits = [&](std::size_t u, std::uint32_t k) {
    return inst.Serves(u, k) && load[k] + inst.weight[u] <= inst.capacity[k];
  };
  auto put = [&](std::size_t u, std::uint32_t k) {
    s.site_of[u] = k;
    load[k] += inst.weight[u];
  };
  if (hint)
    for (std::size_t u = 0; u < inst.nd; ++u) {
      const std::uint32_t k = (*hint)[u];
      if (k != kUnassigned && index_of[k] >= 0 && fits(u, k)) put(u, k);
    }
  // The rest by regret (second-cheapest less cheapest site): the demands that
  // lose most by missing their best site choose first.
  std::vector<std::pair<double, std::uint32_t>> order;
  for (std::size_t u = 0; u < inst.nd; ++u) {
    if (s.site_of[u] != kUnassigned) continue;
    double c1 = std::numeric_limits<double>::infinity(), c2 = c1;
    for (std::uint32_t k : open)
      if (inst.Serves(u, k)) {
        const double c = inst.PairCost(u, k);
        if (c < c1) {
          c2 = c1;
          c1 = c;
        } else if (c < c2) {
          c2 = c;
        }
      }
    if (!std::isfinite(c1)) return std::nullopt;  // no open site can serve u
    order.push_back(
        {std::isfinite(c2) ? c2 - c1 : std::numeric_limits<double>::infinity(), static_cast<std::uint32_t>(u)});
  }
  std::sort(order.begin(), order.end(),
            [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
  for (const auto& [regret, u] : order) {
    std::uint32_t best = kUnassigned;
    for (std::uint32_t k : open)
      if (fits(u, k) && (best == kUnassigned || inst.PairCost(u, k) < inst.PairCost(u, best))) best = k;
    if (best != kUnassigned) {
      put(u, best);
      continue;
    }
    // Repair: make room at one site by moving one of its demands to another
    // site with room, at the least added cost.
    double best_extra = std::numeric_limits<double>::infinity();
    std::uint32_t at = kUnassigned, moved = kUnassigned, to = kUnassigned;
    for (std::uint32_t j : open) {
      if (!inst.Serves(u, j)) continue;
      const double need = load[j] + inst.weight[u] - inst.capacity[j];
      for (std::size_t v = 0; v < inst.nd; ++v) {
        if (s.site_of[v] != j || inst.weight[v] < need) continue;
        for (std::uint32_t l : open) {
          if (l == j || !fits(v, l)) continue;
          const double extra = inst.PairCost(u, j) + inst.PairCost(v, l) - inst.PairCost(v, j);
          if (extra < best_extra) {
            best_extra = extra;
            at = j;
            moved = static_cast<std::uint32_t>(v);
            to = l;
          }
        }
      }
    }
    if (at == kUnassigned) return std::nullopt;
    load[at] -= inst.weight[moved];
    put(moved, to);
    put(u, at);
  }
  if (!CheckSolution(inst, &s)) return std::nullopt;
  return s;
}

void ImproveAssignment(const CapacitatedInstance& inst, CapacitatedSolution* s) {
  std::vector<double> load(inst.m, 0.0);
  for (std::size_t u = 0; u < inst.nd; ++u) load[s->site_of[u]] += inst.weight[u];
  // A move must gain more than rounding: costs are sums of products.
  const double eps = 1e-9 * (std::fabs(s->objective) + 1);
  std::vector<std::vector<std::uint32_t>> members(inst.m);
  for (int pass = 0; pass < 30; ++pass) {
    bool improved = false;
    for (std::size_t u = 0; u < inst.nd; ++u) {  // shifts
      const std::uint32_t a = s->site_of[u];
      std::uint32_t best = a;
      double best_cost = inst.PairCost(u, a);
      for (std::uint32_t k : s->open)
        if (k != a && inst.Serves(u, k) && load[k] + inst.weight[u] <= inst.capacity[k] &&
            inst.PairCost(u, k) < best_cost - eps) {
          best = k;
          best_cost = inst.PairCost(u, k);
        }
      if (best == a) continue;
      load[a] -= inst.weight[u];
      load[best] += inst.weight[u];
      s->site_of[u] = best;
      improved = true;
    }
    for (auto& v : members) v.clear();
    for (std::size_t u = 0; u < inst.nd; ++u) members[s->site_of[u]].push_back(static_cast<std::uint32_t>(u));
    for (std::size_t u = 0; u < inst.nd; ++u) {  // swaps: u to a cheaper site j, one of j's demands to u's site
      const std::uint32_t a = s->site_of[u];
      const double cu = inst.PairCost(u, a);
      bool swapped = false;
      for (std::uint32_t j : s->open) {
        if (j == a || !inst.Serves(u, j) || inst.PairCost(u, j) >= cu) continue;
        for (std::uint32_t& v : members[j]) {
          if (!inst.Serves(v, a)) continue;
          const double wu = inst.weight[u], wv = inst.weight[v];
          if (load[a] - wu + wv > inst.capacity[a] || load[j] - wv + wu > inst.capacity[j]) continue;
          const double delta = inst.PairCost(u, j) + inst.PairCost(v, a) - cu - inst.PairCost(v, j);
          if (delta >= -eps) continue;
          load[a] += wv - wu;
          load[j] += wu - wv;
          s->site_of[u] = j;
          s->site_of[v] = a;
          auto& ma = members[a];
          *std::find(ma.begin(), ma.end(), static_cast<std::uint32_t>(u)) = v;
          v = static_cast<std::uint32_t>(u);  // members[j]: u in v's place
          swapped = improved = true;
          break;
        }
        if (swapped) break;
      }
    }
    if (!improved) break;
  }
  CheckSolution(inst, s);  // the objective, recomputed from the assignment
}

std::vector<std::uint32_t> SpreadSites(const CapacitatedInstance& inst) {
  std::vector<char> open(inst.m, 0);
  std::vector<std::uint32_t> sites;
  std::vector<double> dearest(inst.nd, std::numeric_limits<double>::infinity());  // per demand, from the chosen
  auto add = [&](std::uint32_t k) {
    open[k] = 1;
    sites.push_back(k);
    for (std::size_t u = 0; u < inst.nd; ++u)
      if (inst.Serves(u, k)) dearest[u] = std::min(dearest[u], inst.PairCost(u, k));
  };
  for (std::size_t k = 0; k < inst.m; ++k)
    if (inst.fixed[k]) add(static_cast<std::uint32_t>(k));
  std::vector<char> spent(inst.nd, 0);  // demands whose every candidate is open already
  while (sites.size() < inst.sites) {
    std::size_t far = inst.nd;
    for (std::size_t u = 0; u < inst.nd; ++u)
      if (!spent[u] && (far == inst.nd || dearest[u] > dearest[far])) far = u;
    if (far == inst.nd) break;
    std::uint32_t pick = kUnassigned;
    for (std::size_t k = 0; k < inst.m; ++k)
      if (!open[k] && inst.Serves(far, k) && (pick == kUnassigned || inst.PairCost(far, k) < inst.PairCost(far, pick)))
        pick = static_cast<std::uint32_t>(k);
    if (pick == kUnassigned) {
      spent[far] = 1;
      continue;
    }
    add(pick);
  }
  for (std::size_t k = 0; k < inst.m && sites.size() < inst.sites; ++k)  // demands ran out: any free ones
    if (!open[k]) add(static_cast<std::uint32_t>(k));
  return sites;
}

void LocateAllocate(const CapacitatedInstance& inst, CapacitatedSolution* s, double deadline) {
  for (int round = 0; round < kLocateRounds; ++round) {
    if (deadline > 0 && SteadySeconds() >= deadline) return;
    std::vector<std::vector<std::uint32_t>> members(inst.m);
    for (std::size_t u = 0; u < inst.nd; ++u) members[s->site_of[u]].push_back(static_cast<std::uint32_t>(u));
    std::vector<char> open(inst.m, 0);
    for (std::uint32_t k : s->open) open[k] = 1;
    std::vector<std::uint32_t> moved_to(inst.m, kUnassigned);
    std::vector<std::uint32_t> sites = s->open;
    bool moved = false;
    for (std::uint32_t& k : sites) {
      if (inst.fixed[k] || members[k].empty()) continue;
      double load = 0, best_cost = 0;
      for (std::uint32_t u : members[k]) {
        load += inst.weight[u];
        best_cost += inst.PairCost(u, k);
      }
      std::uint32_t best = k;
      for (std::size_t j = 0; j < inst.m; ++j) {
        if (open[j] || inst.capacity[j] < load) continue;
        double c = 0;
        for (std::uint32_t u : members[k]) {
          c += inst.PairCost(u, j);  // +inf where j cannot reach u
          if (!(c < best_cost)) break;
        }
        if (c < best_cost) {
          best_cost = c;
          best = static_cast<std::uint32_t>(j);
        }
      }
      if (best == k) continue;
      open[k] = 0;
      open[best] = 1;
      moved_to[k] = best;
      k = best;
      moved = true;
    }
    if (!moved) return;
    std::vector<std::uint32_t> hint = s->site_of;
    for (std::uint32_t& k : hint)
      if (moved_to[k] != kUnassigned) k = moved_to[k];
    std::optional<CapacitatedSolution> t = ServeFromSites(inst, sites, &hint);
    if (!t) return;
    ImproveAssignment(inst, &*t);
    if (!(t->objective < s->objective - 1e-9 * (std::fabs(s->objective) + 1))) return;
    *s = std::move(*t);
  }
}

void ImproveSites(const CapacitatedInstance& inst, const std::vector<std::uint32_t>& candidates, CapacitatedSolution* s,
                  std::size_t max_tries, double deadline) {
  std::size_t tries = 0;
  for (bool improved = true; improved;) {
    improved = false;
    std::vector<char> open(inst.m, 0);
    for (std::uint32_t k : s->open) open[k] = 1;
    for (std::size_t i = 0; i < s->open.size() && !improved; ++i) {
      const std::uint32_t out = s->open[i];
      if (inst.fixed[out]) continue;
      for (std::uint32_t in : candidates) {
        if (open[in]) continue;
        if (++tries > max_tries || (deadline > 0 && SteadySeconds() >= deadline)) return;
        std::vector<std::uint32_t> sites = s->open;
        sites[i] = in;
        std::vector<std::uint32_t> hint = s->site_of;
        for (std::uint32_t& k : hint)
          if (k == out) k = kUnassigned;
        std::optional<CapacitatedSolution> t = ServeFromSites(inst, sites, &hint);
        if (!t) continue;
        ImproveAssignment(inst, &*t);
        if (t->objective < s->objective - 1e-9 * (std::fabs(s->objective) + 1)) {
          *s = std::move(*t);
          improved = true;
          break;
        }
      }
    }
  }
}

}  // namespace gdist
