// Demands that not every site can reach (docs/SITING.md, "Unreachable
// pairs"): p-median and p-center must serve every demand, so an instance
// where no p sites (plus the fixed ones) reach them all is an error, never an
// answer that leaves some out and calls itself optimal. Random demand x
// candidate costs with many unreachable pairs, against an exhaustive search
// over every site set written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>

#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"
#include "tests/siting/site_sets.hpp"

namespace gdist {
namespace {

constexpr std::int32_t kNone = ElementTraits<std::int32_t>::kInf;

struct SparseCase {
  std::size_t nd = 0, m = 0;
  std::vector<std::int32_t> rows;   // m x nd: rows[k * nd + u], kNone: k cannot serve u
  std::vector<double> w;            // per demand
  std::vector<std::uint32_t> cand;  // vertex ids nd .. nd + m - 1
  std::vector<std::uint32_t> fixed;
  VertexLabels labels;
};

SparseCase MakeCase(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  SparseCase c;
  c.nd = 5 + rng() % 5;
  c.m = 4 + rng() % 4;
  c.rows.resize(c.m * c.nd);
  for (std::int32_t& x : c.rows) x = rng() % 100 < 55 ? kNone : static_cast<std::int32_t>(rng() % 30);
  c.w.resize(c.nd);
  for (double& x : c.w) x = static_cast<double>(1 + rng() % 3);
  for (std::size_t k = 0; k < c.m; ++k) c.cand.push_back(static_cast<std::uint32_t>(c.nd + k));
  if (rng() % 3 == 0) c.fixed = {c.cand[rng() % c.m]};
  c.labels = VertexLabels::Range(c.nd + c.m, 1);
  return c;
}

// The optimum over site sets that serve every demand: sum (median) or max
// (center) of each demand's nearest cost; -1 when no set serves them all.
double Brute(const SparseCase& c, std::size_t p, bool weighted_sum) {
  double best = -1;
  testing::ForEachSiteSet(c.cand, c.fixed, p, [&](const std::vector<std::uint32_t>& s) {
    double value = 0;
    for (std::size_t u = 0; u < c.nd && value >= 0; ++u) {
      std::int32_t near = kNone;
      for (std::uint32_t v : s) near = std::min(near, c.rows[(v - c.nd) * c.nd + u]);
      if (near == kNone) value = -1;
      else if (weighted_sum) value += c.w[u] * near;
      else value = std::max(value, static_cast<double>(near));
    }
    if (value >= 0 && (best < 0 || value < best)) best = value;
  });
  return best;
}

TEST(UnservableDemand, MedianAndCenterServeEveryDemandOrReportInfeasibility) {
  std::size_t infeasible = 0, feasible = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const SparseCase c = MakeCase(seed);
    SitingInput in;
    in.threads = 1;
    in.weights = c.w;
    in.fixed = c.fixed;
    in.labels = &c.labels;
    const SitingProblem<std::int32_t> prob(MatrixView<std::int32_t>{c.rows.data(), c.nd, c.nd}, c.cand, in);
    for (bool exact : {false, true})
      for (std::size_t p = 1; p <= 3 && c.fixed.size() + p <= c.m; ++p) {
        SCOPED_TRACE("seed " + std::to_string(seed) + " p=" + std::to_string(p) + (exact ? " exact" : ""));
        SitingOptions o;
        o.exact = exact;
        o.max_rounds = 200;
        o.time_limit_s = 0.5;
        for (bool median : {true, false}) {
          SCOPED_TRACE(median ? "p-median" : "p-center");
          const double optimum = Brute(c, p, median);
          auto solve = [&] { return median ? SolvePMedian(prob, p, o) : SolvePCenter(prob, p, o); };
          if (optimum < 0) {
            ++infeasible;
            EXPECT_THROW(solve(), Error);
            continue;
          }
          ++feasible;
          const SitingResult r = solve();
          EXPECT_EQ(r.assignment.unserved, 0u);
          EXPECT_GE(r.objective, optimum);
          if (r.optimal || exact) {
            EXPECT_EQ(r.objective, optimum);
          }
          if (r.has_bound()) {
            EXPECT_LE(r.bound, optimum + 1e-9);
          }
        }
      }
  }
  EXPECT_GT(infeasible, 20u);
  EXPECT_GT(feasible, 20u);
}

}  // namespace
}  // namespace gdist
