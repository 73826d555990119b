// The Lagrangian bound of LSCP-B (backup_cover_bound.hpp) against the optimum
// by enumeration of every set of P sites on small random instances (fresh
// seeds: GDIST_SEED replays), fixed sites and zero weights included: never
// below the optimum, and on most instances below the count of demands two
// candidates reach (the bound it replaces when CBC stops early).
#include "lib/siting/backup_cover_bound.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/siting/backup_instances.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

TEST(BackupCoverBound, NeverBelowTheEnumeratedOptimum) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937_64 rng(seed);
  int solved = 0, below_count = 0, proven = 0;
  for (int trial = 0; trial < 300; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    const testing::BackupInstance in = testing::RandomBackupInstance(rng);
    const std::size_t nd = in.nd, m = in.m, p = in.p;
    const CoverLists& lists = in.lists;
    const std::vector<double>& w = in.w;
    const std::vector<std::uint32_t>& fixed = in.fixed;
    const double optimum = in.optimum;
    if (optimum < 0) continue;  // no such cover
    ++solved;
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
