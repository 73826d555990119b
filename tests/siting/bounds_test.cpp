// Every bound against the brute force (lib/siting/exact_search) on small
// random instances: a lower bound above the true optimum (an upper bound
// below it, for max-cover) fails, and so does `optimal` on a non-optimal
// answer. The proofs (--exact) must reach the optimum from a bad start, and
// the integer programs must equal the brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "lib/siting/cover_lists.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/siting/lagrangian_bound.hpp"
#include "lib/siting/max_cover_proof.hpp"
#include "lib/siting/median_branch_and_bound.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/testing/exact_search.hpp"
#include "tests/siting/small_graphs.hpp"

namespace gdist {
namespace {

struct Instance {
  testing::SmallGraph g;
  SitingInput input;
};

Instance MakeInstance(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Instance c;
  const std::size_t n = 9 + rng() % 6;
  const bool directed = rng() % 2;
  c.g = testing::RandomGraph(n, directed, 0.45, 25, seed * 104729 + 3);
  c.input.symmetric = !directed;
  c.input.direction = rng() % 2 ? Direction::kOut : Direction::kIn;
  c.input.threads = 2;
  std::vector<double> w(n);
  for (auto& x : w) x = static_cast<double>(rng() % 5);
  w[0] = 2;
  c.input.weights = w;
  if (rng() % 3 == 0) c.input.fixed = {static_cast<std::uint32_t>(rng() % n)};
  return c;
}

constexpr double kEps = 1e-9;

// The bar of a p-median run (issue #29: it sat at 95% for seconds while the
// bound ran unreported): the local search, then the Lagrangian bound's own
// phase, each fraction within [0, 1] and never going back, the bound's at
// least its share of the iterations (MedianProofOptions::root_iterations).
TEST(Bounds, ProgressReportsTheBoundPhaseAndNeverGoesBack) {
  const testing::SmallGraph g = testing::RandomGraph(60, false, 0.2, 50, 29);
  SitingInput input;
  input.symmetric = true;
  input.threads = 2;
  const SitingProblem<std::int32_t> prob(g.matrix.view(), input);
  std::vector<std::string> phases;
  std::vector<SitingProgress> bound;
  SitingOptions options;
  options.max_rounds = 30;
  options.progress = [&](const SitingProgress& p) {
    if (phases.empty() || phases.back() != p.phase) phases.push_back(p.phase);
    EXPECT_GE(p.fraction, 0) << p.phase;
    EXPECT_LE(p.fraction, 1) << p.phase;
    if (std::string(p.phase) == "lower bound") bound.push_back(p);
  };
  const SitingResult r = SolvePMedian(prob, 5, options);
  ASSERT_TRUE(r.has_bound());
  ASSERT_EQ(phases, (std::vector<std::string>{"local search", "lower bound"}));
  ASSERT_FALSE(bound.empty());
  const double iterations = static_cast<double>(MedianProofOptions{}.root_iterations);
  for (std::size_t i = 0; i < bound.size(); ++i) {
    EXPECT_EQ(bound[i].steps, i);
    EXPECT_GE(bound[i].fraction, static_cast<double>(i) / iterations);
    if (i > 0) {
      EXPECT_GE(bound[i].fraction, bound[i - 1].fraction);
    }
  }
}

TEST(Bounds, NeverCrossTheOptimum) {
  int median_proven = 0, center_proven = 0, checked = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Instance c = MakeInstance(seed);
    const SitingProblem<std::int32_t> prob(c.g.matrix.view(), c.input);
    SCOPED_TRACE("seed " + std::to_string(seed));
    for (std::size_t p = 1; p <= 3; ++p) {
      SitingOptions heuristic;
      heuristic.max_rounds = 50;
      SitingOptions exact = heuristic;
      exact.exact = true;
      const double median_opt = ExactSearch(prob, p, ExactObjective::kWeightedSum).objective;
      if (std::isfinite(median_opt)) {
        const SitingResult h = SolvePMedian(prob, p, heuristic);
        if (h.has_bound()) {
          EXPECT_LE(h.bound, median_opt + kEps) << "p-median lower bound above the optimum, p=" << p;
          if (h.optimal) {
            EXPECT_EQ(h.objective, median_opt);
          }
          median_proven += h.optimal;
        }
        const SitingResult e = SolvePMedian(prob, p, exact);
        EXPECT_TRUE(e.optimal) << "p-median --exact, p=" << p;
        EXPECT_EQ(e.objective, median_opt);
        EXPECT_EQ(e.bound, median_opt);
        ++checked;
      }
      bool reachable = true;  // p-center needs every demand reached by some candidate
      for (std::size_t u = 0; u < prob.num_demands(); ++u) {
        bool any = false;
        for (std::size_t k = 0; k < prob.num_candidates(); ++k)
          any |= SitingProblem<std::int32_t>::Reachable(prob.Cost(u, k));
        reachable &= any;
      }
      if (reachable) {
        const double center_opt = ExactSearch(prob, p, ExactObjective::kMaxDistance).objective;
        const SitingResult h = SolvePCenter(prob, p, heuristic);
        ASSERT_TRUE(h.has_bound());
        EXPECT_LE(h.bound, center_opt + kEps) << "p-center lower bound above the optimum, p=" << p;
        if (h.optimal) {
          EXPECT_EQ(h.objective, center_opt);
        }
        center_proven += h.optimal;
        // Proven by CBC, or without it by the own maximal-covering branch and bound.
        const SitingResult e = SolvePCenter(prob, p, exact);
        EXPECT_TRUE(e.optimal) << "p-center --exact, p=" << p;
        EXPECT_EQ(e.objective, center_opt);
      }
      const double radius = 12 + 6 * static_cast<double>(p);
      const double cover_opt = ExactSearch(prob, p, ExactObjective::kCoveredWeight, radius).objective;
      const SitingResult mh = SolveMaxCover(prob, radius, p, heuristic);
      if (mh.has_bound()) {
        EXPECT_GE(mh.bound, cover_opt - kEps) << "max-cover upper bound below the optimum, p=" << p;
        if (mh.optimal) {
          EXPECT_EQ(mh.objective, cover_opt);
        }
      }
      const SitingResult me = SolveMaxCover(prob, radius, p, exact);  // the own Lagrangian proof
      EXPECT_TRUE(me.optimal) << "max-cover --exact, p=" << p;
      EXPECT_EQ(me.objective, cover_opt);
    }
  }
  EXPECT_GT(checked, 40);
  // The bounds are not vacuous: most small instances are proven without --exact.
  EXPECT_GT(median_proven, checked / 3);
  if (HaveMipSolver()) {  // p-center's bound without --exact is the covering LP's (CLP)
    EXPECT_GT(center_proven, 10);
  }
}

// LSCP: the LP bound never exceeds the fewest sites, and CBC finds that number.
TEST(Bounds, SetCoverLpAndIntegerProgramAgainstEnumeration) {
  if (!HaveMipSolver()) GTEST_SKIP() << "built without COIN-OR CBC";
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Instance c = MakeInstance(seed);
    const SitingProblem<std::int32_t> prob(c.g.matrix.view(), c.input);
    for (double radius : {10.0, 20.0, 35.0}) {
      const std::optional<CoverLists> lists = BuildCoverLists(prob, radius, 1 << 20);
      bool coverable = true;
      for (std::size_t u = 0; u < lists->nd; ++u) coverable &= lists->num_covering(u) > 0;
      if (!coverable) continue;
      double fewest = -1;  // by enumeration over increasing counts
      for (std::size_t p = 0; prob.fixed().size() + p <= prob.num_candidates(); ++p)
        if (ExactSearch(prob, p, ExactObjective::kCoveredWeight, radius).objective >= prob.total_weight() - kEps) {
          fewest = static_cast<double>(prob.fixed().size() + p);
          break;
        }
      ASSERT_GE(fewest, 0);
      MipOptions lp;
      lp.relax = true;
      const MipAnswer relaxed = SolveMinCoverMip(*lists, prob.fixed(), lp);
      ASSERT_EQ(relaxed.status, MipAnswer::Status::kOptimal);
      EXPECT_LE(relaxed.objective, fewest + 1e-6) << "seed " << seed << " R=" << radius;
      const MipAnswer ip = SolveMinCoverMip(*lists, prob.fixed(), MipOptions{});
      ASSERT_EQ(ip.status, MipAnswer::Status::kOptimal);
      EXPECT_EQ(static_cast<double>(ip.sites.size()), fewest) << "seed " << seed << " R=" << radius;
      SitingOptions exact;
      exact.exact = true;
      const SitingResult r = SolveCover(prob, radius, exact);
      EXPECT_TRUE(r.optimal);
      EXPECT_EQ(r.objective, fewest);
      const SitingResult h = SolveCover(prob, radius, SitingOptions{});
      ASSERT_TRUE(h.has_bound());
      EXPECT_LE(h.bound, fewest);
      ++compared;
    }
  }
  EXPECT_GT(compared, 20);
}

// The branch and bound reaches the optimum from the worst start (the first
// p candidates), whatever the heuristic would have found.
TEST(Bounds, MedianBranchAndBoundFromABadIncumbent) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Instance c = MakeInstance(seed);
    c.input.fixed.clear();
    const SitingProblem<std::int32_t> prob(c.g.matrix.view(), c.input);
    for (std::size_t p = 2; p <= 4; ++p) {
      const double opt = ExactSearch(prob, p, ExactObjective::kWeightedSum).objective;
      if (!std::isfinite(opt)) continue;
      const std::optional<SortedCosts> costs = BuildSortedCosts(prob, 1e6);
      ASSERT_TRUE(costs);
      std::vector<std::uint32_t> start;
      for (std::uint32_t k = 0; k < p; ++k) start.push_back(k);
      // The bare Lagrangian bound, from multipliers of that start.
      MedianLagrangian lag(*costs, p, 1);
      std::vector<double> lambda = StartMultipliers(lag, start);
      std::vector<FacilityState> state(costs->m, FacilityState::kFree);
      double upper = lag.Objective(start);
      std::vector<std::uint32_t> incumbent = start;
      const LagrangianPoint pt = RunSubgradient(lag, state, &lambda, &upper, &incumbent, 1e300, SubgradientOptions{});
      EXPECT_LE(pt.bound, opt + kEps) << "seed " << seed << " p=" << p;
      EXPECT_GE(upper, opt - kEps);
      const MedianProof proof = ProveMedian(*costs, {}, p, start, MedianProofOptions{}, 1);
      EXPECT_TRUE(proof.complete);
      EXPECT_EQ(proof.upper, opt) << "seed " << seed << " p=" << p;
      EXPECT_EQ(proof.lower_bound, opt) << "seed " << seed << " p=" << p;
      EXPECT_EQ(Assign(prob, proof.sites).total, opt);
    }
  }
}

// MCLP: CBC's program (dominated candidates left out, whole weights stopping
// one unit short, the answer padded to p sites), its LP and the Lagrangian
// proof against the enumeration, p up to the number of candidates;
// fractional weights too.
TEST(Bounds, MaxCoverIntegerProgramAgainstEnumeration) {
  if (!HaveMipSolver()) GTEST_SKIP() << "built without COIN-OR CBC";
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    Instance c = MakeInstance(seed);
    if (seed % 4 == 0)
      for (double& w : *c.input.weights) w = w * 0.75 + 0.125;
    const SitingProblem<std::int32_t> prob(c.g.matrix.view(), c.input);
    std::vector<double> weights(prob.num_demands());
    for (std::size_t u = 0; u < weights.size(); ++u) weights[u] = prob.weight(u);
    for (double radius : {10.0, 20.0, 35.0}) {
      const std::optional<CoverLists> lists = BuildCoverLists(prob, radius, 1 << 20);
      for (std::size_t p :
           {std::size_t{1}, std::size_t{2}, std::size_t{4}, prob.num_candidates() - prob.fixed().size()}) {
        SCOPED_TRACE("seed " + std::to_string(seed) + " R=" + std::to_string(radius) + " p=" + std::to_string(p));
        const double best = ExactSearch(prob, p, ExactObjective::kCoveredWeight, radius).objective;
        MipOptions lp;
        lp.relax = true;
        const MipAnswer relaxed = SolveMaxCoverMip(*lists, weights, prob.fixed(), p, lp);
        ASSERT_EQ(relaxed.status, MipAnswer::Status::kOptimal);
        EXPECT_GE(relaxed.objective, best - 1e-6);
        const MipAnswer ip = SolveMaxCoverMip(*lists, weights, prob.fixed(), p, MipOptions{});
        ASSERT_EQ(ip.status, MipAnswer::Status::kOptimal);
        EXPECT_NEAR(ip.objective, best, 1e-9);
        EXPECT_NEAR(ip.bound, best, 1e-9);
        std::vector<std::uint32_t> sites = ip.sites;
        std::sort(sites.begin(), sites.end());
        EXPECT_EQ(std::unique(sites.begin(), sites.end()), sites.end());
        EXPECT_EQ(sites.size(), p + prob.fixed().size());
        for (std::uint32_t k : prob.fixed()) EXPECT_TRUE(std::binary_search(sites.begin(), sites.end(), k));
        EXPECT_NEAR(Assign(prob, ip.sites, radius).covered_weight, best, 1e-9);
        // The Lagrangian proof (0/1 p-median on the reduced rows) from the worst start.
        std::vector<std::uint32_t> worst = prob.fixed();
        for (std::uint32_t k = 0; worst.size() < prob.fixed().size() + p; ++k)
          if (std::find(worst.begin(), worst.end(), k) == worst.end()) worst.push_back(k);
        const std::optional<MaxCoverProof> proof = ProveMaxCover(*lists, weights, prob.fixed(), p, worst, 0, 0, 2);
        ASSERT_TRUE(proof);
        EXPECT_TRUE(proof->complete);
        EXPECT_NEAR(proof->covered, best, 1e-9);
        EXPECT_GE(proof->upper_bound, best - 1e-9);
        EXPECT_LE(proof->upper_bound, best + 1e-6);
        ASSERT_EQ(proof->sites.size(), p + prob.fixed().size());
        EXPECT_NEAR(Assign(prob, proof->sites, radius).covered_weight, best, 1e-9);
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 200);
}

// Weighted costs of a demands x candidates matrix as the bound keeps them
// (rows ascending), built here from the dense matrix.
SortedCosts SortRows(std::size_t nd, std::size_t m, const std::vector<double>& dense) {
  SortedCosts c = SortedCosts::Sized(nd, m);
  for (std::size_t u = 0; u < nd; ++u) {
    std::vector<std::pair<double, std::uint32_t>> row;
    for (std::uint32_t k = 0; k < m; ++k) row.emplace_back(dense[u * m + k], k);
    std::sort(row.begin(), row.end());
    c.SetRow(u, row);
  }
  return c;
}

// The tree itself: a starved root (few subgradient steps) leaves a gap, so
// the proof must branch and run sub-trees on two threads; a full root closes
// candidates, which the tree then drops from its rows. Rectangular matrices (more demands than candidates, points
// in the plane, integer costs) against the enumeration of every p-subset.
TEST(Bounds, MedianTreeOnRectangularCostsMatchesEnumeration) {
  std::size_t branched = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    std::mt19937_64 rng(seed);
    const std::size_t nd = 30 + rng() % 20, m = 14 + rng() % 6, p = 2 + rng() % 4;
    std::vector<double> dx(nd), dy(nd), cx(m), cy(m), dense(nd * m);
    for (std::size_t u = 0; u < nd; ++u) dx[u] = rng() % 100, dy[u] = rng() % 100;
    for (std::size_t k = 0; k < m; ++k) cx[k] = rng() % 100, cy[k] = rng() % 100;
    for (std::size_t u = 0; u < nd; ++u)
      for (std::size_t k = 0; k < m; ++k)
        dense[u * m + k] = (1 + rng() % 3) * std::round(std::hypot(dx[u] - cx[k], dy[u] - cy[k]));
    const SortedCosts costs = SortRows(nd, m, dense);
    // Enumerate every p-subset of candidates.
    double opt = INFINITY;
    std::vector<char> pick(m, 0);
    std::fill(pick.end() - static_cast<std::ptrdiff_t>(p), pick.end(), 1);
    do {
      double total = 0;
      for (std::size_t u = 0; u < nd; ++u) {
        double best = INFINITY;
        for (std::size_t k = 0; k < m; ++k)
          if (pick[k]) best = std::min(best, dense[u * m + k]);
        total += best;
      }
      opt = std::min(opt, total);
    } while (std::next_permutation(pick.begin(), pick.end()));
    std::vector<std::uint32_t> start;  // the worst start: the first p candidates
    for (std::uint32_t k = 0; k < p; ++k) start.push_back(k);
    for (const auto& [threads, root_iterations] : {std::pair{1, 15}, std::pair{2, 15}, std::pair{2, 400}}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " threads " + std::to_string(threads) + " root steps " +
                   std::to_string(root_iterations));
      MedianProofOptions o;
      o.root_iterations = static_cast<std::size_t>(root_iterations);
      o.node_iterations = 10;
      o.parallel_node_reads = 0;  // these small trees too run as tasks on the second thread
      const MedianProof proof = ProveMedian(costs, {}, p, start, o, threads);
      EXPECT_TRUE(proof.complete);
      EXPECT_EQ(proof.upper, opt);
      EXPECT_EQ(proof.lower_bound, opt);
      EXPECT_LE(proof.root_bound, opt);
      ASSERT_EQ(proof.sites.size(), p);
      double total = 0;
      for (std::size_t u = 0; u < nd; ++u) {
        double best = INFINITY;
        for (std::uint32_t k : proof.sites) best = std::min(best, dense[u * m + k]);
        total += best;
      }
      EXPECT_EQ(total, opt);
      branched += proof.nodes > 1;
    }
  }
  EXPECT_GT(branched, 6u);  // the trees were exercised, not only roots
}

// The decision "is there a solution below c?" (MedianProofOptions::cutoff, the
// p-center's cover decision): at c = the optimum the search must end complete
// with no solution below and a bound of at least c; at c = optimum + 1 it must
// return a solution below c. Against the enumeration of every p-subset.
TEST(Bounds, MedianCutoffDecidesAgainstEnumeration) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    std::mt19937_64 rng(seed + 100);
    const std::size_t nd = 25 + rng() % 15, m = 12 + rng() % 5, p = 2 + rng() % 3;
    std::vector<double> dense(nd * m);
    for (double& c : dense) c = static_cast<double>(rng() % 40);
    const SortedCosts costs = SortRows(nd, m, dense);
    auto cost_of = [&](const std::vector<std::uint32_t>& sites) {
      double total = 0;
      for (std::size_t u = 0; u < nd; ++u) {
        double best = INFINITY;
        for (std::uint32_t k : sites) best = std::min(best, dense[u * m + k]);
        total += best;
      }
      return total;
    };
    double opt = INFINITY;
    std::vector<char> pick(m, 0);
    std::fill(pick.end() - static_cast<std::ptrdiff_t>(p), pick.end(), 1);
    do {
      std::vector<std::uint32_t> s;
      for (std::uint32_t k = 0; k < m; ++k)
        if (pick[k]) s.push_back(k);
      opt = std::min(opt, cost_of(s));
    } while (std::next_permutation(pick.begin(), pick.end()));
    std::vector<std::uint32_t> start;
    for (std::uint32_t k = 0; k < p; ++k) start.push_back(k);
    for (int threads : {1, 2}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " threads " + std::to_string(threads));
      MedianProofOptions o;
      o.root_iterations = 20;  // a starved root: the cutoff must hold in the tree too
      o.node_iterations = 10;
      o.parallel_node_reads = 0;
      o.cutoff = opt;
      const MedianProof none = ProveMedian(costs, {}, p, start, o, threads);
      EXPECT_TRUE(none.complete);
      EXPECT_GE(none.lower_bound, opt);
      EXPECT_GE(none.upper, opt);
      o.cutoff = opt + 1;
      const MedianProof found = ProveMedian(costs, {}, p, start, o, threads);
      EXPECT_LT(found.upper, opt + 1);
      ASSERT_EQ(found.sites.size(), p);
      EXPECT_EQ(cost_of(found.sites), found.upper);
    }
  }
}

// Dense 0/1 covering (points in the unit square, radius 0.45: about half
// the candidates cover a demand, as on pmed26 at the 10-center radius): the root's reduction rounds drop candidates and
// the rows that then list theirs alike merge. Against the enumeration of every p-subset, with integer and fractional
// weights.
TEST(Bounds, MaxCoverProofOnDenseCoverMatchesEnumeration) {
  std::size_t branched = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    std::mt19937_64 rng(seed * 7919);
    const std::size_t nd = 60 + rng() % 30, m = 16 + rng() % 5, p = 2 + rng() % 3;
    std::vector<double> x(nd + m), y(nd + m);  // demands, then candidates, in the unit square
    for (std::size_t i = 0; i < nd + m; ++i) x[i] = (rng() % 1000) / 1000.0, y[i] = (rng() % 1000) / 1000.0;
    CoverLists L;
    L.nd = nd;
    L.m = m;
    std::vector<std::vector<std::uint32_t>> by_cand(m);
    L.by_demand_start.push_back(0);
    for (std::size_t u = 0; u < nd; ++u) {
      for (std::uint32_t k = 0; k < m; ++k)
        if (std::hypot(x[u] - x[nd + k], y[u] - y[nd + k]) < 0.45) {
          L.by_demand.push_back(k);
          by_cand[k].push_back(static_cast<std::uint32_t>(u));
        }
      L.by_demand_start.push_back(L.by_demand.size());
    }
    L.by_cand_start.push_back(0);
    for (const auto& list : by_cand) {
      L.by_cand.insert(L.by_cand.end(), list.begin(), list.end());
      L.by_cand_start.push_back(L.by_cand.size());
    }
    std::vector<double> weights(nd);
    for (double& w : weights) w = seed % 2 ? static_cast<double>(1 + rng() % 4) : 0.25 + 0.5 * (rng() % 7);
    double best = 0;
    std::vector<char> pick(m, 0);
    std::fill(pick.end() - static_cast<std::ptrdiff_t>(p), pick.end(), 1);
    do {
      double covered = 0;
      for (std::size_t u = 0; u < nd; ++u)
        if (std::any_of(L.covering(u), L.covering(u) + L.num_covering(u), [&](std::uint32_t k) { return pick[k]; }))
          covered += weights[u];
      best = std::max(best, covered);
    } while (std::next_permutation(pick.begin(), pick.end()));
    std::vector<std::uint32_t> start;  // the worst start: the first p candidates
    for (std::uint32_t k = 0; k < p; ++k) start.push_back(k);
    for (int threads : {1, 2}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " threads " + std::to_string(threads));
      const std::optional<MaxCoverProof> proof = ProveMaxCover(L, weights, {}, p, start, 0, 0, threads);
      ASSERT_TRUE(proof);
      EXPECT_TRUE(proof->complete);
      EXPECT_NEAR(proof->covered, best, 1e-9);
      EXPECT_GE(proof->upper_bound, best - 1e-9);
      EXPECT_LE(proof->upper_bound, best + 1e-6);
      branched += proof->nodes > 1;
    }
  }
  EXPECT_GT(branched, 10u);  // the trees were exercised, not only roots
}

// Merged rows keep every open set's cost: 0/1 rows (many alike once
// candidates leave) and integer rows with repeated orders, each p-subset of
// the kept candidates priced on both.
TEST(Bounds, KeepCandidatesMergesRowsWithoutChangingAnyCost) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    std::mt19937_64 rng(seed);
    const std::size_t nd = 40, m = 12, p = 3;
    std::vector<double> dense(nd * m);
    for (std::size_t u = 0; u < nd; ++u)
      for (std::size_t k = 0; k < m; ++k)
        dense[u * m + k] =
            seed % 2 ? static_cast<double>(rng() % 2) * (1 + u % 3) : static_cast<double>(k * (1 + u % 4));
    const SortedCosts costs = SortRows(nd, m, dense);
    std::vector<std::uint32_t> keep;
    for (std::uint32_t k = 0; k < m; ++k)
      if (k % 3 != 1) keep.push_back(k);
    std::vector<std::uint32_t> row_of;
    const SortedCosts merged = KeepCandidates(costs, keep, &row_of);
    const SortedCosts plain = KeepCandidates(costs, keep);
    SCOPED_TRACE("seed " + std::to_string(seed));
    EXPECT_LT(merged.nd, nd);  // these rows do repeat
    ASSERT_EQ(row_of.size(), nd);
    for (std::size_t r = 0; r < merged.nd; ++r)
      EXPECT_TRUE(std::is_sorted(merged.row_cost(r), merged.row_cost(r) + merged.m));
    const MedianLagrangian a(merged, p, 1), b(plain, p, 1);
    std::vector<char> pick(keep.size(), 0);
    std::fill(pick.end() - static_cast<std::ptrdiff_t>(p), pick.end(), 1);
    do {
      std::vector<std::uint32_t> sites;
      double direct = 0;
      for (std::uint32_t i = 0; i < keep.size(); ++i)
        if (pick[i]) sites.push_back(i);
      for (std::size_t u = 0; u < nd; ++u) {
        double best = INFINITY;
        for (std::uint32_t i : sites) best = std::min(best, dense[u * m + keep[i]]);
        direct += best;
      }
      EXPECT_EQ(a.Objective(sites), direct);
      EXPECT_EQ(b.Objective(sites), direct);
    } while (std::next_permutation(pick.begin(), pick.end()));
  }
}

}  // namespace
}  // namespace gdist
