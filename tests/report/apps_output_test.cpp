// What the apps add for people: --version on every tool, and gapsp's NumPy
// and CSV outputs read back by NumPy and compared with the NTHU output of
// the same run (an independent writer of the same numbers).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "lib/siting/covering_mip.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

using test::App;
using test::RunCommand;
using test::TempDir;
using test::WriteText;

TEST(AppsVersion, EveryToolSaysWhatItIs) {
  for (const char* tool : {"gconvert", "gapsp", "gcenter", "gpath"}) {
    const auto r = RunCommand(App(tool) + " --version");
    EXPECT_EQ(r.exit_code, 0) << tool;
    EXPECT_EQ(r.output.rfind(std::string(tool) + " ", 0), 0u) << r.output;
    EXPECT_NE(r.output.find("(commit "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("CPU kernels: "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("portable"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("CUDA backend: "), std::string::npos) << r.output;
    // Whether proofs (CBC) are in the build, as for OpenStreetMap input (issue 29).
    EXPECT_NE(r.output.find(HaveMipSolver() ? "Proofs (CBC): built (COIN-OR CBC" : "Proofs (CBC): not built"),
              std::string::npos)
        << r.output;
  }
}

std::string RandomGraph(unsigned seed, int n, int m) {
  std::mt19937 rng(seed);
  std::string g = "p sp " + std::to_string(n) + " " + std::to_string(m) + "\n";
  for (int e = 0; e < m; ++e)
    g += "a " + std::to_string(1 + rng() % n) + " " + std::to_string(1 + rng() % n) + " " +
         std::to_string(1 + rng() % 50) + "\n";
  return g;
}

TEST(AppsExport, NpyAndCsvEqualTheNthuOutput) {
  if (RunCommand("/usr/bin/python3 -c 'import numpy'").exit_code != 0) GTEST_SKIP() << "numpy missing";
  TempDir dir;
  const unsigned seed = test::TestSeed();
  WriteText(dir.file("g.gr"), RandomGraph(seed, 140, 300));
  for (const char* to : {"nthu", "npy", "csv"}) {
    const auto r = RunCommand(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file(std::string("d.") + to) +
                              " --to " + to + " -q");
    ASSERT_EQ(r.exit_code, 0) << to << ": " << r.output;
  }
  const auto check = RunCommand(
      "/usr/bin/python3 -c \"import numpy as np; n=140; a=np.fromfile('" + dir.file("d.nthu") +
      "', dtype='<i4').reshape(n, n); b=np.load('" + dir.file("d.npy") + "'); c=np.genfromtxt('" + dir.file("d.csv") +
      "', delimiter=',', skip_header=1)[:, 1:]; "
      "f=np.where(a >= 1073741823, np.inf, a); "
      "print(b.dtype.str, b.shape, bool((a == b).all()), bool((f == c).all()), int(np.isinf(c).sum()))\"");
  ASSERT_EQ(check.exit_code, 0) << check.output;
  EXPECT_EQ(check.output.substr(0, check.output.rfind(' ')), "<i4 (140, 140) True True") << "seed " << seed;
}

TEST(AppsExport, PathsNeedTheMatrixFile) {
  TempDir dir;
  WriteText(dir.file("g.gr"), "p sp 2 1\na 1 2 3\n");
  const auto r = RunCommand(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("d.npy") + " --to npy --paths");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--paths needs --to gdm"), std::string::npos) << r.output;
  EXPECT_FALSE(test::Exists(dir.file("d.npy")));
}

// Text reports print distances, objectives and weights as the shortest text
// that reads back exactly: int64 lengths past 2^32 in full, not "1.11111e+12".
TEST(AppsText, NumbersReadBackExactly) {
  TempDir dir;
  const std::int64_t a = 123456789012, b = 987654321098;  // int64 weights, distinct digits
  WriteText(dir.file("g.gr"), "p sp 3 4\na 1 2 " + std::to_string(a) + "\na 2 1 " + std::to_string(a) + "\na 2 3 " +
                                  std::to_string(b) + "\na 3 2 " + std::to_string(b) + "\n");
  const auto apsp = RunCommand(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("d.gdm") + " --paths -q");
  ASSERT_EQ(apsp.exit_code, 0) << apsp.output;
  const auto route = RunCommand(App("gpath") + " " + dir.file("d.gdm") + " --from 1 --to 3");
  ASSERT_EQ(route.exit_code, 0) << route.output;
  EXPECT_NE(route.output.find("length " + std::to_string(a + b) + ","), std::string::npos) << route.output;
  EXPECT_NE(route.output.find("-(" + std::to_string(b) + ")->"), std::string::npos) << route.output;
  // One site: vertex 2 serves 1 and 3 at a + b in total (the other choices cost more).
  const auto site = RunCommand(App("gcenter") + " " + dir.file("d.gdm") + " --p-median 1");
  ASSERT_EQ(site.exit_code, 0) << site.output;
  EXPECT_NE(site.output.find("objective  " + std::to_string(a + b)), std::string::npos) << site.output;
  const auto metrics = RunCommand(App("gcenter") + " " + dir.file("d.gdm"));
  ASSERT_EQ(metrics.exit_code, 0) << metrics.output;
  EXPECT_NE(metrics.output.find(std::to_string(a + b)), std::string::npos) << "the diameter, " << metrics.output;
}

}  // namespace
}  // namespace gdist
