// The tools people reach for around the answers: ginfo on valid and damaged
// matrix files, gconvert between graph formats (checked by solving every
// written file and comparing with the original's distances), and gcenter's
// pictures rendered by a real SVG renderer.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "test_util.hpp"

namespace gdist {
namespace {

using test::App;
using test::RunCommand;
using test::TempDir;
using test::WriteText;

std::string RandomGraph(unsigned seed, int n, int m, bool fractions) {
  std::mt19937 rng(seed);
  std::string g = "p sp " + std::to_string(n) + " " + std::to_string(m) + "\n";
  for (int e = 0; e < m; ++e) {
    std::string w = std::to_string(1 + rng() % 500);
    if (fractions && e % 3 == 0) w += ".25";
    g += "a " + std::to_string(1 + rng() % n) + " " + std::to_string(1 + rng() % n) + " " + w + "\n";
  }
  return g;
}

TEST(Ginfo, DescribesAndValidates) {
  TempDir dir;
  WriteText(dir.file("g.gr"), RandomGraph(test::TestSeed(), 70, 200, false));
  ASSERT_EQ(RunCommand(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("d.gdm") + " --paths -q").exit_code, 0);
  auto r = RunCommand(App("ginfo") + " " + dir.file("d.gdm"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("distance matrix, directed"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("vertices     70 (rows padded to 128)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("range 1..70"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("checksums    valid"), std::string::npos) << r.output;
  r = RunCommand(App("ginfo") + " --json " + dir.file("d.gdm"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto py = RunCommand(
      "/usr/bin/python3 -c \"import json,sys; d=json.loads(sys.argv[1]); "
      "print(d['n'], d['stride'], d['element_type'], d['valid'], d['next_hop_bytes'])\" '" +
      r.output + "'");
  EXPECT_EQ(py.output, "70 128 int32 True 65536\n");

  // One flipped payload bit: the file still opens, ginfo says it is damaged, exit 1.
  std::string bytes = test::ReadText(dir.file("d.gdm"));
  bytes[4096 + 130] ^= 4;
  WriteText(dir.file("bad.gdm"), bytes);
  r = RunCommand(App("ginfo") + " " + dir.file("bad.gdm"));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("INVALID"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("checksum"), std::string::npos) << r.output;
  // Not a matrix file at all: exit 2 with the reader's reason.
  r = RunCommand(App("ginfo") + " " + dir.file("g.gr"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(r.output.rfind("ginfo: ", 0), 0u) << r.output;
}

// Every graph format gconvert writes, read back, gives the same distances.
// Without --to, OUT's extension decides: a .csv OUT is CSV text (it used to be a binary .gdm under a
// .csv name), a .npy one NumPy's format, anything else a .gdm; --to still overrides.
TEST(GapspOutput, ExtensionChoosesTheFormatWithoutTo) {
  test::TempDir dir;
  test::WriteText(dir.file("g.gr"), "p sp 3 2\na 1 2 5\na 2 3 7\n");
  ASSERT_EQ(RunCommand(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("d.csv") + " -q").exit_code, 0);
  EXPECT_EQ(test::ReadText(dir.file("d.csv")), "vertex,1,2,3\n1,0,5,12\n2,inf,0,7\n3,inf,inf,0\n");
  ASSERT_EQ(RunCommand(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("d.npy") + " -q").exit_code, 0);
  EXPECT_EQ(test::ReadText(dir.file("d.npy")).substr(0, 6), "\x93NUMPY");
  ASSERT_EQ(RunCommand(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("d.out") + " -q").exit_code, 0);
  EXPECT_EQ(test::ReadText(dir.file("d.out")).substr(0, 7), "GDISTMX");
  ASSERT_EQ(RunCommand(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("e.csv") + " --to gdm -q").exit_code, 0);
  EXPECT_EQ(test::ReadText(dir.file("e.csv")).substr(0, 7), "GDISTMX");
}

TEST(GconvertWriters, RoundTripThroughEveryFormat) {
  TempDir dir;
  const unsigned seed = test::TestSeed();
  for (bool fractions : {false, true}) {
    WriteText(dir.file("g.gr"), RandomGraph(seed, 60, 240, fractions));
    ASSERT_EQ(RunCommand(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("ref.csv") + " --to csv -q").exit_code,
              0);
    const std::string ref = test::ReadText(dir.file("ref.csv"));
    for (const char* ext : {"gr", "mtx", "csv"}) {
      const std::string out = dir.file(std::string("w.") + ext);
      auto r = RunCommand(App("gconvert") + " " + dir.file("g.gr") + " " + out + " -q");
      ASSERT_EQ(r.exit_code, 0) << ext << ": " << r.output;
      r = RunCommand(App("gapsp") + " " + out + " " + dir.file("d.csv") + " --to csv -q");
      ASSERT_EQ(r.exit_code, 0) << ext << ": " << r.output;
      EXPECT_EQ(test::ReadText(dir.file("d.csv")), ref) << ext << " fractions=" << fractions << " seed " << seed;
    }
  }
}

// An edge list names only vertices with arcs: a vertex without any (here 3 of
// 1..4) must survive gconvert's CSV, or every later row and label shifts.
TEST(GconvertWriters, VerticesWithoutArcsSurviveAnEdgeList) {
  TempDir dir;
  WriteText(dir.file("g.gr"), "p sp 4 2\na 1 2 5\na 4 1 7\n");
  auto r = RunCommand(App("gconvert") + " " + dir.file("g.gr") + " " + dir.file("w.csv"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("1 vertices without arcs"), std::string::npos) << r.output;
  ASSERT_EQ(RunCommand(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("ref.csv") + " --to csv -q").exit_code,
            0);
  ASSERT_EQ(RunCommand(App("gapsp") + " " + dir.file("w.csv") + " " + dir.file("d.csv") + " --to csv -q").exit_code, 0);
  EXPECT_EQ(test::ReadText(dir.file("d.csv")), test::ReadText(dir.file("ref.csv")));
  EXPECT_NE(test::ReadText(dir.file("d.csv")).find("vertex,1,2,3,4"), std::string::npos);
}

TEST(GconvertWriters, UndirectedAndLabelsSurvive) {
  TempDir dir;
  WriteText(dir.file("g.txt"), "Rome Milan 5\nMilan Turin 2\nTurin Genoa 123456789012345678\n");
  ASSERT_EQ(RunCommand(App("gapsp") + " " + dir.file("g.txt") + " " + dir.file("ref.csv") + " --undirected --to csv -q")
                .exit_code,
            0);
  auto r = RunCommand(App("gconvert") + " " + dir.file("g.txt") + " " + dir.file("w.csv") + " --undirected -q");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string written = test::ReadText(dir.file("w.csv"));
  EXPECT_NE(written.find("Turin,Genoa,123456789012345678"), std::string::npos) << written;  // int64 exact
  r = RunCommand(App("gapsp") + " " + dir.file("w.csv") + " " + dir.file("d.csv") + " --undirected --to csv -q");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(test::ReadText(dir.file("d.csv")), test::ReadText(dir.file("ref.csv")));
  // Matrix Market keeps the graph undirected (symmetric) by itself.
  r = RunCommand(App("gconvert") + " " + dir.file("g.txt") + " " + dir.file("w.mtx") + " --undirected");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("note: Matrix Market numbers vertices 1..n"), std::string::npos) << r.output;
  EXPECT_NE(test::ReadText(dir.file("w.mtx")).find("coordinate integer symmetric"), std::string::npos);
}

std::array<long, 3> Ink(const TempDir& dir, const std::string& svg) {
  const auto r = RunCommand("rsvg-convert -o " + dir.file("p.png") + " " + svg + " && /usr/bin/python3 " +
                            std::string(GDIST_SOURCE_DIR) + "/tests/report/png_ink.py " + dir.file("p.png"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  std::array<long, 3> out{};
  std::istringstream(r.output) >> out[0] >> out[1] >> out[2];
  return out;
}

TEST(GcenterPictures, MapAndHistogramRender) {
  if (RunCommand("command -v rsvg-convert").exit_code != 0) GTEST_SKIP() << "rsvg-convert missing";
  TempDir dir;
  const std::string grid = std::string(GDIST_SOURCE_DIR) + "/data/grid-50x40.gr";
  auto r = RunCommand(App("gcenter") + " " + grid + " --p-median 4 --json --svg " + dir.file("map.svg") +
                      " --histogram " + dir.file("hist.svg"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("Pivot MDS"), std::string::npos) << r.output;  // no .co beside the sample
  const std::string map = test::ReadText(dir.file("map.svg"));
  EXPECT_NE(map.find("p_median: 4 sites"), std::string::npos);
  EXPECT_GT(Ink(dir, dir.file("map.svg"))[2], 5000);
  EXPECT_GT(Ink(dir, dir.file("hist.svg"))[2], 5000);

  // With coordinates: the note says so, and a vertex the file does not place falls back to the layout.
  std::string co = "c grid\np aux sp co 4\n";
  for (int v = 1; v <= 4; ++v) co += "v " + std::to_string(v) + " " + std::to_string(v * 10) + " 5\n";
  WriteText(dir.file("g.gr"), "p sp 4 3\na 1 2 1\na 2 3 1\na 3 4 1\n");
  WriteText(dir.file("g.co"), co);
  r = RunCommand(App("gcenter") + " " + dir.file("g.gr") + " --p-center 1 --svg " + dir.file("small.svg"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("coordinates from the input"), std::string::npos) << r.output;
  // A bad coordinates file fails before any output is written.
  WriteText(dir.file("bad.co"), "v 1 10 5\nv 9 1 1\n");
  r = RunCommand(App("gcenter") + " " + dir.file("g.gr") + " --svg " + dir.file("bad.svg") + " --coordinates " +
                 dir.file("bad.co"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("bad.co:2: vertex '9' is not in the graph"), std::string::npos) << r.output;
  EXPECT_FALSE(test::Exists(dir.file("bad.svg")));
}

}  // namespace
}  // namespace gdist
