// The progress line's text (drawing itself is checked under a pseudo-terminal
// by the app tests).
#include "lib/util/progress.hpp"

#include <gtest/gtest.h>

namespace gdist {
namespace {

TEST(Progress, RendersFractionRateAndEta) {
  SetProgressMode(ProgressMode::kNever);
  ProgressBar bar("apsp", 200, "rounds", 1e9, "relax/s");
  EXPECT_FALSE(bar.visible());
  const std::string half = bar.Render(100, 10.0, 100);
  EXPECT_NE(half.find("50% 100/200 rounds"), std::string::npos) << half;
  EXPECT_NE(half.find("1.00e+10 relax/s"), std::string::npos) << half;
  EXPECT_NE(half.find("ETA 0:10"), std::string::npos) << half;
  EXPECT_EQ(half.size(), 99u);  // fills the terminal width but the last column
  const std::string done = bar.Render(200, 4.0, 100);
  EXPECT_NE(done.find("100%"), std::string::npos);
  EXPECT_EQ(done.find("ETA"), std::string::npos);
}

TEST(Progress, HumanUnits) {
  EXPECT_EQ(HumanBytes(4.0 * 1024 * 1024 * 1024), "4.0 GiB");
  EXPECT_EQ(HumanDuration(125), "2:05");
  EXPECT_EQ(HumanDuration(3.25), "3.2 s");
  EXPECT_EQ(HumanDuration(7322), "2:02:02");
}

TEST(Progress, ModeOverridesTheTerminalTest) {
  SetProgressMode(ProgressMode::kAlways);
  EXPECT_TRUE(ProgressEnabled());
  SetProgressMode(ProgressMode::kNever);
  EXPECT_FALSE(ProgressEnabled());
  SetProgressMode(ProgressMode::kAuto);
}

}  // namespace
}  // namespace gdist
