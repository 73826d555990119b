// RunApsp (lib/pipeline/run_apsp.hpp) called directly, no app in between: the
// matrix it writes read back, the rows of some sources, the metrics file, and
// bad input raising gdist::Error.
#include "lib/pipeline/run_apsp.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "../road/road_test_graphs.hpp"
#include "formats/graph_writers.hpp"
#include "formats/read_graph.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/apsp_summary.hpp"
#include "lib/pipeline/road_apsp.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/util/error.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

using test::TempDir;

// 1 -2- 2 -3- 3 -4- 4, undirected: d(1,4) = 9; eccentricities 9, 7, 5, 9.
constexpr const char* kPathOfFour = "p sp 4 3\na 1 2 2\na 2 3 3\na 3 4 4\n";

ApspRunRequest PathRequest(const TempDir& tmp) {
  ApspRunRequest r;
  r.in = tmp.file("path.gr");
  test::WriteText(r.in, kPathOfFour);
  r.input.read.undirected = true;
  r.backend = Backend::kCpu;
  r.threads = 1;
  return r;
}

std::string NoSpaces(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\n'; }), s.end());
  return s;
}

TEST(RunApsp, WritesTheMatrixThatReadsBack) {
  TempDir tmp;
  for (const char* algorithm : {"fw", "dijkstra"}) {
    ApspRunRequest r = PathRequest(tmp);
    ASSERT_TRUE(ParseApspAlgorithm(algorithm, &r.algorithm));
    r.out = tmp.file(std::string(algorithm).append(".gdm"));
    RunContext context(1, Backend::kCpu);
    const ApspRunResult result = RunApsp(r, context);
    EXPECT_TRUE(result.printable);
    EXPECT_EQ(result.n, 4u);
    EXPECT_EQ(ApspAlgorithmName(result.plan.algorithm()), std::string(algorithm));
    EXPECT_EQ(result.tree_method.has_value(), std::string(algorithm) == "dijkstra");
    MappedMatrixFile file(r.out, /*verify_crc=*/true);
    ASSERT_EQ(file.info().type, ElementType::kInt32);
    const MatrixView<std::int32_t> d = file.view<std::int32_t>();
    const std::int32_t want[4][4] = {{0, 2, 5, 9}, {2, 0, 3, 7}, {5, 3, 0, 4}, {9, 7, 4, 0}};
    for (std::size_t u = 0; u < 4; ++u)
      for (std::size_t v = 0; v < 4; ++v) EXPECT_EQ(d.at(u, v), want[u][v]) << algorithm << " " << u << "," << v;
    // The report the app prints is built from the result alone.
    std::ostringstream json;
    WriteApspJson(json, result);
    EXPECT_NE(NoSpaces(json.str()).find("\"n\":4"), std::string::npos) << json.str();
    EXPECT_NE(json.str().find("\"plan\""), std::string::npos) << json.str();
    EXPECT_EQ(ApspSummaryLine(result).rfind("4 vertices, algorithm ", 0), 0u) << ApspSummaryLine(result);
  }
}

TEST(RunApsp, CsvOfTheSameMatrix) {
  TempDir tmp;
  ApspRunRequest r = PathRequest(tmp);
  r.out = tmp.file("d.csv");
  r.to = "csv";
  RunContext context(1, Backend::kCpu);
  RunApsp(r, context);
  EXPECT_EQ(test::ReadText(r.out), "vertex,1,2,3,4\n1,0,2,5,9\n2,2,0,3,7\n3,5,3,0,4\n4,9,7,4,0\n");
}

TEST(RunApsp, RowsOfSomeSources) {
  TempDir tmp;
  ApspRunRequest r = PathRequest(tmp);
  r.out = tmp.file("rows.gdm");
  r.sources = tmp.file("sources.txt");
  test::WriteText(r.sources, "4\n2\n");
  RunContext context(1, Backend::kCpu);
  const ApspRunResult result = RunApsp(r, context);
  ASSERT_TRUE(result.rows.has_value());
  EXPECT_EQ(*result.rows, 2u);
  MappedMatrixFile file(r.out, /*verify_crc=*/true, /*allow_rectangular=*/true);
  ASSERT_TRUE(file.info().rectangular);
  ASSERT_EQ(file.info().rows(), 2u);
  const MatrixView<std::int32_t> d = file.view<std::int32_t>();
  EXPECT_EQ((std::vector<std::int32_t>{d.at(0, 0), d.at(0, 1), d.at(0, 2), d.at(0, 3)}),
            (std::vector<std::int32_t>{9, 7, 4, 0}));
  EXPECT_EQ((std::vector<std::int32_t>{d.at(1, 0), d.at(1, 1), d.at(1, 2), d.at(1, 3)}),
            (std::vector<std::int32_t>{2, 0, 3, 7}));
}

// The plan's trial path: the hierarchy TryContractHierarchy builds from the
// graph's arcs, run by RunHierarchyApsp, writes the rows the trees write.
TEST(RunApsp, TrialHierarchyRowsEqualTheTrees) {
  TempDir tmp;
  test::GridSpec spec;
  spec.rows = 30;
  spec.directed = false;
  const Graph roads = test::MakeGridRoads(spec, test::TestSeed());
  const std::string in = tmp.file("roads.gr");
  WriteGraph(in, roads, GraphFormatOut::kDimacs);
  ApspRunRequest r;
  r.in = in;
  r.input.read.undirected = true;
  r.backend = Backend::kCpu;
  r.threads = 2;
  r.sources = tmp.file("sources.txt");
  std::string sources;
  for (std::size_t v = 1; v <= roads.n; v += 7) sources.append(std::to_string(v)).append("\n");
  test::WriteText(r.sources, sources);
  r.algorithm = ApspAlgorithm::kTrees;
  r.out = tmp.file("trees.gdm");
  RunContext context(2, Backend::kCpu);
  RunApsp(r, context);

  const Graph g = ReadGraph(in, r.input.read);
  InputOptions typed = r.input;
  typed.type = ElementTypeFor(g, r.input);
  const auto loaded = TryContractHierarchy(CsrFromGraph(g, typed, in, 2), 3600, 0, 2);
  ASSERT_TRUE(loaded.has_value());
  EXPECT_FALSE(loaded->from_file);
  const HierarchyApspResult h =
      RunHierarchyApsp(HierarchyApspRequest{in, tmp.file("ch.gdm"), "gdm", r.sources, "", 2, Backend::kCpu}, *loaded);
  EXPECT_EQ(h.plan.engine, PlanEngine::kHierarchy);
  MappedMatrixFile trees(r.out, true, true), ch(tmp.file("ch.gdm"), true, true);
  ASSERT_EQ(trees.info().rows(), ch.info().rows());
  ASSERT_EQ(trees.info().n, ch.info().n);
  ASSERT_EQ(trees.info().type, ch.info().type);
  const std::size_t differ = DispatchElement(trees.info().type, [&](auto zero) {
    using W = decltype(zero);
    const MatrixView<W> a = trees.view<W>(), b = ch.view<W>();
    std::size_t count = 0;
    for (std::size_t i = 0; i < trees.info().rows(); ++i)
      for (std::size_t v = 0; v < trees.info().n; ++v) count += a.at(i, v) != b.at(i, v);
    return count;
  });
  EXPECT_EQ(differ, 0u);
}

TEST(RunApsp, MetricsWithoutTheMatrix) {
  TempDir tmp;
  ApspRunRequest r = PathRequest(tmp);
  r.metrics = tmp.file("m.json");
  RunContext context(1, Backend::kCpu);
  RunApsp(r, context);
  const std::string json = NoSpaces(test::ReadText(r.metrics));
  EXPECT_NE(json.find("\"diameter\":9"), std::string::npos) << json;
  EXPECT_NE(json.find("\"radius\":5"), std::string::npos) << json;
  EXPECT_FALSE(test::Exists(tmp.file("path.gdm")));
}

TEST(RunApsp, BadInputRaisesTheTypedError) {
  TempDir tmp;
  {
    ApspRunRequest r = PathRequest(tmp);
    r.in = tmp.file("missing.gr");
    r.out = tmp.file("d.gdm");
    RunContext context(1, Backend::kCpu);
    EXPECT_THROW(RunApsp(r, context), Error);
  }
  {
    ApspRunRequest r = PathRequest(tmp);  // a source that is not a vertex
    r.out = tmp.file("rows.gdm");
    r.sources = tmp.file("sources.txt");
    test::WriteText(r.sources, "7\n");
    RunContext context(1, Backend::kCpu);
    EXPECT_THROW(RunApsp(r, context), Error);
  }
  {
    ApspRunRequest r = PathRequest(tmp);  // a negative cycle
    test::WriteText(r.in, "p sp 2 2\na 1 2 1\na 2 1 -3\n");
    r.input.read.undirected = false;
    r.out = tmp.file("d.gdm");
    RunContext context(1, Backend::kCpu);
    try {
      RunApsp(r, context);
      ADD_FAILURE() << "no error";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("negative cycle"), std::string::npos) << e.what();
      // lib/ names no tool: the app puts its name in front.
      EXPECT_EQ(std::string(e.what()).find("gapsp"), std::string::npos) << e.what();
    }
  }
  EXPECT_FALSE(test::Exists(tmp.file("d.gdm")));
  EXPECT_FALSE(test::Exists(tmp.file("rows.gdm")));
}

}  // namespace
}  // namespace gdist
