// mpirun -np 1|2|4 gapsp (the distributed schedule on the CPU tile kernels,
// oversubscribed on a small machine) against one plain in-core process of the
// same binary: identical output bytes and metrics, with negative weights,
// unreachable pairs, and int32 / int64 / float32 matrices; graph inputs run
// the graph path (P x 1 grid, tiles built from the arcs, metrics reduced per
// row), matrix files the 2D grid over the loaded matrix. Graphs whose
// distances a proof puts below INF16 run on int16 tiles, as one process runs
// them in 16 bits: the same choice, reason and bound in --json, the same
// bytes; --element-bits 32 and checkpoints keep 32. Skipped in builds
// without MPI.
// GCC 12 reports a false overlap in std::string concatenation at -O3
// (-Wrestrict, GCC bug 105651).
#pragma GCC diagnostic ignored "-Wrestrict"
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "tests/scale/scale_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

// A random digraph, `degree` arcs out of every vertex with weights 1..max_w,
// a tenth of the vertices with no arcs in (unreachable pairs, singleton
// components); n not a multiple of the tile (padding).
void WriteSmallWeightDimacs(const std::string& path, std::size_t n, std::size_t degree, int max_w, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::size_t> vertex(0, n - 1);
  std::uniform_int_distribution<int> weight(1, max_w);
  std::vector<bool> no_in(n);
  for (std::size_t v = 0; v < n; ++v) no_in[v] = rng() % 10 == 0;
  std::string arcs;
  std::size_t m = 0;
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t k = 0; k < degree; ++k) {
      const std::size_t v = vertex(rng);
      if (v == u || no_in[v]) continue;
      arcs += "a " + std::to_string(u + 1) + " " + std::to_string(v + 1) + " " + std::to_string(weight(rng)) + "\n";
      ++m;
    }
  std::ofstream(path) << "p sp " << n << " " << m << "\n" << arcs;
}

// The width fields of a gapsp --json line: element_bits, precision_reason, distance_bound.
std::string WidthFields(const std::string& output) {
  const auto a = output.find("\"element_bits\":"), b = output.find(",\"decimal_digits\"");
  return a == std::string::npos || b == std::string::npos || b < a ? "(no --json line)" : output.substr(a, b - a);
}

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

TEST(MpiApps, SixteenBitsAsOneProcess) {
#if !defined(GDIST_HAVE_MPI)
  GTEST_SKIP() << "built without MPI";
#else
  if (RunCommand("command -v mpirun").exit_code != 0) GTEST_SKIP() << "mpirun not found";
  TempDir tmp;
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  struct Case {
    std::size_t n, degree;
    int max_w;
    const char* proof;  // the words of the proof that must pick 16 bits
  };
  // (n-1) x 20 < INF16: the n rule; weights to 1000 at n = 900: the graph's own bound.
  for (const Case& c : {Case{700, 4, 20, "(n-1) x max weight"}, Case{900, 6, 1000, "shortest-path trees"}}) {
    SCOPED_TRACE("n " + std::to_string(c.n) + " weights 1.." + std::to_string(c.max_w));
    const std::string in = tmp.file("g16.gr"), ref = tmp.file("ref16.gdm");
    WriteSmallWeightDimacs(in, c.n, c.degree, c.max_w, seed + unsigned(c.n));
    const std::string fw = " --algorithm fw --backend cpu --json ";
    auto a = RunCommand(App("gapsp") + " -q" + fw + in + " " + ref);
    ASSERT_EQ(a.exit_code, 0) << a.output;
    const std::string width = WidthFields(a.output);
    ASSERT_NE(width.find("\"element_bits\":16"), std::string::npos)
        << "one process ran 32 bits: the case tests nothing; " << a.output;
    EXPECT_NE(width.find(c.proof), std::string::npos) << width;
    const std::string ref_metrics = tmp.file("ref16.json"), ref_vertex = tmp.file("ref16.csv");
    auto m = RunCommand(App("gapsp") + " -q" + fw + in + " --metrics " + ref_metrics + " --per-vertex " + ref_vertex);
    ASSERT_EQ(m.exit_code, 0) << m.output;
    // --element-bits 32: one process's 32-bit file.
    const std::string ref32 = tmp.file("ref32.gdm");
    auto a32 = RunCommand(App("gapsp") + " -q --element-bits 32" + fw + in + " " + ref32);
    ASSERT_EQ(a32.exit_code, 0) << a32.output;
    ASSERT_TRUE(ReadText(ref) != ReadText(ref32)) << "the 16-bit file is the 32-bit one: the comparison tests nothing";
    for (int np : {1, 2, 4}) {
      SCOPED_TRACE("np " + std::to_string(np));
      const std::string out = tmp.file("d16-" + std::to_string(np) + ".gdm");
      auto b = RunCommand(Mpirun(np) + App("gapsp") + " -q" + fw + in + " " + out);
      ASSERT_EQ(b.exit_code, 0) << b.output;
      EXPECT_NE(b.output.find("distributed over " + std::to_string(np) + " MPI ranks"), std::string::npos) << b.output;
      EXPECT_EQ(width, WidthFields(b.output)) << "the distributed run's width differs from one process's";
      EXPECT_TRUE(ReadText(ref) == ReadText(out)) << "distributed 16-bit bytes differ from one process";
      // The metrics over int16 rows (INF16 read as unreachable).
      const std::string json = tmp.file("m16.json"), csv = tmp.file("m16.csv");
      auto mr = RunCommand(Mpirun(np) + App("gapsp") + " -q" + fw + in + " --metrics " + json + " --per-vertex " + csv);
      ASSERT_EQ(mr.exit_code, 0) << mr.output;
      EXPECT_NE(WidthFields(mr.output).find("\"element_bits\":16"), std::string::npos) << mr.output;
      EXPECT_EQ(ReadText(ref_metrics), ReadText(json)) << "distributed 16-bit metrics differ from one process";
      EXPECT_EQ(ReadText(ref_vertex), ReadText(csv));
      if (np == 2) {
        // --element-bits 32 keeps 32 bits and one process's 32-bit file.
        const std::string out32 = tmp.file("d32.gdm");
        auto b32 = RunCommand(Mpirun(np) + App("gapsp") + " -q --element-bits 32" + fw + in + " " + out32);
        ASSERT_EQ(b32.exit_code, 0) << b32.output;
        EXPECT_EQ(WidthFields(a32.output), WidthFields(b32.output));
        EXPECT_NE(WidthFields(b32.output).find("\"element_bits\":32"), std::string::npos) << b32.output;
        EXPECT_TRUE(ReadText(ref32) == ReadText(out32))
            << "--element-bits 32: distributed bytes differ from one process";
        // A checkpointed run keeps the matrix's width (its snapshots are int32 tiles), and the same bytes.
        const std::string outc = tmp.file("dc.gdm");
        std::filesystem::create_directories(tmp.file("ckpt"));
        auto bc = RunCommand(Mpirun(np) + App("gapsp") + " -q" + fw + "--checkpoint " + tmp.file("ckpt") +
                             " --checkpoint-every 0 " + in + " " + outc);
        ASSERT_EQ(bc.exit_code, 0) << bc.output;
        EXPECT_NE(WidthFields(bc.output).find("\"element_bits\":32"), std::string::npos) << bc.output;
        EXPECT_NE(bc.output.find("checkpointed run keeps the matrix's width"), std::string::npos) << bc.output;
        EXPECT_TRUE(ReadText(ref) == ReadText(outc)) << "checkpointed distributed bytes differ from one process";
      }
      if (np >= 2) {
        // A matrix file in: the 2D grid over the loaded matrix, 16 bits by ChoosePrecision on every rank.
        const std::string adj = tmp.file("adj16.gdm"), out2 = tmp.file("d2d16.gdm");
        auto g = RunCommand(App("gconvert") + " -q " + in + " " + adj);
        ASSERT_EQ(g.exit_code, 0) << g.output;
        auto one = RunCommand(App("gapsp") + " -q --backend cpu --json " + adj + " " + tmp.file("one2d.gdm"));
        ASSERT_EQ(one.exit_code, 0) << one.output;
        EXPECT_EQ(width, WidthFields(one.output)) << "the matrix file and the graph got different widths";
        auto d = RunCommand(Mpirun(np) + App("gapsp") + " -q --backend cpu --json " + adj + " " + out2);
        ASSERT_EQ(d.exit_code, 0) << d.output;
        EXPECT_EQ(WidthFields(one.output), WidthFields(d.output)) << d.output;
        EXPECT_TRUE(ReadText(ref) == ReadText(out2)) << "2D grid 16-bit bytes differ from one process";
        auto d32 =
            RunCommand(Mpirun(np) + App("gapsp") + " -q --element-bits 32 --backend cpu --json " + adj + " " + out2);
        ASSERT_EQ(d32.exit_code, 0) << d32.output;
        EXPECT_NE(WidthFields(d32.output).find("\"element_bits\":32"), std::string::npos) << d32.output;
        EXPECT_TRUE(ReadText(ref32) == ReadText(out2)) << "2D grid --element-bits 32 bytes differ from one process";
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
