// The three apps run as a user runs them, checked against independent answers:
// published NTHU outputs, the rome99 facts in shared/data/SOURCES.md, SciPy.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "test_util.hpp"

namespace gdist {
namespace {

using test::App;
using test::Exists;
using test::RunCommand;
using test::SharedData;
using test::TempDir;

std::string Sha256(const std::string& path) {
  auto r = RunCommand("sha256sum '" + path + "'");
  return r.output.substr(0, 64);
}

TEST(EndToEnd, NthuCasesAreByteIdenticalToPublishedOutputs) {
  const std::string dir = SharedData("nthu-apsp");
  if (!Exists(dir)) GTEST_SKIP() << "no shared data at " << dir;
  TempDir tmp;
  int checked = 0;
  for (int c = 1; c <= 13; ++c) {
    char name[16];
    std::snprintf(name, sizeof name, "c%02d.1", c);
    const std::string in = dir + "/" + name;
    if (!Exists(in)) continue;
    const std::string gdm = tmp.file(std::string(name) + ".gdm"), out = tmp.file(std::string(name) + ".out");
    auto conv = RunCommand(App("gconvert") + " -q '" + in + "' '" + gdm + "'");
    ASSERT_EQ(conv.exit_code, 0) << conv.output;
    auto apsp = RunCommand(App("gapsp") + " -q --backend cpu '" + gdm + "' '" + out + "' --to nthu");
    ASSERT_EQ(apsp.exit_code, 0) << apsp.output;
    EXPECT_EQ(test::ReadText(out), test::ReadText(in + ".out")) << name;
    ++checked;
  }
  EXPECT_EQ(checked, 13);
}

TEST(EndToEnd, NthuVariantsMatchPublishedHashes) {
  const std::string dir = SharedData("nthu-apsp");
  if (!Exists(dir)) GTEST_SKIP() << "no shared data at " << dir;
  TempDir tmp;
  int checked = 0;
  for (int c = 1; c <= 5; ++c)
    for (int v = 2; v <= 3; ++v) {
      std::string name = "c0" + std::to_string(c) + "." + std::to_string(v);
      if (!Exists(dir + "/" + name)) continue;
      const std::string out = tmp.file(name + ".out");
      auto apsp = RunCommand(App("gapsp") + " -q --backend cpu '" + dir + "/" + name + "' '" + out + "' --to nthu");
      ASSERT_EQ(apsp.exit_code, 0) << apsp.output;
      EXPECT_EQ(Sha256(out), test::ReadText(dir + "/" + name + ".out.sha256").substr(0, 64)) << name;
      ++checked;
    }
  EXPECT_EQ(checked, 10);
}

TEST(EndToEnd, Rome99MetricsMatchPublishedFacts) {
  const std::string gr = SharedData("dimacs9/rome99.gr");
  if (!Exists(gr)) GTEST_SKIP() << "no shared data at " << gr;
  TempDir tmp;
  ASSERT_EQ(RunCommand(App("gconvert") + " -q '" + gr + "' " + tmp.file("r.gdm")).exit_code, 0);
  auto apsp = RunCommand(App("gapsp") + " -q " + tmp.file("r.gdm") + " " + tmp.file("d.gdm"));
  ASSERT_EQ(apsp.exit_code, 0) << apsp.output;
  auto json = RunCommand(App("gcenter") + " " + tmp.file("d.gdm") + " --json");
  ASSERT_EQ(json.exit_code, 0) << json.output;
  // SOURCES.md: directed, min over parallel arcs: diameter 77403, radius 38632,
  // unique center 1673, 1-median 1703 with total 30991023.
  EXPECT_NE(json.output.find("\"diameter\":77403"), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"radius\":38632"), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"center\":[\"1673\"]"), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"median\":{\"vertex\":\"1703\",\"total\":30991023}"), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"unreachable_pairs\":0"), std::string::npos) << json.output;
  // And the full matrix, in NTHU layout, has the hash SOURCES.md gives.
  auto nthu = RunCommand(App("gapsp") + " -q " + tmp.file("r.gdm") + " " + tmp.file("r.out") + " --to nthu");
  ASSERT_EQ(nthu.exit_code, 0) << nthu.output;
  EXPECT_EQ(Sha256(tmp.file("r.out")), "14b2118968e126dffa5e08f7300bb32824198bfcaf6de757ebc26a913c837cb2");
}

TEST(EndToEnd, SampleMetricsAgreeWithSciPy) {
  const std::string sample = std::string(GDIST_SOURCE_DIR) + "/data/grid-50x40.gr";
  auto oracle =
      RunCommand("/usr/bin/python3 " + std::string(GDIST_SOURCE_DIR) + "/tests/pipeline/scipy_metrics.py " + sample);
  if (oracle.exit_code != 0) GTEST_SKIP() << "SciPy oracle unavailable: " << oracle.output;
  std::istringstream in(oracle.output);
  long long diameter, radius, median, total;
  in >> diameter >> radius >> median >> total;
  std::string center, c;
  while (in >> c) center.append(center.empty() ? "" : ",").append("\"").append(c).append("\"");  // labels: strings
  auto json = RunCommand(App("gcenter") + " --backend cpu " + sample + " --json");
  ASSERT_EQ(json.exit_code, 0) << json.output;
  EXPECT_NE(json.output.find("\"diameter\":" + std::to_string(diameter) + ","), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"radius\":" + std::to_string(radius) + ","), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"center\":[" + center + "]"), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"median\":{\"vertex\":\"" + std::to_string(median) +
                             "\",\"total\":" + std::to_string(total) + "}"),
            std::string::npos)
      << json.output;
}

TEST(EndToEnd, BadInputsExitTwoWithMessageAndLeaveNoOutput) {
  TempDir tmp;
  test::WriteText(tmp.file("bad.gr"), "c x\np sp 3 2\na 1 2 5\na 2 x 1\n");
  auto r = RunCommand(App("gapsp") + " " + tmp.file("bad.gr") + " " + tmp.file("out.gdm"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("bad.gr:4:"), std::string::npos) << r.output;
  EXPECT_FALSE(Exists(tmp.file("out.gdm")));

  test::WriteText(tmp.file("cycle.gr"), "p sp 3 3\na 1 2 4\na 2 3 -3\na 3 1 -2\n");
  r = RunCommand(App("gapsp") + " " + tmp.file("cycle.gr") + " " + tmp.file("out.gdm"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("negative cycle"), std::string::npos) << r.output;

  r = RunCommand(App("gcenter") + " " + tmp.file("missing.gdm"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("missing.gdm"), std::string::npos) << r.output;

  r = RunCommand(App("gapsp") + " --bogus-flag x y");
  EXPECT_EQ(r.exit_code, 2);
  // Only the two inputs remain: no temp or partial outputs.
  std::size_t files = 0;
  for (auto& e : std::filesystem::directory_iterator(tmp.path())) (void)e, ++files;
  EXPECT_EQ(files, 2u);
}

TEST(EndToEnd, NegativeWeightsAndUnreachablePairsThroughTheCli) {
  // 1 -> 2 (4), 2 -> 3 (-3), 1 -> 3 (2); 4 isolated. d(1,3) = 1 via 2.
  TempDir tmp;
  test::WriteText(tmp.file("neg.gr"), "p sp 4 3\na 1 2 4\na 2 3 -3\na 1 3 2\n");
  auto r = RunCommand(App("gapsp") + " -q " + tmp.file("neg.gr") + " " + tmp.file("neg.out") + " --to nthu");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string bytes = test::ReadText(tmp.file("neg.out"));
  ASSERT_EQ(bytes.size(), 16u * 4u);
  const std::int32_t* d = reinterpret_cast<const std::int32_t*>(bytes.data());
  const std::int32_t inf = 1073741823;
  std::int32_t expected[16] = {0, 4, 1, inf, inf, 0, -3, inf, inf, inf, 0, inf, inf, inf, inf, 0};
  for (int i = 0; i < 16; ++i) EXPECT_EQ(d[i], expected[i]) << "cell " << i;
}

}  // namespace
}  // namespace gdist
