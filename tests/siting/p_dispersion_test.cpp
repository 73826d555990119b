// p-dispersion against an exhaustive search written here over the reference
// distances of small_graphs.hpp (a textbook Floyd-Warshall): the heuristic's
// answer never beats the optimum and its upper bound never falls below it;
// --exact proves it, also without the packing bisection (where the exact
// search has answers to find). Directed graphs (the symmetric min of the two
// directions), candidate subsets, fixed sites, unreachable pairs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "lib/pipeline/run_center.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"
#include "test_util.hpp"
#include "tests/siting/site_sets.hpp"
#include "tests/siting/small_graphs.hpp"

namespace gdist {
namespace {

using testing::kNoPath;

double Delta(const testing::SmallGraph& g, std::uint32_t a, std::uint32_t b) {
  const std::int64_t d = std::min(g.dist[a][b], g.dist[b][a]);
  return d == kNoPath ? std::numeric_limits<double>::infinity() : static_cast<double>(d);
}

double BruteDispersion(const testing::SmallGraph& g, const std::vector<std::uint32_t>& cand,
                       const std::vector<std::uint32_t>& fixed, std::size_t p) {
  double best = -1;
  testing::ForEachSiteSet(cand, fixed, p, [&](const std::vector<std::uint32_t>& s) {
    double smallest = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < s.size(); ++i)
      for (std::size_t j = i + 1; j < s.size(); ++j) smallest = std::min(smallest, Delta(g, s[i], s[j]));
    best = std::max(best, smallest);
  });
  return best;
}

TEST(PDispersion, MatchesExhaustiveSearch) {
  std::size_t decided_by_search = 0, improved_by_search = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    std::mt19937_64 rng(seed);
    const std::size_t n = 8 + rng() % 18;
    const bool directed = rng() % 2;
    // A sparse graph without the cycle now and then: some pairs unreachable.
    const testing::SmallGraph g = testing::RandomGraph(n, directed, 0.25, 30, seed * 7919 + 3, rng() % 4 != 0);
    SitingInput in;
    in.symmetric = !directed;
    in.threads = 1;
    std::vector<std::uint32_t> cand;
    for (std::uint32_t v = 0; v < n; ++v)
      if (rng() % 3) cand.push_back(v);
    if (cand.size() < 5) cand = {0, 1, 2, 3, 4};
    in.candidates = cand;
    if (rng() % 3 == 0) in.fixed = {cand[rng() % cand.size()]};
    const SitingProblem<std::int32_t> prob(g.matrix.view(), in);
    for (std::size_t p = in.fixed.empty() ? 2 : 1; p <= 4 && in.fixed.size() + p <= cand.size(); ++p)
      for (int mode = 0; mode < 3; ++mode) {
        const bool exact = mode > 0, packing = mode < 2;
        SCOPED_TRACE("seed " + std::to_string(seed) + " n=" + std::to_string(n) + " p=" + std::to_string(p) +
                     (directed ? " directed" : "") + (exact ? " exact" : "") + (packing ? "" : " no packing"));
        SitingOptions o;
        o.exact = exact;
        if (!packing) o.packing_effort = 0;
        const double optimum = BruteDispersion(g, cand, in.fixed, p);
        const SitingResult r = SolvePDispersion(prob, p, o);
        ASSERT_EQ(r.sites.size(), in.fixed.size() + p);
        EXPECT_TRUE(std::equal(in.fixed.begin(), in.fixed.end(), r.sites.begin(),
                               [&](std::uint32_t v, std::uint32_t k) { return prob.candidate_vertex(k) == v; }));
        double smallest = std::numeric_limits<double>::infinity();  // the answer's own value, recomputed
        for (std::size_t i = 0; i < r.sites.size(); ++i)
          for (std::size_t j = i + 1; j < r.sites.size(); ++j)
            smallest =
                std::min(smallest, Delta(g, prob.candidate_vertex(r.sites[i]), prob.candidate_vertex(r.sites[j])));
        EXPECT_EQ(r.objective, smallest);
        EXPECT_LE(r.objective, optimum);
        ASSERT_TRUE(r.has_bound());
        EXPECT_TRUE(r.bound_is_upper);
        EXPECT_GE(r.bound, optimum);
        if (r.optimal) {
          EXPECT_EQ(r.objective, optimum);
        }
        if (exact) {
          EXPECT_TRUE(r.optimal) << "bound " << r.bound;
          EXPECT_EQ(r.objective, optimum);
          decided_by_search += r.bound_method.find("clique branch and bound") != std::string::npos;
          improved_by_search += r.method.find("exact search") != std::string::npos;
        }
      }
  }
  EXPECT_GT(decided_by_search, 0u);   // some bounds needed the exact decision
  EXPECT_GT(improved_by_search, 0u);  // and some answers (without the packing) the exact search
}

// Medium instances (45-60 candidates, 4-5 sites: up to 5.5 million sets) where
// the clique search has real work: --exact against the enumeration.
TEST(PDispersion, ExactMatchesExhaustiveSearchOnMediumInstances) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    std::mt19937_64 rng(seed);
    const std::size_t n = 45 + 5 * seed, p = seed == 3 ? 5 : 4;
    const testing::SmallGraph g = testing::RandomGraph(n, seed == 2, 0.08, 50, seed * 7 + 1);
    std::vector<std::uint32_t> all(n);
    for (std::uint32_t v = 0; v < n; ++v) all[v] = v;
    SitingInput in;
    in.symmetric = seed != 2;
    in.threads = 1;
    const SitingProblem<std::int32_t> prob(g.matrix.view(), in);
    SitingOptions o;
    o.exact = true;
    const SitingResult r = SolvePDispersion(prob, p, o);
    SCOPED_TRACE("seed " + std::to_string(seed) + " n=" + std::to_string(n) + " p=" + std::to_string(p));
    EXPECT_EQ(r.objective, BruteDispersion(g, all, {}, p));
    EXPECT_TRUE(r.optimal);
  }
}

TEST(PDispersion, RefusesACostTable) {
  // Two facilities over three demands: no facility-to-facility distance.
  const std::vector<std::int32_t> rows = {1, 2, 3, 4, 5, 6};
  const std::vector<std::uint32_t> facilities = {3, 4};
  const VertexLabels labels = VertexLabels::Range(5, 1);
  SitingInput in;
  in.labels = &labels;
  const SitingProblem<std::int32_t> prob(MatrixView<std::int32_t>{rows.data(), 3, 3}, facilities, in);
  EXPECT_THROW(SolvePDispersion(prob, 2, SitingOptions{}), Error);
}

// Through the center run (RunCenter, what gcenter runs): a graph file,
// --p-dispersion with --exact; the JSON's objective, bound and sites against
// the exhaustive search; the assignment file names the model. A cost table is
// refused (gcenter exits 2).
TEST(PDispersion, GcenterReportsTheProvenOptimum) {
  test::TempDir dir;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const bool directed = seed % 2 == 0;
    const testing::SmallGraph g = testing::RandomGraph(14, directed, 0.2, 40, seed * 31 + 7);
    std::string arcs;
    for (const auto& a : g.arcs)
      arcs += std::to_string(a.from + 1) + "," + std::to_string(a.to + 1) + "," + std::to_string(a.weight) + "\n";
    test::WriteText(dir.file("g.csv"), arcs);
    std::vector<std::uint32_t> all(g.n);
    for (std::uint32_t v = 0; v < g.n; ++v) all[v] = v;
    const double optimum = BruteDispersion(g, all, {}, 4);
    CenterRequest request;
    request.in = dir.file("g.csv");
    request.input.read.undirected = !directed;
    request.backend = request.metrics_options.backend = Backend::kCpu;
    request.p_dispersion = 4;
    request.siting.exact = true;
    request.json = true;
    request.assignment = dir.file("a.csv");
    const std::string report = RunCenter(request).report;
    const std::string expect = std::to_string(static_cast<long long>(optimum));
    EXPECT_NE(report.find("\"p_dispersion\":{"), std::string::npos) << report;
    EXPECT_NE(report.find("\"objective\":" + expect + ","), std::string::npos) << report;
    EXPECT_NE(report.find("\"upper_bound\":" + expect + ",\"gap\":0,\"optimal\":true"), std::string::npos) << report;
    EXPECT_NE(test::ReadText(dir.file("a.csv")).find("\np_dispersion,"), std::string::npos);
  }
  test::WriteText(dir.file("c.csv"), ",A,B\nd1,1,2\n");
  const auto table =
      test::RunCommand(test::App("gcenter") + " --cost-matrix " + dir.file("c.csv") + " --p-dispersion 2");
  EXPECT_EQ(table.exit_code, 2) << table.output;
  EXPECT_NE(table.output.find("p-dispersion: needs the distances between candidate sites"), std::string::npos)
      << table.output;
}

}  // namespace
}  // namespace gdist
