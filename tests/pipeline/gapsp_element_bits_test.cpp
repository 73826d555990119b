// gapsp reports the element width it computed in (summary line and --json),
// picks 16 bits from the graph's own bound where the n rule fails, and writes
// the same bytes as --element-bits 32.
#include <gtest/gtest.h>

#include <string>

#include "tests/test_util.hpp"

namespace gdist {
namespace {

using test::App;
using test::RunCommand;

TEST(GapspElementBits, ReportsTheChoiceAndWritesTheSameBytes) {
  test::TempDir dir;
  // A 3-cycle of unit arcs plus a chord of 20000: (n-1) x 20000 fails the n
  // rule; the strong component's trees bound every distance by 2 + 2 = 4.
  const std::string graph = dir.file("g.txt");
  test::WriteText(graph, "0 1 1\n1 2 1\n2 0 1\n0 2 20000\n");
  const std::string out16 = dir.file("d16.gdm"), out32 = dir.file("d32.gdm");
  auto r16 = RunCommand(App("gapsp") + " --backend cpu --json '" + graph + "' '" + out16 + "'");
  ASSERT_EQ(r16.exit_code, 0) << r16.output;
  EXPECT_NE(r16.output.find("\"element_bits\":16"), std::string::npos) << r16.output;
  EXPECT_NE(r16.output.find("\"distance_bound\":4"), std::string::npos) << r16.output;
  EXPECT_NE(r16.output.find("strong components"), std::string::npos) << r16.output;
  EXPECT_NE(r16.output.find("16-bit elements ("), std::string::npos) << r16.output;  // the summary line

  auto r32 = RunCommand(App("gapsp") + " --backend cpu --json --element-bits 32 '" + graph + "' '" + out32 + "'");
  ASSERT_EQ(r32.exit_code, 0) << r32.output;
  EXPECT_NE(r32.output.find("\"element_bits\":32"), std::string::npos) << r32.output;
  EXPECT_NE(r32.output.find("\"distance_bound\":null"), std::string::npos) << r32.output;
  EXPECT_EQ(test::ReadText(out16), test::ReadText(out32));
  EXPECT_FALSE(test::ReadText(out16).empty());

  auto bad = RunCommand(App("gapsp") + " --element-bits 8 '" + graph + "' '" + dir.file("x.gdm") + "'");
  EXPECT_NE(bad.exit_code, 0) << bad.output;
  EXPECT_FALSE(test::Exists(dir.file("x.gdm")));
}

}  // namespace
}  // namespace gdist
