// The swap search of LSCP-B (backup_cover_search.hpp) against the optimum by
// enumeration of every set of P sites on small random instances (fresh seeds:
// GDIST_SEED replays), fixed sites and zero weights included: every answer
// covers every demand, keeps the fixed sites and P free ones, never claims
// more than it covers twice, never falls below its start, and with its work
// reaches the optimum on nearly all of them.
#include "lib/siting/backup_cover_search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "lib/siting/cover_search.hpp"
#include "tests/siting/backup_instances.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

using testing::ListsOf;

TEST(BackupCoverSearch, ReachesTheEnumeratedOptimum) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937_64 rng(seed);
  int solved = 0, optimal = 0;
  for (int trial = 0; trial < 300; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    const testing::BackupInstance in = testing::RandomBackupInstance(rng);
    const std::size_t p = in.p;
    const CoverLists& lists = in.lists;
    const std::vector<double>& w = in.w;
    const std::vector<std::uint32_t>& fixed = in.fixed;
    const double optimum = in.optimum;
    std::vector<std::uint32_t> start;
    CoverSearchOptions co;
    co.max_work = 100000;
    if (!CoverSearch(lists, p + fixed.size(), fixed.size(), GreedyCover(lists, fixed), co, &start)) {
      EXPECT_LT(optimum, 0) << "the covering search missed a cover";
      continue;
    }
    ASSERT_GE(optimum, 0) << "a cover the enumeration did not find";
    ++solved;
    BackupSearchOptions o;
    o.max_work = 200000;
    o.seed = rng();
    const BackupSearchResult r = BackupCoverSearch(lists, w, start, fixed.size(), o);
    ASSERT_EQ(r.sites.size(), p + fixed.size());
    if (!fixed.empty()) {
      EXPECT_EQ(r.sites[0], fixed[0]);
    }
    std::vector<std::uint32_t> sorted = r.sites;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "a site twice";
    const double twice = BackupCoverTwice(lists, w, r.sites);
    ASSERT_GE(twice, 0) << "a demand left uncovered";
    EXPECT_EQ(twice, r.twice);
    EXPECT_LE(twice, optimum);
    EXPECT_GE(twice, BackupCoverTwice(lists, w, start));
    optimal += twice == optimum;
  }
  EXPECT_GT(solved, 100);
  EXPECT_GE(optimal, solved * 95 / 100) << "solved " << solved;
}

// The target stops the search as soon as it is met: one descent where the
// start already meets it.
TEST(BackupCoverSearch, StopsAtItsTarget) {
  // Three demands, three candidates; each candidate covers two demands.
  const CoverLists lists = ListsOf({{1, 1, 0}, {0, 1, 1}, {1, 0, 1}}, 3);
  const std::vector<double> w = {1, 1, 1};
  BackupSearchOptions o;
  o.max_work = 1u << 30;
  o.target = 1;
  const BackupSearchResult r = BackupCoverSearch(lists, w, {0, 1}, 0, o);
  EXPECT_EQ(r.twice, 1);  // sites 0 and 1 cover demand 1 twice; every pair of sites does as well
  EXPECT_EQ(r.restarts, 0);
}

}  // namespace
}  // namespace gdist
