// mpirun -np 1|2|4 gapsp (the distributed schedule on the CPU tile kernels,
// oversubscribed on a small machine) against one plain in-core process of the
// same binary: identical output bytes and metrics, with negative weights,
// unreachable pairs, and int32 / int64 / float32 matrices; graph inputs run
// the graph path (P x 1 grid, tiles built from the arcs, metrics reduced per
// row), matrix files the 2D grid over the loaded matrix. Skipped in builds
// without MPI.
// GCC 12 reports a false overlap in std::string concatenation at -O3
// (-Wrestrict, GCC bug 105651).
#pragma GCC diagnostic ignored "-Wrestrict"
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "tests/scale/scale_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

TEST(MpiApps, SameBytesAsOneProcess) {
#if !defined(GDIST_HAVE_MPI)
  GTEST_SKIP() << "built without MPI";
#else
  if (RunCommand("command -v mpirun").exit_code != 0) GTEST_SKIP() << "mpirun not found";
  TempDir tmp;
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  struct Case {
    std::size_t n;
    bool negative;
    const char* type;
  };
  for (const Case& c :
       {Case{700, true, "int32"}, Case{300, false, "int32"}, Case{500, true, "int64"}, Case{400, false, "float32"}}) {
    SCOPED_TRACE("n " + std::to_string(c.n) + " " + c.type + (c.negative ? " negative weights" : ""));
    const std::string in = tmp.file("g.gr"), ref = tmp.file("ref.gdm");
    WriteRandomDimacs(in, c.n, 0.01, seed + unsigned(c.n), c.negative);
    const std::string flags = std::string(" --backend cpu --type ") + c.type + " ";
    auto a = RunCommand(App("gapsp") + " -q" + flags + in + " " + ref);
    ASSERT_EQ(a.exit_code, 0) << a.output;
    const std::string ref_metrics = tmp.file("ref.json"), ref_vertex = tmp.file("ref.csv");
    auto m =
        RunCommand(App("gapsp") + " -q" + flags + in + " --metrics " + ref_metrics + " --per-vertex " + ref_vertex);
    ASSERT_EQ(m.exit_code, 0) << m.output;
    for (int np : {1, 2, 4}) {
      SCOPED_TRACE("np " + std::to_string(np));
      const std::string out = tmp.file("d" + std::to_string(np) + ".gdm");
      auto b = RunCommand(Mpirun(np) + App("gapsp") + flags + in + " " + out);
      ASSERT_EQ(b.exit_code, 0) << b.output;
      EXPECT_NE(b.output.find("distributed over " + std::to_string(np) + " MPI ranks (" + std::to_string(np) + " x 1"),
                std::string::npos)
          << b.output;
      EXPECT_EQ(ReadText(ref), ReadText(out)) << "distributed bytes differ from one process";
      // Metrics alone: no matrix anywhere, rows reduced on their ranks.
      const std::string json = tmp.file("m.json"), csv = tmp.file("m.csv");
      auto mr =
          RunCommand(Mpirun(np) + App("gapsp") + " -q" + flags + in + " --metrics " + json + " --per-vertex " + csv);
      ASSERT_EQ(mr.exit_code, 0) << mr.output;
      EXPECT_EQ(ReadText(ref_metrics), ReadText(json)) << "distributed metrics differ from one process";
      EXPECT_EQ(ReadText(ref_vertex), ReadText(csv));
      if (np == 4) {
        // A matrix file in: the 2D grid (2 x 2) over the loaded matrix.
        const std::string adj = tmp.file("adj.gdm"), out2 = tmp.file("d2d.gdm");
        auto g = RunCommand(App("gconvert") + " -q --type " + std::string(c.type) + " " + in + " " + adj);
        ASSERT_EQ(g.exit_code, 0) << g.output;
        auto d = RunCommand(Mpirun(np) + App("gapsp") + " --backend cpu " + adj + " " + out2);
        ASSERT_EQ(d.exit_code, 0) << d.output;
        EXPECT_NE(d.output.find("(2 x 2 block-cyclic"), std::string::npos) << d.output;
        EXPECT_EQ(ReadText(ref), ReadText(out2)) << "2D grid bytes differ from one process";
      }
    }
  }
#endif
}

TEST(MpiApps, NegativeCycleRefusedByEveryRank) {
#if !defined(GDIST_HAVE_MPI)
  GTEST_SKIP() << "built without MPI";
#else
  if (RunCommand("command -v mpirun").exit_code != 0) GTEST_SKIP() << "mpirun not found";
  TempDir tmp;
  const std::string in = tmp.file("cycle.gr"), out = tmp.file("d.gdm");
  WriteText(in, "p sp 300 3\na 1 2 5\na 2 3 -4\na 3 1 -2\n");
  auto r = RunCommand(Mpirun(2) + App("gapsp") + " --backend cpu " + in + " " + out);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("negative cycle"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(out));
#endif
}

}  // namespace
}  // namespace gdist::test
