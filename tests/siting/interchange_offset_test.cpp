// The interchange stops at a local optimum however large the costs are: a
// common offset on every cost (10^12 here) scales the objective, not what a
// swap saves, so a stopping tolerance relative to the objective would miss
// improving swaps (issue 26). Checked against every single swap of the
// answer, priced exactly here.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <random>
#include <string>

#include "lib/siting/cost_models.hpp"
#include "lib/siting/greedy_add.hpp"
#include "lib/siting/interchange.hpp"
#include "lib/siting/siting_models.hpp"

namespace gdist {
namespace {

constexpr double kOffset = 1e12;

// sum_u w_u min_{k in sites} cost[u][k], exact: the costs are offset + small
// multiples of 1/2 and their sums stay below 2^53 / 2^8.
template <class T> double Objective(const std::vector<T>& costs, std::size_t m, const std::vector<double>& w,
                                    const std::vector<std::uint32_t>& sites) {
  double total = 0;
  for (std::size_t u = 0; u < w.size(); ++u) {
    T best = costs[u * m + sites[0]];
    for (std::uint32_t k : sites) best = std::min(best, costs[u * m + k]);
    total += w[u] * static_cast<double>(best);
  }
  return total;
}

template <class T> void ExpectLocalOptimumDespiteOffset(double step) {
  std::size_t checked = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t nd = 30, m = 12, p = 3;
    // Demand-major costs: nd rows of m candidates (direction in, candidates = all columns).
    std::vector<T> costs(nd * m);
    for (T& c : costs) c = static_cast<T>(kOffset + step * static_cast<double>(rng() % 40));
    std::vector<double> w(nd);
    for (double& x : w) x = static_cast<double>(1 + rng() % 3);
    // A square matrix whose first nd rows are the demands and first m columns the candidates.
    const std::size_t n = nd;
    std::vector<T> square(n * n, ElementTraits<T>::kInf);
    for (std::size_t u = 0; u < nd; ++u)
      for (std::size_t k = 0; k < m; ++k) square[u * n + k] = costs[u * m + k];
    SitingInput in;
    in.direction = Direction::kIn;
    in.threads = 1;
    in.weights = w;
    std::vector<std::uint32_t> cand(m);
    for (std::uint32_t k = 0; k < m; ++k) cand[k] = k;
    in.candidates = cand;
    const SitingProblem<T> prob(MatrixView<T>{square.data(), n, n}, in);
    ASSERT_EQ(prob.cost_offset(), 0);  // the solvers see the offset (no shift below 2^53)
    const MedianCost<T> model{UnreachablePenalty(prob.max_finite())};
    SwapSearchOptions so;  // the local search alone: no perturbation rounds
    const std::vector<std::uint32_t> sites = SwapSearch(prob, model, GreedyAdd(prob, model, p), 0, so);
    const double value = Objective(costs, m, w, sites);
    for (std::size_t slot = 0; slot < p; ++slot)
      for (std::uint32_t k = 0; k < m; ++k) {
        if (std::find(sites.begin(), sites.end(), k) != sites.end()) continue;
        std::vector<std::uint32_t> swapped = sites;
        swapped[slot] = k;
        EXPECT_GE(Objective(costs, m, w, swapped), value) << "swap slot " << slot << " -> candidate " << k;
        ++checked;
      }
  }
  EXPECT_GT(checked, 500u);
}

TEST(InterchangeOffset, WholeCostsWithALargeOffsetReachALocalOptimum) {
  ExpectLocalOptimumDespiteOffset<std::int64_t>(1.0);
}

TEST(InterchangeOffset, FloatCostsWithALargeOffsetReachALocalOptimum) { ExpectLocalOptimumDespiteOffset<double>(0.5); }

// The whole model on offset costs against an enumeration of every p-set:
// the heuristic answer with its bound, and --exact, are the optimum (and
// --exact proves it), whole and fractional costs.
template <class T> void ExpectOptimumDespiteOffset(double step) {
  std::size_t proven = 0;
  for (std::uint64_t seed = 1; seed <= 25; ++seed) {
    std::mt19937_64 rng(seed * 7919);
    const std::size_t nd = 8 + rng() % 6, m = 5 + rng() % 3, p = 1 + rng() % 3;
    std::vector<T> costs(nd * m);
    for (T& c : costs) c = static_cast<T>(kOffset + step * static_cast<double>(rng() % 40));
    std::vector<double> w(nd);
    for (double& x : w) x = static_cast<double>(1 + rng() % 3);
    std::vector<T> square(nd * nd, ElementTraits<T>::kInf);  // demand rows, the first m columns candidates
    for (std::size_t u = 0; u < nd; ++u)
      for (std::size_t k = 0; k < m; ++k) square[u * nd + k] = costs[u * m + k];
    SitingInput in;
    in.direction = Direction::kIn;
    in.threads = 1;
    in.weights = w;
    std::vector<std::uint32_t> cand(m);
    for (std::uint32_t k = 0; k < m; ++k) cand[k] = k;
    in.candidates = cand;
    const SitingProblem<T> prob(MatrixView<T>{square.data(), nd, nd}, in);
    double optimum = -1;
    std::vector<std::uint32_t> s;
    std::function<void(std::uint32_t)> each = [&](std::uint32_t from) {
      if (s.size() == p) {
        const double v = Objective(costs, m, w, s);
        if (optimum < 0 || v < optimum) optimum = v;
        return;
      }
      for (std::uint32_t k = from; k < m; ++k) {
        s.push_back(k);
        each(k + 1);
        s.pop_back();
      }
    };
    each(0);
    for (bool exact : {false, true}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + (exact ? " exact" : ""));
      SitingOptions o;
      o.exact = exact;
      o.time_limit_s = 1;
      const SitingResult r = SolvePMedian(prob, p, o);
      EXPECT_EQ(r.objective, optimum);
      ASSERT_TRUE(r.has_bound());
      EXPECT_LE(r.bound, optimum);
      if (exact) {
        EXPECT_TRUE(r.optimal) << "bound " << r.bound << " by " << r.bound_method;
      }
      proven += r.optimal;
    }
  }
  // Every --exact run (without it the bound's rounding slack, relative to
  // the 10^13 objective, rarely lets the bound alone prove it).
  EXPECT_GE(proven, 25u);
}

TEST(InterchangeOffset, WholeCostsWithALargeOffsetGiveTheEnumerationsOptimum) {
  ExpectOptimumDespiteOffset<std::int64_t>(1.0);
}

TEST(InterchangeOffset, FloatCostsWithALargeOffsetGiveTheEnumerationsOptimum) {
  ExpectOptimumDespiteOffset<double>(0.5);
}

// The proof on offset costs (issue 26): with every cost 10^12 + a
// geometric distance, --exact proved nothing in 5 s (54,000 nodes, the
// rounding slack 10^-9 of a 1.2 x 10^14 bound); with each row's smallest
// cost taken out of the proof's rows it is proven, and is the enumeration's
// optimum over all 142,506 site sets.
TEST(InterchangeOffset, ExactProvesOffsetCostsQuickly) {
  const std::size_t nd = 120, m = 30, p = 5;
  std::mt19937_64 rng(11);
  std::vector<int> x(nd + m), y(nd + m);
  for (std::size_t i = 0; i < nd + m; ++i) x[i] = static_cast<int>(rng() % 1000), y[i] = static_cast<int>(rng() % 1000);
  std::vector<std::int64_t> costs(nd * m);
  for (std::size_t u = 0; u < nd; ++u)
    for (std::size_t k = 0; k < m; ++k)
      costs[u * m + k] = static_cast<std::int64_t>(kOffset) + std::abs(x[u] - x[nd + k]) + std::abs(y[u] - y[nd + k]);
  const std::vector<double> w(nd, 1.0);
  std::vector<std::int64_t> square(nd * nd, ElementTraits<std::int64_t>::kInf);
  for (std::size_t u = 0; u < nd; ++u)
    for (std::size_t k = 0; k < m; ++k) square[u * nd + k] = costs[u * m + k];
  SitingInput in;
  in.direction = Direction::kIn;
  in.weights = w;
  std::vector<std::uint32_t> cand(m);
  for (std::uint32_t k = 0; k < m; ++k) cand[k] = k;
  in.candidates = cand;
  const SitingProblem<std::int64_t> prob(MatrixView<std::int64_t>{square.data(), nd, nd}, in);
  double optimum = -1;
  std::vector<std::uint32_t> s;
  std::function<void(std::uint32_t)> each = [&](std::uint32_t from) {
    if (s.size() == p) {
      const double v = Objective(costs, m, w, s);
      if (optimum < 0 || v < optimum) optimum = v;
      return;
    }
    for (std::uint32_t k = from; k < m; ++k) {
      s.push_back(k);
      each(k + 1);
      s.pop_back();
    }
  };
  each(0);
  SitingOptions o;
  o.exact = true;
  o.proof_time_limit_s = 5;
  const SitingResult r = SolvePMedian(prob, p, o);
  EXPECT_TRUE(r.optimal) << "bound " << r.bound << " by " << r.bound_method;
  EXPECT_EQ(r.objective, optimum);
  EXPECT_EQ(r.bound, optimum);
}

}  // namespace
}  // namespace gdist
