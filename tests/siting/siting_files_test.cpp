// The siting flags' files (weights, vertex lists, assignment CSV), the
// mmapped-file path, and gcenter end to end on a hand-checked graph.
#include "lib/siting/siting_files.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lib/matrix/matrix_file.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"
#include "tests/siting/small_graphs.hpp"

namespace gdist {
namespace {

std::string TempPath(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("gdist_siting_" + std::to_string(getpid()) + "_" + name);
}

std::string Write(const std::string& name, const std::string& text) {
  const std::string path = TempPath(name);
  std::ofstream(path) << text;
  return path;
}

std::string Slurp(const std::string& path) {
  std::stringstream s;
  s << std::ifstream(path).rdbuf();
  return s.str();
}

TEST(WeightsFile, ReadsLabelsHeaderCommentsAndSeparators) {
  const VertexLabels labels = VertexLabels::FromStrings({"a", "b", "c", "d"});
  const std::string path = Write("w.csv", "label,weight\n# comment\na,2.5\nc\t4\n\nd 0\n");
  const std::vector<double> w = ReadWeightsFile(path, labels, 4);
  EXPECT_EQ(w, (std::vector<double>{2.5, 0, 4, 0}));  // unlisted: 0
  std::remove(path.c_str());
}

// A label listed twice, or a line with a third field, is refused with its line (no silent winner).
TEST(WeightsFile, RejectsRepeatedLabelsAndExtraFields) {
  const VertexLabels labels = VertexLabels::FromStrings({"a", "b"});
  const std::string twice = Write("w3.csv", "a,2\nb,1\na,3\n");
  try {
    ReadWeightsFile(twice, labels, 2);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(":3: vertex 'a' is listed twice (first on line 1)"), std::string::npos)
        << e.what();
  }
  const std::string extra = Write("w4.csv", "a,2,7\n");
  EXPECT_THROW(ReadWeightsFile(extra, labels, 2), Error);
  std::remove(twice.c_str());
  std::remove(extra.c_str());
}

TEST(WeightsFile, RejectsUnknownLabelsAndBadWeights) {
  const VertexLabels labels = VertexLabels::Range(3, 1);
  const std::string unknown = Write("w1.csv", "1,1\n7,1\n");
  try {
    ReadWeightsFile(unknown, labels, 3);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(":2:"), std::string::npos) << e.what();  // file:line
  }
  const std::string negative = Write("w2.csv", "1,-2\n");
  EXPECT_THROW(ReadWeightsFile(negative, labels, 3), Error);
  std::remove(unknown.c_str());
  std::remove(negative.c_str());
}

TEST(VertexListFile, ReadsOneLabelPerLine) {
  const VertexLabels labels = VertexLabels::Range(5, 1);
  const std::string path = Write("c.txt", "vertex\n2\n5\n# 3\n");
  EXPECT_EQ(ReadVertexListFile(path, labels), (std::vector<std::uint32_t>{1, 4}));
  // "1,2,3" is not one label: refused with its line, not read as vertex 1.
  const std::string fields = Write("c2.txt", "2\n1,2,3\n");
  try {
    ReadVertexListFile(fields, labels);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(":2: expected one vertex label per line, got 3 fields"), std::string::npos)
        << e.what();
  }
  // A label of 1000 bytes that is no vertex is quoted shortened in the message.
  const std::string long_label = Write("c3.txt", std::string(1000, 'x') + "\n");
  try {
    ReadVertexListFile(long_label, labels);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_LT(std::string(e.what()).size(), 200u) << e.what();
  }
  std::remove(path.c_str());
  std::remove(fields.c_str());
  std::remove(long_label.c_str());
}

// A path 1-2-3-4-5 with unit weights: one site at 3 serves everyone within 2.
DistMatrix<std::int32_t> Path5() {
  DistMatrix<std::int32_t> m(5);
  for (std::size_t i = 0; i + 1 < 5; ++i) m.at(i, i + 1) = m.at(i + 1, i) = 1;
  m.meta().directed = false;
  m.meta().labels = VertexLabels::Range(5, 1);
  ApspOptions o;
  o.backend = Backend::kCpu;
  SolveApsp(m, o);
  return m;
}

TEST(AssignmentCsv, ListsEveryDemandWithItsSiteAndDistance) {
  const DistMatrix<std::int32_t> m = Path5();
  SitingInput input;
  input.symmetric = true;
  const SitingProblem<std::int32_t> prob(m.view(), input);
  const SitingResult r = SolvePMedian(prob, 1, SitingOptions{});
  EXPECT_EQ(r.objective, 6);  // 2 + 1 + 0 + 1 + 2 from vertex 3
  const std::string path = TempPath("assign.csv");
  WriteAssignmentCsv(path, prob, {{"p_median", 1, &r}}, m.meta().labels);
  EXPECT_EQ(Slurp(path),
            "model,p,demand,weight,site,distance\np_median,1,1,1,3,2\np_median,1,2,1,3,1\np_median,1,3,1,3,0\n"
            "p_median,1,4,1,3,1\np_median,1,5,1,3,2\n");
  std::remove(path.c_str());
}

// The mmapped file gives the same answers as the matrix in memory.
TEST(MappedFile, SolvesLikeTheInMemoryMatrix) {
  testing::SmallGraph g = testing::RandomGraph(150, false, 0.05, 30, 11);
  g.matrix.meta().kind = MatrixKind::kDistance;
  const std::string path = TempPath("m.gdm");
  WriteMatrixFile(path, g.matrix);
  MappedMatrixFile file(path);
  SitingInput input;
  input.symmetric = true;
  const SitingProblem<std::int32_t> in_memory(g.matrix.view(), input), mapped(file.view<std::int32_t>(), input);
  EXPECT_EQ(SolvePMedian(mapped, 4, SitingOptions{}).objective, SolvePMedian(in_memory, 4, SitingOptions{}).objective);
  EXPECT_EQ(SolvePCenter(mapped, 4, SitingOptions{}).objective, SolvePCenter(in_memory, 4, SitingOptions{}).objective);
  std::remove(path.c_str());
}

// gcenter end to end: flags, files and JSON keys (skips when the app is not built).
TEST(Gcenter, SitingFlagsAndJson) {
  const std::string app = std::string(GDIST_BINARY_DIR) + "/apps/gcenter";
  if (!std::filesystem::exists(app)) GTEST_SKIP() << app << " not built";
  DistMatrix<std::int32_t> m = Path5();
  const std::string matrix = TempPath("p5.gdm");
  WriteMatrixFile(matrix, m);
  const std::string weights = Write("w5.csv", "1,1\n5,10\n");  // demand at the ends only, 5 weighs most
  const std::string fixed = Write("f5.txt", "1\n");
  const std::string out = TempPath("out.json"), assign = TempPath("a5.csv");
  const std::string cmd = app + " " + matrix + " --weights " + weights + " --p-median 1 --p-center 1 --cover 1" +
                          " --max-cover 0 --p 1 --fixed " + fixed + " --assignment " + assign + " --json > " + out;
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  const std::string json = Slurp(out);
  // Site 1 is fixed; the new site goes to 5 (p-median: 10 * 0 + 1 * 0 = 0; p-center: 0;
  // cover within 1: {1, 4 or 5}; max-cover within 0 with one new site: 1 + 10 = 11).
  EXPECT_NE(json.find("\"p_median\":{\"sites\":[\"1\",\"5\"],\"objective\":0"), std::string::npos) << json;
  EXPECT_NE(json.find("\"p_center\":{\"sites\":[\"1\",\"5\"],\"objective\":0"), std::string::npos) << json;
  EXPECT_NE(json.find("\"cover\":{\"sites\":[\"1\","), std::string::npos) << json;
  EXPECT_NE(json.find("\"objective\":2,\"new_sites\":1"), std::string::npos) << json;
  EXPECT_NE(json.find("\"max_cover\":{\"sites\":[\"1\",\"5\"],\"objective\":11"), std::string::npos) << json;
  EXPECT_NE(Slurp(assign).find("p_median,1,5,10,5,0\n"), std::string::npos);
  for (const std::string& p : {matrix, weights, fixed, out, assign}) std::remove(p.c_str());
}

}  // namespace
}  // namespace gdist
