// gcenter's proof flags as a user runs them: --exact proves the published
// OR-Library optima, the JSON carries lower_bound/gap/optimal, --gap without
// --exact is refused, and a graph file with --candidates (the sparse engine's
// k x n candidate rows) proves what the dense matrix restricted to the same
// candidates proves.
#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <sstream>

#include "lib/siting/covering_mip.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

using test::App;
using test::Exists;
using test::RunCommand;
using test::SharedData;
using test::TempDir;
using test::TestSeed;
using test::WriteText;

TEST(GcenterProofs, ExactProvesThePublishedOptimaOfPmed1) {
  const std::string pmed1 = SharedData("orlib-pmed/pmed1.txt");
  if (!Exists(pmed1)) GTEST_SKIP() << "no shared data at " << pmed1;
  // pmedopt.txt: 5819; kcenteropt.txt: 127 (p = 5).
  auto r = RunCommand(App("gcenter") + " --backend cpu '" + pmed1 + "' --p-median 5 --p-center 5 --exact --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"objective\":5819,"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"lower_bound\":5819,\"gap\":0,\"optimal\":true"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"objective\":127,"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"lower_bound\":127,\"gap\":0,\"optimal\":true"), std::string::npos) << r.output;
}

TEST(GcenterProofs, EveryModelReportsABound) {
  const std::string pmed1 = SharedData("orlib-pmed/pmed1.txt");
  if (!Exists(pmed1)) GTEST_SKIP() << "no shared data at " << pmed1;
  auto r = RunCommand(App("gcenter") + " --backend cpu '" + pmed1 +
                      "' --p-median 5 --p-center 5 --cover 127 --max-cover 100 --p 3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::size_t lower = 0, at = 0;
  while ((at = r.output.find("\"lower_bound\":", at)) != std::string::npos) ++lower, ++at;
  EXPECT_EQ(lower, 3u) << r.output;                                             // p-median, p-center, cover
  EXPECT_NE(r.output.find("\"upper_bound\":"), std::string::npos) << r.output;  // max-cover
  if (HaveMipSolver()) {
    EXPECT_EQ(r.output.find("\"lower_bound\":null"), std::string::npos) << r.output;
  } else {
    // Built without CBC the covering models have no bound, and say so rather than a number.
    EXPECT_NE(r.output.find("\"lower_bound\":null,\"gap\":null,\"optimal\":false"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\"upper_bound\":null,\"gap\":null,\"optimal\":false"), std::string::npos) << r.output;
  }
}

TEST(GcenterProofs, GapNeedsExact) {
  const std::string pmed1 = SharedData("orlib-pmed/pmed1.txt");
  if (!Exists(pmed1)) GTEST_SKIP() << "no shared data at " << pmed1;
  auto r = RunCommand(App("gcenter") + " '" + pmed1 + "' --p-median 5 --gap 0.01");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("--gap needs --exact"), std::string::npos) << r.output;
}

TEST(GcenterProofs, CandidateRowsProveWhatTheDenseMatrixProves) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("seed " + std::to_string(seed) + " (GDIST_SEED replays)");
  std::mt19937 rng(seed);
  TempDir dir;
  const std::size_t n = 120;
  std::ostringstream arcs;
  // A directed cycle through every vertex (every demand reachable), then random arcs.
  for (std::size_t v = 0; v < n; ++v) arcs << "v" << v << ",v" << (v + 1) % n << "," << 20 + rng() % 40 << "\n";
  for (std::size_t i = 0; i < 4 * n; ++i)
    arcs << "v" << rng() % n << ",v" << rng() % n << "," << 1 + rng() % 30 << "\n";
  WriteText(dir.file("g.csv"), arcs.str());
  std::string cand;
  for (std::size_t v = 0; v < n; ++v)
    if (rng() % 4 == 0)
      cand.append("v").append(std::to_string(v)).append("\n");  // GCC 12: "v" + string warns -Wrestrict
  WriteText(dir.file("c.txt"), cand);
  ASSERT_EQ(RunCommand(App("gapsp") + " " + dir.file("g.csv") + " " + dir.file("d.gdm") + " -q").exit_code, 0);
  for (const std::string model :
       {"--p-median 3", "--p-center 3", "--max-cover 25 --p 3", "--max-cover 60 --p 2", "--cover 120",
        "--p-median 3 --direction in", "--max-cover 25 --p 3 --direction in"}) {
    SCOPED_TRACE(model);
    const std::string flags = " --candidates " + dir.file("c.txt") + " --exact --json -j 2 --backend cpu " + model;
    const auto dense = RunCommand(App("gcenter") + " " + dir.file("d.gdm") + flags);
    const auto rows = RunCommand(App("gcenter") + " " + dir.file("g.csv") + " --engine sparse" + flags);
    if (model == "--cover 120" && !HaveMipSolver()) {  // LSCP's proof is CBC's: both refuse
      EXPECT_EQ(dense.exit_code, 2) << dense.output;
      EXPECT_EQ(rows.exit_code, 2) << rows.output;
      continue;
    }
    ASSERT_EQ(dense.exit_code, 0) << dense.output;
    ASSERT_EQ(rows.exit_code, 0) << rows.output;
    EXPECT_NE(rows.output.find("\"gap\":0,\"optimal\":true"), std::string::npos) << rows.output;
    // The same sites, objective, bound and proof; the methods' words and the runs' plans may differ.
    auto comparable = [](const std::string& json) {
      const std::string answer = std::regex_replace(json, std::regex(",\"plan\":(null|\\{[^{}]*\\})"), "");
      return std::regex_replace(answer, std::regex("\"(method|bound_method|backend)\":\"[^\"]*\""), "");
    };
    EXPECT_EQ(comparable(dense.output), comparable(rows.output));
  }
}

}  // namespace
}  // namespace gdist
