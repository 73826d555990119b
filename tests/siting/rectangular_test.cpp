// Siting on k x n candidate rows (the rectangular SitingProblem of the sparse
// engine's --candidates path and of gapsp --sources files): every model's
// answer, bound, gap and `optimal`, heuristic and --exact, against an
// exhaustive search written here over the reference distances of
// small_graphs.hpp, and against the square matrix restricted to the same
// candidates. Directed and undirected graphs, both directions, zero weights,
// fixed sites.
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

struct RectCase {
  testing::SmallGraph g;
  Direction direction = Direction::kOut;
  std::vector<double> w;            // per vertex
  std::vector<std::uint32_t> cand;  // the row vertices, ascending
  std::vector<std::uint32_t> fixed;
  std::vector<std::int32_t> rows;  // cand.size() x n, from the engine's matrix
};

RectCase MakeRectCase(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  RectCase c;
  const std::size_t n = 9 + rng() % 5;
  c.g = testing::RandomGraph(n, rng() % 2 == 0, 0.3, 20, seed * 6007 + 5);
  c.direction = rng() % 2 ? Direction::kOut : Direction::kIn;
  c.w.resize(n);
  for (double& x : c.w) x = static_cast<double>(rng() % 4);  // 0: not a demand
  c.w[0] = 2;
  for (std::uint32_t v = 0; v < n; ++v)
    if (rng() % 2) c.cand.push_back(v);
  if (c.cand.size() < 5) c.cand = {0, 2, 4, 6, 8};
  if (rng() % 3 == 0) c.fixed = {c.cand[rng() % c.cand.size()]};
  c.rows.resize(c.cand.size() * n);
  for (std::size_t r = 0; r < c.cand.size(); ++r)
    for (std::size_t u = 0; u < n; ++u)
      c.rows[r * n + u] =
          c.direction == Direction::kOut ? c.g.matrix.view().at(c.cand[r], u) : c.g.matrix.view().at(u, c.cand[r]);
  return c;
}

SitingInput InputOf(const RectCase& c) {
  SitingInput in;
  in.direction = c.direction;
  in.symmetric = !c.g.directed;
  in.threads = 2;
  in.weights = c.w;
  in.fixed = c.fixed;
  return in;
}

std::int64_t Cost(const RectCase& c, std::uint32_t u, std::uint32_t f) {
  return c.direction == Direction::kOut ? c.g.dist[f][u] : c.g.dist[u][f];
}

std::int64_t Nearest(const RectCase& c, std::uint32_t u, const std::vector<std::uint32_t>& s) {
  std::int64_t best = kNoPath;
  for (std::uint32_t f : s) best = std::min(best, Cost(c, u, f));
  return best;
}

// The optima; -1 where a demand is reached by no site set (median, center) or no cover exists.
// Median and center fold each demand's weighted / plain nearest cost into a
// set's value by sum / max; a demand no site reaches makes the set's value -1.
double BruteFold(const RectCase& c, std::size_t p, bool weighted_sum) {
  double best = -1;
  testing::ForEachSiteSet(c.cand, c.fixed, p, [&](const std::vector<std::uint32_t>& s) {
    double value = 0;
    for (std::uint32_t u = 0; u < c.g.n && value >= 0; ++u) {
      if (c.w[u] <= 0) continue;
      const std::int64_t near = Nearest(c, u, s);
      if (near == kNoPath) value = -1;
      else if (weighted_sum) value += c.w[u] * static_cast<double>(near);
      else value = std::max(value, static_cast<double>(near));
    }
    if (value >= 0 && (best < 0 || value < best)) best = value;
  });
  return best;
}
double BruteMedian(const RectCase& c, std::size_t p) { return BruteFold(c, p, true); }
double BruteCenter(const RectCase& c, std::size_t p) { return BruteFold(c, p, false); }
double BruteMaxCover(const RectCase& c, std::size_t p, double radius) {
  auto nearest = [&](std::uint32_t u, const std::vector<std::uint32_t>& s) { return Nearest(c, u, s); };
  return testing::BestCoverage(c.cand, c.fixed, p, c.w, radius, nearest);
}
double BruteCover(const RectCase& c, double radius) {
  auto nearest = [&](std::uint32_t u, const std::vector<std::uint32_t>& s) { return Nearest(c, u, s); };
  return testing::FewestCoveringSites(c.cand, c.fixed, c.w, radius, nearest);
}

// The answer on the rows against the optimum and against the square matrix's answer.
void ExpectProven(const SitingResult& rect, const SitingResult& square, double optimum, bool exact,
                  const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(rect.objective, optimum);
  EXPECT_EQ(rect.objective, square.objective);
  EXPECT_EQ(rect.optimal, square.optimal);
  EXPECT_EQ(rect.has_bound(), square.has_bound());
  if (rect.has_bound()) {
    ASSERT_TRUE(std::isfinite(rect.bound));
    EXPECT_EQ(rect.bound, square.bound);
    if (rect.bound_is_upper) EXPECT_GE(rect.bound, optimum - 1e-9);
    else EXPECT_LE(rect.bound, optimum + 1e-9);
    EXPECT_GE(rect.gap(), 0);
    EXPECT_EQ(rect.gap() == 0, rect.optimal);
  }
  if (rect.optimal) {
    EXPECT_EQ(rect.objective, optimum);
  }
  if (exact) {
    EXPECT_TRUE(rect.optimal) << "bound " << rect.bound << " by " << rect.bound_method;
  }
}

TEST(RectangularSiting, EveryModelsBoundOnCandidateRowsMatchesBruteForce) {
  std::size_t proven = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const RectCase c = MakeRectCase(seed);
    SCOPED_TRACE("seed " + std::to_string(seed) + (c.g.directed ? " directed" : " undirected") +
                 (c.direction == Direction::kOut ? " out" : " in"));
    const std::size_t n = c.g.n;
    const SitingProblem<std::int32_t> rect(MatrixView<std::int32_t>{c.rows.data(), n, n}, c.cand, InputOf(c));
    SitingInput square_input = InputOf(c);
    square_input.candidates = c.cand;
    const SitingProblem<std::int32_t> square(c.g.matrix.view(), square_input);
    ASSERT_EQ(rect.num_candidates(), c.cand.size());
    for (bool exact : {false, true}) {
      SitingOptions o;
      o.exact = exact;
      o.max_rounds = 300;
      const std::string mode = exact ? " exact" : " heuristic";
      for (std::size_t p = 1; p <= 3 && c.fixed.size() + p <= c.cand.size(); ++p) {
        const std::string at = " p=" + std::to_string(p) + mode;
        const double median = BruteMedian(c, p), center = BruteCenter(c, p);
        if (median >= 0) {
          ExpectProven(SolvePMedian(rect, p, o), SolvePMedian(square, p, o), median, exact, "p-median" + at);
          ExpectProven(SolvePCenter(rect, p, o), SolvePCenter(square, p, o), center, exact, "p-center" + at);
          proven += exact;
        }
        for (double radius : {0.0, 12.0, 25.0, 60.0})
          ExpectProven(SolveMaxCover(rect, radius, p, o), SolveMaxCover(square, radius, p, o),
                       BruteMaxCover(c, p, radius), exact, "max-cover R=" + std::to_string(radius) + at);
      }
      for (double radius : {10.0, 20.0, 40.0}) {
        const double fewest = BruteCover(c, radius);
        if (fewest < 0) continue;         // some demand has no candidate within the radius
        if (exact && !HaveMipSolver()) {  // LSCP's proof is CBC's: refused, never unproven
          EXPECT_THROW(SolveCover(rect, radius, o), Error);
          continue;
        }
        ExpectProven(SolveCover(rect, radius, o), SolveCover(square, radius, o), fewest, exact,
                     "cover R=" + std::to_string(radius) + mode);
      }
    }
  }
  EXPECT_GT(proven, 20u);  // most draws let every demand be reached
}

}  // namespace
}  // namespace gdist
