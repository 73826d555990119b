// The Lagrangian bound of LSCP-B (backup_cover_bound.hpp) against the optimum
// by enumeration of every set of P sites on small random instances (fresh
// seeds: GDIST_SEED replays), fixed sites and zero weights included: never
// below the optimum, and on most instances below the count of demands two
// candidates reach (the bound it replaces when CBC stops early).
#include "lib/siting/backup_cover_bound.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/siting/cover_lists_of.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

using testing::ListsOf;

TEST(BackupCoverBound, NeverBelowTheEnumeratedOptimum) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937_64 rng(seed);
  int solved = 0, below_count = 0, proven = 0;
  for (int trial = 0; trial < 300; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    const std::size_t nd = 3 + rng() % 14, m = 2 + rng() % 10;
    std::vector<std::vector<char>> covers(nd, std::vector<char>(m));
    const unsigned density = 2 + rng() % 5;  // a pair covered with chance 1/density
    for (auto& row : covers) {
      for (char& a : row) a = rng() % density == 0;
      row[rng() % m] = 1;  // every demand reached once at least
    }
    std::vector<double> w(nd);
    for (double& x : w) x = static_cast<double>(rng() % 7);
    std::vector<std::uint32_t> fixed;
    if (rng() % 3 == 0) fixed.push_back(static_cast<std::uint32_t>(rng() % m));
    const std::size_t p = 1 + rng() % std::min<std::size_t>(4, m - fixed.size());
    // The optimum: every set of p free sites with the fixed ones that covers every demand.
    double optimum = -1;
    for (std::uint32_t mask = 0; mask < (1u << m); ++mask) {
      if (static_cast<std::size_t>(__builtin_popcount(mask)) != p + fixed.size()) continue;
      if (!fixed.empty() && !(mask >> fixed[0] & 1)) continue;
      double twice = 0;
      bool covered = true;
      for (std::size_t u = 0; u < nd && covered; ++u) {
        int count = 0;
        for (std::size_t k = 0; k < m; ++k) count += covers[u][k] && (mask >> k & 1);
        covered = count > 0;
        if (count >= 2) twice += w[u];
      }
      if (covered) optimum = std::max(optimum, twice);
    }
    if (optimum < 0) continue;  // no such cover
    ++solved;
    const CoverLists lists = ListsOf(covers, m);
    double reach_twice = 0;
    for (std::size_t u = 0; u < nd; ++u) reach_twice += lists.num_covering(u) >= 2 ? w[u] : 0;
    // A target below the optimum (a cover found by some heuristic), as the solver gives it.
    const double target = std::max(0.0, optimum - static_cast<double>(rng() % 3));
    const BackupCoverBound b = BackupCoverLagrangianBound(lists, w, fixed, p, target, 0, 2000);
    EXPECT_GE(b.bound, optimum - 1e-9) << "nd " << nd << " m " << m << " p " << p;
    below_count += b.bound < reach_twice - 1e-9;
    proven += b.bound < optimum + 1;
  }
  EXPECT_GT(solved, 100);
  // A bound that is no better than the count would not be worth its time.
  EXPECT_GT(below_count, solved / 3) << "solved " << solved;
  EXPECT_GT(proven, solved / 2);  // the bound at the optimum (less than 1 above it) on most
}

}  // namespace
}  // namespace gdist
