// Single-source capacitated p-median and fixed-charge facility location
// (capacitated or not) against an exhaustive search written here: every site
// set, and every way to serve each demand whole from one open site within the
// sites' capacities. Infeasible instances must be reported, never answered.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <random>
#include <string>

#include "lib/siting/covering_mip.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"
#include "test_util.hpp"
#include "tests/siting/site_sets.hpp"

namespace gdist {
namespace {

constexpr std::int32_t kNone = ElementTraits<std::int32_t>::kInf;

struct Case {
  std::size_t nd = 0, m = 0;
  std::vector<std::int32_t> rows;  // m x nd
  std::vector<double> w, capacity_of_vertex;
  std::vector<std::uint32_t> cand, fixed;
  VertexLabels labels;
};

Case MakeCase(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Case c;
  c.nd = 4 + rng() % 4;
  c.m = 3 + rng() % 3;
  c.rows.resize(c.m * c.nd);
  for (std::int32_t& x : c.rows) x = rng() % 100 < 15 ? kNone : static_cast<std::int32_t>(rng() % 25);
  c.w.resize(c.nd);
  for (double& x : c.w) x = static_cast<double>(1 + rng() % 4);
  c.capacity_of_vertex.assign(c.nd + c.m, 0.0);
  for (std::size_t k = 0; k < c.m; ++k) {
    c.cand.push_back(static_cast<std::uint32_t>(c.nd + k));
    c.capacity_of_vertex[c.nd + k] = static_cast<double>(3 + rng() % 9);
  }
  if (rng() % 4 == 0) c.fixed = {c.cand[rng() % c.m]};
  c.labels = VertexLabels::Range(c.nd + c.m, 1);
  return c;
}

// The optimum, or -1 when no site set and assignment fit the capacities.
double Brute(const Case& c, std::size_t p) {
  double best = -1;
  testing::ForEachSiteSet(c.cand, c.fixed, p, [&](const std::vector<std::uint32_t>& s) {
    std::vector<double> load(s.size(), 0);
    std::function<void(std::size_t, double)> serve = [&](std::size_t u, double so_far) {
      if (best >= 0 && so_far >= best) return;
      if (u == c.nd) {
        best = so_far;
        return;
      }
      for (std::size_t i = 0; i < s.size(); ++i) {
        const std::int32_t cost = c.rows[(s[i] - c.nd) * c.nd + u];
        if (cost == kNone || load[i] + c.w[u] > c.capacity_of_vertex[s[i]]) continue;
        load[i] += c.w[u];
        serve(u + 1, so_far + c.w[u] * cost);
        load[i] -= c.w[u];
      }
    };
    serve(0, 0);
  });
  return best;
}

TEST(CapacitatedMedian, MatchesExhaustiveSearch) {
  if (!HaveMipSolver()) GTEST_SKIP() << "built without COIN-OR CBC";
  std::size_t feasible = 0, infeasible = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Case c = MakeCase(seed);
    SitingInput in;
    in.threads = 1;
    in.weights = c.w;
    in.fixed = c.fixed;
    in.labels = &c.labels;
    const SitingProblem<std::int32_t> prob(MatrixView<std::int32_t>{c.rows.data(), c.nd, c.nd}, c.cand, in);
    for (std::size_t p = 1; p <= 3 && c.fixed.size() + p <= c.m; ++p) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " p=" + std::to_string(p));
      SitingOptions o;
      o.exact = true;
      const double optimum = Brute(c, p);
      if (optimum < 0) {
        ++infeasible;
        EXPECT_THROW(SolveCapacitatedPMedian(prob, p, c.capacity_of_vertex, o), Error);
        continue;
      }
      ++feasible;
      const SitingResult r = SolveCapacitatedPMedian(prob, p, c.capacity_of_vertex, o);
      EXPECT_TRUE(r.capacitated);
      EXPECT_EQ(r.objective, optimum);
      EXPECT_TRUE(r.optimal);
      ASSERT_EQ(r.sites.size(), c.fixed.size() + p);
      // The assignment is the answer's: open sites only, within capacity, summing to the objective.
      std::vector<double> load(c.m, 0);
      double total = 0;
      for (std::size_t u = 0; u < c.nd; ++u) {
        const std::uint32_t k = r.assignment.site[u];
        ASSERT_NE(std::find(r.sites.begin(), r.sites.end(), k), r.sites.end());
        load[k] += c.w[u];
        total += c.w[u] * c.rows[k * c.nd + u];
      }
      for (std::size_t k = 0; k < c.m; ++k) EXPECT_LE(load[k], c.capacity_of_vertex[c.nd + k]);
      EXPECT_EQ(total, optimum);
    }
  }
  EXPECT_GT(feasible, 20u);
  EXPECT_GT(infeasible, 5u);
}

// The cheapest way to serve every demand whole from one site of `s` (within
// the capacities when given); -1 when there is none.
double ServeCost(const Case& c, const std::vector<std::uint32_t>& s, bool capacitated) {
  double best = -1;
  std::vector<double> load(s.size(), 0);
  std::function<void(std::size_t, double)> serve = [&](std::size_t u, double so_far) {
    if (best >= 0 && so_far >= best) return;
    if (u == c.nd) {
      best = so_far;
      return;
    }
    for (std::size_t i = 0; i < s.size(); ++i) {
      const std::int32_t cost = c.rows[(s[i] - c.nd) * c.nd + u];
      if (cost == kNone || (capacitated && load[i] + c.w[u] > c.capacity_of_vertex[s[i]])) continue;
      load[i] += c.w[u];
      serve(u + 1, so_far + c.w[u] * cost);
      load[i] -= c.w[u];
    }
  };
  serve(0, 0);
  return best;
}

// Uncapacitated: the own branch and bound (no CBC needed), and with a time
// limit already spent its root's answer: a solution and a bound around the optimum.
TEST(FacilityLocation, MatchesExhaustiveSearch) {
  std::size_t solved = 0, infeasible = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Case c = MakeCase(seed);
    std::mt19937_64 rng(seed * 977);
    std::vector<double> opening(c.nd + c.m, 0.0);
    for (std::size_t k = 0; k < c.m; ++k) opening[c.nd + k] = static_cast<double>(rng() % 40);
    SitingInput in;
    in.threads = 1;
    in.weights = c.w;
    in.fixed = c.fixed;
    in.labels = &c.labels;
    const SitingProblem<std::int32_t> prob(MatrixView<std::int32_t>{c.rows.data(), c.nd, c.nd}, c.cand, in);
    for (bool capacitated : {false, true}) {
      if (capacitated && !HaveMipSolver()) continue;  // the capacitated program is CBC's
      SCOPED_TRACE("seed " + std::to_string(seed) + (capacitated ? " capacitated" : ""));
      double optimum = -1;  // over every set of the free candidates, the fixed ones open
      for (std::size_t p = 0; c.fixed.size() + p <= c.m; ++p)
        testing::ForEachSiteSet(c.cand, c.fixed, p, [&](const std::vector<std::uint32_t>& s) {
          const double serve = ServeCost(c, s, capacitated);
          if (serve < 0) return;
          double total = serve;
          for (std::uint32_t v : s) total += opening[v];
          if (optimum < 0 || total < optimum) optimum = total;
        });
      SitingOptions o;
      o.exact = true;
      const std::vector<double>* caps = capacitated ? &c.capacity_of_vertex : nullptr;
      if (optimum < 0) {
        ++infeasible;
        EXPECT_THROW(SolveFacilityLocation(prob, opening, caps, o), Error);
        continue;
      }
      ++solved;
      const SitingResult r = SolveFacilityLocation(prob, opening, caps, o);
      EXPECT_EQ(r.objective, optimum);
      EXPECT_TRUE(r.optimal);
      EXPECT_EQ(r.capacitated, capacitated);
      // The answer's own value, recomputed from its sites and assignment.
      double total = 0;
      for (std::uint32_t k : r.sites) total += opening[c.nd + k];
      for (std::size_t u = 0; u < c.nd; ++u) {
        const std::uint32_t k = r.assignment.site[u];
        ASSERT_NE(std::find(r.sites.begin(), r.sites.end(), k), r.sites.end());
        total += c.w[u] * c.rows[k * c.nd + u];
      }
      EXPECT_EQ(total, optimum);
      if (capacitated) continue;
      SitingOptions limited = o;
      limited.proof_time_limit_s = 1e-9;
      const SitingResult cut = SolveFacilityLocation(prob, opening, nullptr, limited);
      ASSERT_TRUE(cut.has_bound());
      EXPECT_LE(cut.bound, optimum);
      EXPECT_GE(cut.objective, optimum);
      if (cut.optimal) {
        EXPECT_EQ(cut.objective, optimum);
      }
    }
  }
  EXPECT_GT(solved, HaveMipSolver() ? 40u : 20u);
  if (HaveMipSolver()) {  // these cases are infeasible through the capacities only
    EXPECT_GT(infeasible, 0u);
  }
}

// Through gcenter --cost-matrix --capacities, worked by hand: d1 and d2
// (weight 2 each) are 1 from A and 10 from B, d3 (weight 1) the other way
// round. A holds 3, B 5. p = 2: A takes one of d1, d2 (2), B the other and d3:
// 2 + 20 + 1 = 23 (A taking d1 and d3 costs 32). p = 1: only B holds all
// five: 20 + 20 + 1 = 41. With B holding 4, p = 1 is infeasible.
TEST(CapacitatedMedian, GcenterSolvesAHandWorkedTable) {
  if (!HaveMipSolver()) GTEST_SKIP() << "built without COIN-OR CBC";
  test::TempDir dir;
  test::WriteText(dir.file("c.csv"), ",A,B\nd1,1,10\nd2,1,10\nd3,10,1\n");
  test::WriteText(dir.file("w.csv"), "d1,2\nd2,2\nd3,1\n");
  test::WriteText(dir.file("cap.csv"), "A,3\nB,5\n");
  test::WriteText(dir.file("small.csv"), "A,3\nB,4\n");
  const std::string base = test::App("gcenter") + " --backend cpu --cost-matrix " + dir.file("c.csv") + " --weights " +
                           dir.file("w.csv") + " --json --p-median ";
  for (const auto& [p, objective] : {std::pair<int, int>{2, 23}, std::pair<int, int>{1, 41}}) {
    SCOPED_TRACE("p=" + std::to_string(p));
    const auto r = test::RunCommand(base + std::to_string(p) + " --capacities " + dir.file("cap.csv") +
                                    " --assignment " + dir.file("a.csv"));
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("\"capacitated\":true"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\"objective\":" + std::to_string(objective) + ","), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\"optimal\":true"), std::string::npos) << r.output;
    const std::string csv = test::ReadText(dir.file("a.csv"));
    EXPECT_NE(csv.find("p_median," + std::to_string(p) + ",d3,1,B,1\n"), std::string::npos) << csv;
  }
  const auto none = test::RunCommand(base + "1 --capacities " + dir.file("small.csv"));
  EXPECT_EQ(none.exit_code, 2) << none.output;
  EXPECT_NE(none.output.find("capacitated p-median: infeasible"), std::string::npos) << none.output;
  const auto alone = test::RunCommand(test::App("gcenter") + " --cost-matrix " + dir.file("c.csv") +
                                      " --p-center 1 --capacities " + dir.file("cap.csv"));
  EXPECT_EQ(alone.exit_code, 2) << alone.output;
  EXPECT_NE(alone.output.find("--capacities: applies to --p-median"), std::string::npos) << alone.output;
}

// The same table with opening costs A 5, B 4 (worked by hand): A alone
// 5 + 2 + 2 + 10 = 19, B alone 4 + 20 + 20 + 1 = 45, both 9 + 2 + 2 + 1 = 14.
// With the capacities (A 3, B 5) A alone cannot hold the demand and both
// cost 9 + 2 + 20 + 1 = 32 (below B alone).
TEST(FacilityLocation, GcenterSolvesAHandWorkedTable) {
  test::TempDir dir;
  test::WriteText(dir.file("c.csv"), ",A,B\nd1,1,10\nd2,1,10\nd3,10,1\n");
  test::WriteText(dir.file("w.csv"), "d1,2\nd2,2\nd3,1\n");
  test::WriteText(dir.file("open.csv"), "A,5\nB,4\n");
  test::WriteText(dir.file("cap.csv"), "A,3\nB,5\n");
  const std::string base = test::App("gcenter") + " --backend cpu --cost-matrix " + dir.file("c.csv") + " --weights " +
                           dir.file("w.csv") + " --json --facility-location --opening-costs " + dir.file("open.csv");
  const auto free = test::RunCommand(base);
  ASSERT_EQ(free.exit_code, 0) << free.output;
  EXPECT_NE(free.output.find("\"facility_location\":{\"sites\":[\"A\",\"B\"],\"objective\":14,"), std::string::npos)
      << free.output;
  EXPECT_NE(free.output.find("\"lower_bound\":14,\"gap\":0,\"optimal\":true"), std::string::npos) << free.output;
  if (HaveMipSolver()) {  // the capacitated program is CBC's
    const auto held = test::RunCommand(base + " --capacities " + dir.file("cap.csv"));
    ASSERT_EQ(held.exit_code, 0) << held.output;
    EXPECT_NE(held.output.find("\"capacitated\":true"), std::string::npos) << held.output;
    EXPECT_NE(held.output.find("\"objective\":32,"), std::string::npos) << held.output;
  }
  const auto no_costs =
      test::RunCommand(test::App("gcenter") + " --cost-matrix " + dir.file("c.csv") + " --facility-location");
  EXPECT_EQ(no_costs.exit_code, 2) << no_costs.output;
  EXPECT_NE(no_costs.output.find("--facility-location: needs --opening-costs"), std::string::npos) << no_costs.output;
  // A candidate the file does not list is refused by name (it used to open for free: B alone, objective 20 + ...).
  test::WriteText(dir.file("open_a.csv"), "A,5\n");
  const auto unlisted = test::RunCommand(test::App("gcenter") + " --backend cpu --cost-matrix " + dir.file("c.csv") +
                                         " --facility-location --opening-costs " + dir.file("open_a.csv"));
  EXPECT_EQ(unlisted.exit_code, 2) << unlisted.output;
  EXPECT_NE(unlisted.output.find("candidate vertex B has no opening cost"), std::string::npos) << unlisted.output;
}

}  // namespace
}  // namespace gdist
