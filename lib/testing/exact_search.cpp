#include "lib/testing/exact_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/core/element_traits.hpp"
#include "lib/siting/cost_models.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

double Binomial(std::size_t m, std::size_t p) {
  if (p > m) return 0;
  p = std::min(p, m - p);
  double r = 1;
  for (std::size_t i = 1; i <= p; ++i) r = r * static_cast<double>(m - p + i) / static_cast<double>(i);
  return std::round(r);
}

namespace {

struct Enumerator {
  std::size_t nd, m, p;
  const std::vector<double>* cost;  // nd x m, row-major, unreachable = +inf
  const std::vector<double>* weight;
  std::vector<std::uint32_t> free;  // candidates that may be chosen
  ExactObjective objective;
  double radius;
  std::vector<std::vector<double>> best_at;  // per depth: each demand's best cost so far
  std::vector<std::uint32_t> chosen, best_sites;
  double best = 0;
  bool have_best = false;

  double Score(const std::vector<double>& d) const {
    double s = 0;
    for (std::size_t u = 0; u < nd; ++u) {
      const double w = (*weight)[u];
      switch (objective) {
        case ExactObjective::kWeightedSum: s += w * d[u]; break;  // +inf when a demand is unserved
        case ExactObjective::kMaxDistance: s = std::max(s, d[u]); break;
        case ExactObjective::kCoveredWeight: s -= d[u] <= radius ? w : 0; break;  // minimised
      }
    }
    return s;
  }

  void Recurse(std::size_t depth, std::size_t start) {
    if (depth == p) {
      const double s = Score(best_at[depth]);
      if (!have_best || s < best) {
        best = s;
        best_sites = chosen;
        have_best = true;
      }
      return;
    }
    for (std::size_t i = start; i + (p - depth) <= free.size(); ++i) {
      const std::uint32_t k = free[i];
      const std::vector<double>& prev = best_at[depth];
      std::vector<double>& next = best_at[depth + 1];
      for (std::size_t u = 0; u < nd; ++u) next[u] = std::min(prev[u], (*cost)[u * m + k]);
      chosen.push_back(k);
      Recurse(depth + 1, i + 1);
      chosen.pop_back();
    }
  }
};

}  // namespace

template <class T>
ExactAnswer ExactSearch(const SitingProblem<T>& prob, std::size_t p, ExactObjective objective, double radius) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  const std::vector<std::uint32_t>& fixed = prob.fixed();
  if (fixed.size() + p > m) throw Error("more sites asked for than there are candidates");
  const double leaves = Binomial(m - fixed.size(), p);
  if (leaves * static_cast<double>(std::max<std::size_t>(nd, 1)) > kExactWorkLimit)
    throw Error(OptionText(Option::kExact) + ": " +
                (leaves < 1e15 ? std::to_string(static_cast<std::uint64_t>(leaves)) : FormatNumber(leaves, 3)) +
                " site sets of " + std::to_string(nd) + " demands is too many to enumerate; drop " +
                OptionText(Option::kExact) + " for the heuristic");
  if (static_cast<double>(nd) * static_cast<double>(m) > 5e7)
    throw Error(OptionText(Option::kExact) + ": instance too large");
  std::vector<double> cost(nd * m);
  for (std::size_t u = 0; u < nd; ++u)
    for (std::size_t k = 0; k < m; ++k) {
      const T v = prob.Cost(u, k);
      cost[u * m + k] =
          SitingProblem<T>::Reachable(v) ? static_cast<double>(v) : std::numeric_limits<double>::infinity();
    }
  Enumerator e{nd, m, p, &cost, &prob.weights(), {}, objective, radius, {}, {}, {}, 0, false};
  std::vector<char> is_fixed(m, 0);
  for (std::uint32_t k : fixed) is_fixed[k] = 1;
  for (std::size_t k = 0; k < m; ++k)
    if (!is_fixed[k]) e.free.push_back(static_cast<std::uint32_t>(k));
  e.best_at.assign(p + 1, std::vector<double>(nd, std::numeric_limits<double>::infinity()));
  for (std::uint32_t k : fixed)
    for (std::size_t u = 0; u < nd; ++u) e.best_at[0][u] = std::min(e.best_at[0][u], cost[u * m + k]);
  e.Recurse(0, 0);
  ExactAnswer a;
  a.sites = fixed;
  a.sites.insert(a.sites.end(), e.best_sites.begin(), e.best_sites.end());
  a.objective = objective == ExactObjective::kCoveredWeight ? -e.best : e.best;
  return a;
}

#define GDIST_INSTANTIATE(T) \
  template ExactAnswer ExactSearch(const SitingProblem<T>&, std::size_t, ExactObjective, double);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
