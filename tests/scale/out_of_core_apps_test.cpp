// gapsp --memory-limit (CPU out of core, the matrix in a temporary file) and
// gapsp IN --metrics FILE without OUT, against the plain in-core run of the
// same binary: identical bytes, identical metrics.
#include <gtest/gtest.h>

#include "tests/scale/scale_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

TEST(OutOfCoreApps, MemoryLimitGivesTheInCoreBytes) {
  TempDir tmp;
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  for (bool negative : {false, true}) {
    const std::string in = tmp.file(negative ? "neg.gr" : "pos.gr");
    WriteRandomDimacs(in, 700, 0.01, seed + negative, negative);
    const std::string ref = tmp.file("ref.gdm"), oc = tmp.file("oc.gdm");
    auto a = RunCommand(App("gapsp") + " -q --backend cpu " + in + " " + ref);
    ASSERT_EQ(a.exit_code, 0) << a.output;
    // 768^2 int32 = 2.25 MiB; 1 MiB forces blocks of 256 (4 x 256 KiB working set).
    auto b = RunCommand(App("gapsp") + " --backend cpu --memory-limit 1M --progress " + in + " " + oc);
    ASSERT_EQ(b.exit_code, 0) << b.output;
    EXPECT_NE(b.output.find("out of core: blocks of 256"), std::string::npos) << b.output;
    EXPECT_NE(b.output.find("progress: cpu out-of-core round 3/3"), std::string::npos) << b.output;
    EXPECT_EQ(ReadText(ref), ReadText(oc)) << "out-of-core bytes differ from in-core";
  }
}

TEST(OutOfCoreApps, MetricsWithoutTheMatrix) {
  TempDir tmp;
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  const std::string in = tmp.file("g.gr");
  WriteRandomDimacs(in, 400, 0.02, seed, true);
  auto a = RunCommand(App("gapsp") + " -q --backend cpu " + in + " " + tmp.file("d.gdm") + " --metrics " +
                      tmp.file("with.json"));
  ASSERT_EQ(a.exit_code, 0) << a.output;
  auto g = RunCommand(App("gcenter") + " " + tmp.file("d.gdm") + " --backend cpu --per-vertex " + tmp.file("gc.csv"));
  ASSERT_EQ(g.exit_code, 0) << g.output;
  auto b = RunCommand(App("gapsp") + " -q --backend cpu --memory-limit 300K " + in + " --metrics " +
                      tmp.file("alone.json") + " --per-vertex " + tmp.file("alone.csv"));
  ASSERT_EQ(b.exit_code, 0) << b.output;
  EXPECT_EQ(ReadText(tmp.file("with.json")), ReadText(tmp.file("alone.json")));
  EXPECT_EQ(ReadText(tmp.file("gc.csv")), ReadText(tmp.file("alone.csv")));
  EXPECT_NE(ReadText(tmp.file("alone.json")).find("\"diameter\""), std::string::npos);
  // Nothing else was written beside the input.
  std::size_t files = 0;
  for (auto& e : std::filesystem::directory_iterator(tmp.path())) files += e.is_regular_file();
  EXPECT_EQ(files, 6u);

  auto c = RunCommand(App("gapsp") + " " + in);
  EXPECT_EQ(c.exit_code, 2) << c.output;
  EXPECT_NE(c.output.find("OUT is required unless --metrics"), std::string::npos) << c.output;
}

}  // namespace
}  // namespace gdist::test
