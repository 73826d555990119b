// The all-pairs run reports the element width it computed in (summary line
// and --json), picks 16 bits from the graph's own bound where the n rule
// fails, and writes a 16-bit file holding the values of the 32-bit one (RunApsp
// called directly); the app refuses a width it does not offer.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/apsp_summary.hpp"
#include "lib/pipeline/run_apsp.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

using test::App;
using test::RunCommand;

std::string RunOnce(const std::string& graph, const std::string& out, bool allow_int16) {
  ApspRunRequest r;
  r.in = graph;
  r.out = out;
  r.backend = Backend::kCpu;
  r.allow_int16 = allow_int16;
  RunContext context(0, Backend::kCpu);
  const ApspRunResult result = RunApsp(r, context);
  std::ostringstream report;
  WriteApspJson(report, result);
  report << ApspSummaryLine(result) << "\n";
  return report.str();
}

// Every element of a matrix file as the readers see it (int32).
std::vector<std::int32_t> Values(const std::string& path) {
  MappedMatrixFile file(path);
  const auto view = file.view<std::int32_t>();
  return {view.data, view.data + file.info().stride * file.info().stride};
}

TEST(GapspElementBits, ReportsTheChoiceAndWritesTheSameValuesInHalfTheBytes) {
  test::TempDir dir;
  // A 3-cycle of unit arcs plus a chord of 20000: (n-1) x 20000 fails the n
  // rule; the strong component's trees bound every distance by 2 + 2 = 4.
  const std::string graph = dir.file("g.txt");
  test::WriteText(graph, "0 1 1\n1 2 1\n2 0 1\n0 2 20000\n");
  const std::string out16 = dir.file("d16.gdm"), out32 = dir.file("d32.gdm");
  const std::string r16 = RunOnce(graph, out16, true);
  EXPECT_NE(r16.find("\"element_bits\":16"), std::string::npos) << r16;
  EXPECT_NE(r16.find("\"distance_bound\":4"), std::string::npos) << r16;
  EXPECT_NE(r16.find("strong components"), std::string::npos) << r16;
  EXPECT_NE(r16.find("16-bit elements ("), std::string::npos) << r16;  // the summary line

  const std::string r32 = RunOnce(graph, out32, false);  // --element-bits 32
  EXPECT_NE(r32.find("\"element_bits\":32"), std::string::npos) << r32;
  EXPECT_NE(r32.find("\"distance_bound\":null"), std::string::npos) << r32;
  // --element-bits 32 keeps the 32-bit file; auto stores 16 bits: the same values, half the payload.
  EXPECT_FALSE(MappedMatrixFile(out32).info().stored_int16);
  EXPECT_TRUE(MappedMatrixFile(out16).info().stored_int16);
  EXPECT_EQ(Values(out16), Values(out32));
  EXPECT_EQ(Values(out16)[2], 2);  // d(0, 2) by the cycle, not the chord
  EXPECT_EQ(test::ReadText(out32).size() - test::ReadText(out16).size(), 128u * 128u * 2u);

  auto bad = RunCommand(App("gapsp") + " --element-bits 8 '" + graph + "' '" + dir.file("x.gdm") + "'");
  EXPECT_NE(bad.exit_code, 0) << bad.output;
  EXPECT_FALSE(test::Exists(dir.file("x.gdm")));
}

}  // namespace
}  // namespace gdist
