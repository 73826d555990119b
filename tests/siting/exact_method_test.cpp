// --exact on a build without COIN-OR CBC (issue 26): LSCP, whose proof needs
// CBC's covering program, is refused with the package to install; the models
// proven by the project's own branch and bound are not, p-center's radius
// decisions included (DecideCover without CBC, against CBC and enumeration).
// CI builds with CBC, so the choices are tested as functions of "use CBC";
// a build configured with -DGDIST_ENABLE_CBC=OFF runs the other side for real.
#include "lib/siting/exact_method.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>

#include "lib/siting/center_proof.hpp"
#include "lib/siting/cover_decision.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/siting/deadline.hpp"
#include "lib/util/error.hpp"
#include "tests/siting/orlib_reader.hpp"
#include "tests/siting/site_sets.hpp"
#include "tests/siting/small_graphs.hpp"

// GCC 13 reports a false -Warray-bounds on copying the one-element fixed-site
// vector of the loop below (std::vector's inlined memmove); GCC 12 does not.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Warray-bounds"
#endif

namespace gdist {
namespace {

// The decision for every model, with and without --exact, with and without
// CBC: a build with CBC runs everything; without it the models of the own
// branch and bound still prove, LSCP's --exact is refused, and the models that
// are integer programs are refused even without --exact; each refusal names
// the package to install.
TEST(ExactMethod, EveryModelIsProvenOrRefusedWithThePackage) {
  struct Row {
    ExactModel model;
    bool runs_without_cbc, proves_without_cbc;
  };
  const Row rows[] = {
      {ExactModel::kPMedian, true, true},
      {ExactModel::kPCenter, true, true},
      {ExactModel::kMaxCover, true, true},
      {ExactModel::kPDispersion, true, true},
      {ExactModel::kCover, true, false},
      {ExactModel::kBackupCover, false, false},
      {ExactModel::kCapacitatedMedian, false, false},
      {ExactModel::kFacilityLocation, true, true},
      {ExactModel::kCapacitatedFacilityLocation, false, false},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(static_cast<int>(row.model));
    for (bool exact : {false, true}) {
      EXPECT_EQ(ExactUnavailableReason(row.model, exact, true), "");
      const std::string reason = ExactUnavailableReason(row.model, exact, false);
      EXPECT_EQ(reason.empty(), exact ? row.proves_without_cbc : row.runs_without_cbc) << reason;
      if (!reason.empty()) {
        EXPECT_NE(reason.find("apt install coinor-libcbc-dev"), std::string::npos) << reason;
      }
    }
  }
}

TEST(ExactMethod, ThisBuildRefusesExactlyWhenItLacksCbc) {
  if (HaveMipSolver()) EXPECT_NO_THROW(RequireExactMethod(ExactModel::kCover, true));
  else EXPECT_THROW(RequireExactMethod(ExactModel::kCover, true), Error);
  EXPECT_NO_THROW(RequireExactMethod(ExactModel::kPCenter, true));
}

// p-center's proof past its limit (here: no list of distinct distances, as
// past 2^24 of them) refuses --exact instead of ending quietly unproven;
// without --exact it returns the bound it has.
TEST(ExactMethod, PCenterProofPastItsLimitIsRefused) {
  const testing::SmallGraph g = testing::RandomGraph(10, false, 0.3, 20, 77);
  SitingInput in;
  in.symmetric = true;
  in.threads = 1;
  const SitingProblem<std::int32_t> prob(g.matrix.view(), in);
  const std::vector<std::uint32_t> start = {0};
  ASSERT_GT(Assign(prob, start).max_distance, 0);
  EXPECT_THROW(ProveCenter(prob, {}, 0, -1, start, 1, true, 0), Error);
  const CenterProof bound_only = ProveCenter(prob, {}, 0, -1, start, 1, false, 0);
  EXPECT_FALSE(bound_only.complete);
  EXPECT_EQ(bound_only.lower_bound, 0);
}

// The radius decision without CBC (the Lagrangian MCLP proof) answers as CBC
// does and as an enumeration of every p-set does, on random graphs' cover lists.
TEST(ExactMethod, CoverDecisionWithoutCbcMatchesEnumeration) {
  std::size_t yes = 0, no = 0;
  for (std::uint64_t seed = 1; seed <= 25; ++seed) {
    std::mt19937_64 rng(seed);
    const testing::SmallGraph g = testing::RandomGraph(9 + rng() % 6, rng() % 2, 0.3, 20, seed * 131 + 9);
    SitingInput in;
    in.symmetric = !g.directed;
    in.threads = 1;
    if (rng() % 3 == 0) in.fixed.push_back(static_cast<std::uint32_t>(rng() % g.n));
    const std::vector<std::uint32_t>& fixed = in.fixed;  // not a copy: GCC 13 warns (stringop-overread) on it
    const SitingProblem<std::int32_t> prob(g.matrix.view(), in);
    std::vector<std::uint32_t> all(g.n);
    for (std::uint32_t v = 0; v < g.n; ++v) all[v] = v;
    for (double radius : {6.0, 12.0, 20.0})
      for (std::size_t p = 1; p <= 3; ++p) {
        SCOPED_TRACE("seed " + std::to_string(seed) + " R=" + std::to_string(radius) + " p=" + std::to_string(p));
        const CoverLists lists = *BuildCoverLists(prob, radius, kMaxCoverPairs);
        bool exists = false;  // the enumeration (direction out: site -> demand)
        testing::ForEachSiteSet(all, fixed, p, [&](const std::vector<std::uint32_t>& s) {
          bool covers = true;
          for (std::uint32_t u = 0; u < g.n && covers; ++u) {
            bool near = false;
            for (std::uint32_t k : s) near = near || g.dist[k][u] <= radius;
            covers = near;
          }
          exists = exists || covers;
        });
        std::vector<std::uint32_t> start = fixed;  // any p_total sites
        for (std::uint32_t k = 0; start.size() < fixed.size() + p; ++k)
          if (std::find(fixed.begin(), fixed.end(), k) == fixed.end()) start.push_back(k);
        for (bool use_mip : {false, true}) {
          if (use_mip && !HaveMipSolver()) continue;
          std::vector<std::uint32_t> cover;
          const CoverDecision d = DecideCover(lists, fixed, fixed.size() + p, start, 0, 1, use_mip, &cover);
          ASSERT_NE(d, CoverDecision::kUnknown);
          EXPECT_EQ(d == CoverDecision::kCover, exists) << (use_mip ? "CBC" : "own");
          if (d == CoverDecision::kCover) {
            EXPECT_LE(cover.size(), fixed.size() + p);
            for (std::size_t u = 0; u < lists.nd; ++u) {
              bool near = false;
              for (std::size_t i = 0; i < lists.num_covering(u); ++i)
                near = near || std::find(cover.begin(), cover.end(), lists.covering(u)[i]) != cover.end();
              EXPECT_TRUE(near) << "demand " << u << " uncovered";
            }
          }
        }
        (exists ? yes : no) += 1;
      }
  }
  EXPECT_GT(yes, 20u);
  EXPECT_GT(no, 20u);
}

// The own decision where it used to stall (issue 26: 8 of OR-Library's 40
// p-centers unproven in 60 s without CBC): pmed39 (n = 900, p = 10, optimum
// 23). Seeking the best coverage, each "no 10 sites cover within R" for R =
// 15..19 ran into its deadline (the tree's open nodes then proved it); asked
// only for a cover, the search prunes every node that cannot cover all and
// decides each radius in well under a second. The shared deadline turns a
// stall into a failure.
TEST(ExactMethod, OwnCoverDecisionProvesOrlibsHardRadii) {
  const std::string path = std::string(GDIST_SHARED_DATA) + "/orlib-pmed/pmed39.txt";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " not found";
  const testing::OrlibInstance inst = testing::ReadOrlibPmed(path);
  SitingInput in;
  in.symmetric = true;
  in.threads = 2;
  const SitingProblem<std::int32_t> prob(inst.dist.view(), in);
  std::vector<std::uint32_t> start;
  for (std::uint32_t k = 0; k < inst.p; ++k) start.push_back(k);
  const double deadline = SteadySeconds() + 20;
  for (int radius = 15; radius <= 23; ++radius) {
    SCOPED_TRACE("R=" + std::to_string(radius));
    const bool covers = radius >= 23;  // the published optimum
    const CoverLists lists = *BuildCoverLists(prob, radius, kMaxCoverPairs);
    std::vector<std::uint32_t> cover;
    const CoverDecision d = DecideCover(lists, {}, inst.p, start, deadline, 2, /*use_mip=*/false, &cover);
    EXPECT_EQ(d, covers ? CoverDecision::kCover : CoverDecision::kNoCover);
    ASSERT_LT(SteadySeconds(), deadline) << "the decisions ran into the deadline";
    if (d == CoverDecision::kCover) {
      EXPECT_LE(cover.size(), inst.p);
      for (std::size_t u = 0; u < lists.nd; ++u) {
        bool near = false;
        for (std::size_t i = 0; i < lists.num_covering(u); ++i)
          near = near || std::find(cover.begin(), cover.end(), lists.covering(u)[i]) != cover.end();
        EXPECT_TRUE(near) << "demand " << u << " uncovered";
      }
    }
  }
}

}  // namespace
}  // namespace gdist
