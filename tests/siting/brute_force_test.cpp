// Every siting model against an exhaustive search written here on the
// reference distances of small_graphs.hpp (not on the engine's matrix, and
// not through lib/siting/exact_search): random graphs, directed and not, both
// directions, demand weights with zeros, candidate subsets and fixed sites.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>

#include "lib/siting/covering_mip.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"
#include "tests/siting/site_sets.hpp"
#include "tests/siting/small_graphs.hpp"

namespace gdist {
namespace {

using testing::kNoPath;
using testing::SmallGraph;

struct Case {
  SmallGraph g;
  SitingInput input;
  std::vector<double> w;            // per vertex
  std::vector<std::uint32_t> cand;  // candidate vertices
};

Case MakeCase(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Case c;
  const std::size_t n = 8 + rng() % 6;
  const bool directed = rng() % 2;
  c.g = testing::RandomGraph(n, directed, 0.3, 20, seed * 7919 + 1);
  c.input.symmetric = !directed;
  c.input.direction = rng() % 2 ? Direction::kOut : Direction::kIn;
  c.input.threads = 2;
  c.w.resize(n);
  for (auto& x : c.w) x = static_cast<double>(rng() % 4);  // weight 0: not demand
  c.w[0] = 1;
  c.input.weights = c.w;
  if (rng() % 2) {
    for (std::uint32_t v = 0; v < n; ++v)
      if (rng() % 3) c.cand.push_back(v);
    if (c.cand.size() < 4) c.cand = {0, 1, 2, 3};
    c.input.candidates = c.cand;
  } else {
    for (std::uint32_t v = 0; v < n; ++v) c.cand.push_back(v);
  }
  if (rng() % 3 == 0) c.input.fixed = {c.cand[rng() % c.cand.size()]};
  return c;
}

// d(u served from f) in the requested direction, on the reference distances.
std::int64_t Cost(const Case& c, std::uint32_t u, std::uint32_t f) {
  return c.input.direction == Direction::kOut ? c.g.dist[f][u] : c.g.dist[u][f];
}

// Calls visit(S) for every set of p free candidates plus the fixed ones.
void ForEachSiteSet(const Case& c, std::size_t p, const std::function<void(const std::vector<std::uint32_t>&)>& visit) {
  testing::ForEachSiteSet(c.cand, c.input.fixed, p, visit);
}

std::int64_t Nearest(const Case& c, std::uint32_t u, const std::vector<std::uint32_t>& s) {
  std::int64_t best = kNoPath;
  for (std::uint32_t f : s) best = std::min(best, Cost(c, u, f));
  return best;
}

double BruteMedian(const Case& c, std::size_t p) {
  double best = 1e300;
  ForEachSiteSet(c, p, [&](const std::vector<std::uint32_t>& s) {
    double total = 0;
    for (std::uint32_t u = 0; u < c.g.n; ++u)
      if (c.w[u] > 0) total += c.w[u] * static_cast<double>(Nearest(c, u, s));
    best = std::min(best, total);
  });
  return best;
}

double BruteCenter(const Case& c, std::size_t p) {
  double best = 1e300;
  ForEachSiteSet(c, p, [&](const std::vector<std::uint32_t>& s) {
    double worst = 0;
    for (std::uint32_t u = 0; u < c.g.n; ++u)
      if (c.w[u] > 0) worst = std::max(worst, static_cast<double>(Nearest(c, u, s)));
    best = std::min(best, worst);
  });
  return best;
}

double BruteMaxCover(const Case& c, std::size_t p, double radius) {
  auto nearest = [&](std::uint32_t u, const std::vector<std::uint32_t>& s) { return Nearest(c, u, s); };
  return testing::BestCoverage(c.cand, c.input.fixed, p, c.w, radius, nearest);
}
double BruteCover(const Case& c, double radius) {
  auto nearest = [&](std::uint32_t u, const std::vector<std::uint32_t>& s) { return Nearest(c, u, s); };
  return testing::FewestCoveringSites(c.cand, c.input.fixed, c.w, radius, nearest);
}

// The answer's proof against the exhaustive optimum: a bound never on the far
// side of it, `optimal` only on the optimum, and --exact always proven.
void ExpectHonestBound(const SitingResult& r, double optimum, bool exact, const std::string& what) {
  SCOPED_TRACE(what);
  if (r.has_bound()) {
    ASSERT_TRUE(std::isfinite(r.bound)) << "an infinite bound is no bound";
    if (r.bound_is_upper) EXPECT_GE(r.bound, optimum - 1e-9);
    else EXPECT_LE(r.bound, optimum + 1e-9);
  }
  if (r.optimal) {
    EXPECT_EQ(r.objective, optimum);
  }
  if (exact) {
    EXPECT_TRUE(r.optimal) << "objective " << r.objective << " bound " << r.bound;
  }
}

enum class Solver { kHeuristic, kExact, kHeuristicOnGpu };
class BruteForce : public ::testing::TestWithParam<Solver> {};

TEST_P(BruteForce, EveryModelMatchesExhaustiveSearch) {
  SitingOptions options;
  options.exact = GetParam() == Solver::kExact;
  const bool gpu = GetParam() == Solver::kHeuristicOnGpu;
  if (gpu && !ProbeGpu().usable) GTEST_SKIP() << "no usable GPU: " << ProbeGpu().reason;
  options.max_rounds = 300;
  options.cover_steps = 5000;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    Case c = MakeCase(seed);
    if (gpu) c.input.backend = Backend::kGpu;  // the swap solvers' row passes on the GPU gain table
    SCOPED_TRACE("seed " + std::to_string(seed) + (c.g.directed ? " directed" : " undirected") +
                 (c.input.direction == Direction::kOut ? " out" : " in"));
    const SitingProblem<std::int32_t> prob(c.g.matrix.view(), c.input);
    for (std::size_t p = 1; p <= 3; ++p) {
      const std::string at = " p=" + std::to_string(p);
      const SitingResult median = SolvePMedian(prob, p, options);
      EXPECT_EQ(median.objective, BruteMedian(c, p)) << "p-median" << at;
      // A demand no site reaches is served at the penalty: no bound is promised then.
      if (median.assignment.unserved == 0) ExpectHonestBound(median, BruteMedian(c, p), options.exact, "p-median" + at);
      const SitingResult center = SolvePCenter(prob, p, options);
      EXPECT_EQ(center.objective, BruteCenter(c, p)) << "p-center" << at;
      if (center.assignment.unserved == 0) ExpectHonestBound(center, BruteCenter(c, p), options.exact, "p-center" + at);
      for (double radius : {0.0, 10 + 5 * static_cast<double>(p), 60.0}) {
        const SitingResult cover = SolveMaxCover(prob, radius, p, options);
        const double best = BruteMaxCover(c, p, radius);
        EXPECT_EQ(cover.objective, best) << "max-cover R=" << radius << at;
        ExpectHonestBound(cover, best, options.exact, "max-cover R=" + std::to_string(radius) + at);
      }
    }
    for (double radius : {8.0, 15.0, 30.0}) {
      const double expect = BruteCover(c, radius);
      if (expect < 0) continue;                 // some demand has no candidate within the radius: no cover
      if (options.exact && !HaveMipSolver()) {  // LSCP's proof is CBC's: refused, never unproven
        EXPECT_THROW(SolveCover(prob, radius, options), Error);
        continue;
      }
      const SitingResult cover = SolveCover(prob, radius, options);
      EXPECT_EQ(cover.objective, expect) << "cover R=" << radius;
      ExpectHonestBound(cover, expect, options.exact, "cover R=" + std::to_string(radius));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Siting, BruteForce,
                         ::testing::Values(Solver::kHeuristic, Solver::kExact, Solver::kHeuristicOnGpu),
                         [](const auto& info) {
                           return info.param == Solver::kExact       ? "Exact"
                                  : info.param == Solver::kHeuristic ? "Heuristic"
                                                                     : "HeuristicOnGpu";
                         });

// The assignment names, for every demand, an open site at the nearest distance.
TEST(Assignment, EveryDemandGoesToANearestOpenSite) {
  const Case c = MakeCase(99);
  const SitingProblem<std::int32_t> prob(c.g.matrix.view(), c.input);
  const SitingResult r = SolvePMedian(prob, 2, SitingOptions{});
  std::vector<std::uint32_t> sites;
  for (std::uint32_t k : r.sites) sites.push_back(prob.candidate_vertex(k));
  ASSERT_EQ(r.assignment.site.size(), prob.num_demands());
  for (std::size_t u = 0; u < prob.num_demands(); ++u) {
    const std::uint32_t v = prob.demand_vertex(u);
    EXPECT_EQ(r.assignment.distance[u], static_cast<double>(Nearest(c, v, sites)));
    EXPECT_EQ(static_cast<double>(Cost(c, v, prob.candidate_vertex(r.assignment.site[u]))), r.assignment.distance[u]);
  }
}

// Fixed sites stay open whatever the model.
TEST(FixedSites, AreAlwaysInTheSolution) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Case c = MakeCase(seed);
    c.input.fixed = {c.cand[0], c.cand[1]};
    const SitingProblem<std::int32_t> prob(c.g.matrix.view(), c.input);
    for (const SitingResult& r : {SolvePMedian(prob, 2, SitingOptions{}), SolvePCenter(prob, 2, SitingOptions{})}) {
      ASSERT_EQ(r.sites.size(), 4u);
      EXPECT_EQ(prob.candidate_vertex(r.sites[0]), c.cand[0]);
      EXPECT_EQ(prob.candidate_vertex(r.sites[1]), c.cand[1]);
    }
  }
}

}  // namespace
}  // namespace gdist
