// gcenter's proof flags as a user runs them: --exact proves the published
// OR-Library optima, the JSON carries lower_bound/gap/optimal, --gap without
// --exact is refused.
#include <gtest/gtest.h>

#include "test_util.hpp"

namespace gdist {
namespace {

using test::App;
using test::Exists;
using test::RunCommand;
using test::SharedData;

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
  EXPECT_EQ(r.output.find("\"lower_bound\":null"), std::string::npos) << r.output;
}

TEST(GcenterProofs, GapNeedsExact) {
  const std::string pmed1 = SharedData("orlib-pmed/pmed1.txt");
  if (!Exists(pmed1)) GTEST_SKIP() << "no shared data at " << pmed1;
  auto r = RunCommand(App("gcenter") + " '" + pmed1 + "' --p-median 5 --gap 0.01");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("--gap needs --exact"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace gdist
