// The packing and its bound (lib/siting/packing_bounds.hpp) against an
// exhaustive search over every vertex subset of small random graphs: the
// greedy set is independent and maximal, the local searches keep it
// independent and reach the largest on almost all, and the clique-cover count
// is never below the largest independent set. Then what they buy p-dispersion on
// points in the plane: the upper bound never above the k-th-largest bound it
// starts from (written here again), strictly below it on most instances, and
// never below the optimum of the enumeration.
#include "lib/siting/packing_bounds.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <random>
#include <string>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/siting/siting_models.hpp"
#include "tests/siting/site_sets.hpp"

namespace gdist {
namespace {

CliqueGraph RandomCliqueGraph(std::size_t n, double density, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> coin(0, 1);
  CliqueGraph g(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (coin(rng) < density) g.AddEdge(i, j);
  return g;
}

std::size_t BruteIndependence(const CliqueGraph& g) {
  std::size_t best = 0;
  for (std::uint32_t set = 0; set < (1u << g.n); ++set) {
    bool independent = true;
    for (std::size_t i = 0; i < g.n && independent; ++i)
      for (std::size_t j = i + 1; j < g.n && independent; ++j)
        independent = !((set >> i) & 1 && (set >> j) & 1 && g.HasEdge(i, j));
    if (independent) best = std::max<std::size_t>(best, static_cast<std::size_t>(std::popcount(set)));
  }
  return best;
}

TEST(PackingBounds, IndependentSetAndCliqueCoverBracketTheLargestPacking) {
  std::size_t reached = 0, short_by_greedy = 0, reached_where_greedy_fell_short = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    std::mt19937_64 rng(seed);
    const std::size_t n = 1 + rng() % 16;
    const CliqueGraph g = RandomCliqueGraph(n, 0.1 + 0.8 * static_cast<double>(rng() % 100) / 100, rng);
    SCOPED_TRACE("seed " + std::to_string(seed) + " n=" + std::to_string(n));
    const std::size_t alpha = BruteIndependence(g);
    const std::vector<std::uint32_t> set = GreedyIndependentSet(g);
    for (std::size_t a = 0; a < set.size(); ++a)
      for (std::size_t b = a + 1; b < set.size(); ++b) EXPECT_FALSE(g.HasEdge(set[a], set[b]));
    for (std::size_t v = 0; v < n; ++v) {  // maximal: every other vertex has a neighbour in it
      if (std::find(set.begin(), set.end(), v) != set.end()) continue;
      EXPECT_TRUE(std::any_of(set.begin(), set.end(), [&](std::uint32_t s) { return g.HasEdge(v, s); })) << v;
    }
    EXPECT_LE(set.size(), alpha);
    EXPECT_EQ(GreedyIndependentSet(g, 1).size(), 1u);
    // The local searches from a single vertex: still independent, never smaller, the same for a seed.
    std::vector<std::uint32_t> swapped = {static_cast<std::uint32_t>(rng() % n)};
    ImproveIndependentSet(g, &swapped, 0, 0);
    // Each built from the vertex, not copied: GCC 13 warns (array-bounds) on the copy of a one-element vector.
    std::vector<std::uint32_t> iterated(1, swapped.front()), again(1, swapped.front());
    IteratedIndependentSet(g, &iterated, 0, 20000, seed, 0);
    IteratedIndependentSet(g, &again, 0, 20000, seed, 0);
    EXPECT_EQ(iterated, again);
    for (const auto* s : {&swapped, &iterated}) {
      EXPECT_GE(s->size(), 1u);
      EXPECT_LE(s->size(), alpha);
      for (std::size_t a = 0; a < s->size(); ++a)
        for (std::size_t b = a + 1; b < s->size(); ++b) EXPECT_FALSE(g.HasEdge((*s)[a], (*s)[b]));
    }
    EXPECT_GE(iterated.size(), swapped.size());
    reached += iterated.size() == alpha;
    short_by_greedy += set.size() < alpha;
    reached_where_greedy_fell_short += set.size() < alpha && iterated.size() == alpha;
    const std::size_t cover = GreedyCliqueCover(g, n + 1);
    EXPECT_GE(cover, alpha);
    EXPECT_LE(cover, n);
    EXPECT_EQ(GreedyCliqueCover(g, 2), std::min<std::size_t>(cover, 2));
  }
  // The iterated search finds the largest set on almost every small graph, also where greedy did not.
  EXPECT_GE(reached, 57u);
  EXPECT_GT(short_by_greedy, 0u);
  EXPECT_GT(reached_where_greedy_fell_short, 0u);
}

// The bound p-dispersion had before the packing bounds: the s-th largest, over
// candidates, of each one's (s - 1)-th largest distance (s sites, none fixed).
std::int32_t KthLargestBound(const DistMatrix<std::int32_t>& d, std::size_t s) {
  std::vector<std::int32_t> kth;
  for (std::size_t i = 0; i < d.n(); ++i) {
    std::vector<std::int32_t> row;
    for (std::size_t j = 0; j < d.n(); ++j)
      if (j != i) row.push_back(d.at(i, j));
    std::sort(row.rbegin(), row.rend());
    kth.push_back(row[s - 2]);
  }
  std::sort(kth.rbegin(), kth.rend());
  return kth[s - 1];
}

TEST(PackingBounds, TightenTheDispersionBoundOnPointsInThePlane) {
  std::size_t tighter = 0, instances = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> coord(0, 1000);
    const std::size_t n = 28 + seed, p = 4 + seed % 2;
    std::vector<double> x(n), y(n);
    for (std::size_t i = 0; i < n; ++i) x[i] = coord(rng), y[i] = coord(rng);
    DistMatrix<std::int32_t> d(n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        d.at(i, j) = static_cast<std::int32_t>(std::lround(std::hypot(x[i] - x[j], y[i] - y[j])));
    std::vector<std::uint32_t> all(n);
    for (std::uint32_t v = 0; v < n; ++v) all[v] = v;
    std::int32_t optimum = -1;
    testing::ForEachSiteSet(all, {}, p, [&](const std::vector<std::uint32_t>& s) {
      std::int32_t smallest = d.at(s[0], s[1]);
      for (std::size_t a = 0; a < s.size(); ++a)
        for (std::size_t b = a + 1; b < s.size(); ++b) smallest = std::min(smallest, d.at(s[a], s[b]));
      optimum = std::max(optimum, smallest);
    });
    SitingInput in;
    in.symmetric = true;
    in.threads = 1;
    const SitingProblem<std::int32_t> prob(d.view(), in);
    const SitingResult r = SolvePDispersion(prob, p, SitingOptions{});
    SCOPED_TRACE("seed " + std::to_string(seed) + " n=" + std::to_string(n) + " p=" + std::to_string(p));
    const std::int32_t before = KthLargestBound(d, p);
    EXPECT_LE(r.objective, optimum);
    EXPECT_GE(r.bound, optimum);
    EXPECT_LE(r.bound, before);
    tighter += r.bound < before;
    ++instances;
  }
  EXPECT_GE(2 * tighter, instances);  // most instances: a bound below the k-th largest
}

}  // namespace
}  // namespace gdist
