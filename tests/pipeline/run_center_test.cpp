// RunCenter (lib/pipeline/run_center.hpp) called directly, no app in between:
// the metrics report and files on small graphs against hand-checked and
// brute-force values, a siting model, and bad input raising gdist::Error.
#include "lib/pipeline/run_center.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>

#include "lib/pipeline/run_apsp.hpp"
#include "lib/util/error.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

using test::TempDir;

// 1 -2- 2 -3- 3 -4- 4, undirected: eccentricities 9, 7, 5, 9; totals 16, 12, 12, 20.
constexpr const char* kPathOfFour = "p sp 4 3\na 1 2 2\na 2 3 3\na 3 4 4\n";

CenterRequest PathRequest(const TempDir& tmp) {
  CenterRequest r;
  r.in = tmp.file("path.gr");
  test::WriteText(r.in, kPathOfFour);
  r.input.read.undirected = true;
  r.backend = Backend::kCpu;
  r.metrics_options.backend = Backend::kCpu;
  r.metrics_options.threads = 1;
  return r;
}

std::string NoSpaces(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\n'; }), s.end());
  return s;
}

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(RunCenter, MetricsOfAPathByHand) {
  TempDir tmp;
  for (const char* engine : {"dense", "sparse"}) {
    CenterRequest r = PathRequest(tmp);
    r.json = true;
    ASSERT_TRUE(ParseEngine(engine, &r.engine));
    r.per_vertex = tmp.file(std::string(engine).append(".csv"));
    const std::string json = NoSpaces(RunCenter(r).report);
    EXPECT_TRUE(Has(json, "\"diameter\":9")) << engine << " " << json;
    EXPECT_TRUE(Has(json, "\"radius\":5")) << engine << " " << json;
    EXPECT_TRUE(Has(json, "\"plan\":{")) << engine << " " << json;
    const std::string csv = test::ReadText(r.per_vertex);
    EXPECT_EQ(csv.substr(0, csv.find('\n')), "vertex,eccentricity,total,unreachable,closeness,harmonic") << engine;
    for (const char* row : {"\n1,9,16,0,", "\n2,7,12,0,", "\n3,5,12,0,", "\n4,9,20,0,"})
      EXPECT_TRUE(Has(csv, row)) << engine << ": " << row << " in\n" << csv;
  }
}

TEST(RunCenter, TextSummaryOfAPath) {
  TempDir tmp;
  const std::string text = RunCenter(PathRequest(tmp)).report;
  EXPECT_TRUE(Has(text, "diameter")) << text;
  EXPECT_EQ(text.back(), '\n');
}

// Random small weighted digraphs: the diameter and radius of the report equal
// a brute-force Floyd-Warshall in the test, on the graph and on the matrix
// RunApsp writes of it.
TEST(RunCenter, MetricsEqualBruteForce) {
  TempDir tmp;
  std::mt19937 rng(test::TestSeed());
  for (int round = 0; round < 5; ++round) {
    const int n = 5 + int(rng() % 6);
    std::vector<std::vector<long>> d(n, std::vector<long>(n, std::numeric_limits<long>::max() / 4));
    std::string gr, arcs;
    int m = 0;
    for (int u = 0; u < n; ++u) {
      d[u][u] = 0;
      const int v = (u + 1) % n;  // a cycle: strongly connected, every distance finite
      const long w = 1 + long(rng() % 9);
      d[u][v] = std::min(d[u][v], w);
      arcs.append("a " + std::to_string(u + 1) + " " + std::to_string(v + 1) + " " + std::to_string(w) + "\n");
      ++m;
      const int x = int(rng() % n), y = int(rng() % n);
      const long wx = 1 + long(rng() % 20);
      if (x == y) continue;
      d[x][y] = std::min(d[x][y], wx);
      arcs.append("a " + std::to_string(x + 1) + " " + std::to_string(y + 1) + " " + std::to_string(wx) + "\n");
      ++m;
    }
    for (int k = 0; k < n; ++k)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) d[i][j] = std::min(d[i][j], d[i][k] + d[k][j]);
    long diameter = 0, radius = std::numeric_limits<long>::max();
    for (int i = 0; i < n; ++i) {
      const long ecc = *std::max_element(d[i].begin(), d[i].end());
      diameter = std::max(diameter, ecc);
      radius = std::min(radius, ecc);
    }
    gr.append("p sp " + std::to_string(n) + " " + std::to_string(m) + "\n").append(arcs);
    CenterRequest r = PathRequest(tmp);
    test::WriteText(r.in, gr);
    r.input.read.undirected = false;
    r.json = true;
    const std::string on_graph = NoSpaces(RunCenter(r).report);
    EXPECT_TRUE(Has(on_graph, "\"diameter\":" + std::to_string(diameter) + ",")) << gr << on_graph;
    EXPECT_TRUE(Has(on_graph, "\"radius\":" + std::to_string(radius) + ",")) << gr << on_graph;
    // The same through the matrix file.
    ApspRunRequest apsp;
    apsp.in = r.in;
    apsp.out = tmp.file("d.gdm");
    apsp.backend = Backend::kCpu;
    apsp.threads = 1;
    RunContext context(1, Backend::kCpu);
    RunApsp(apsp, context);
    CenterRequest on_file = r;
    on_file.in = apsp.out;
    const std::string on_matrix = NoSpaces(RunCenter(on_file).report);
    EXPECT_TRUE(Has(on_matrix, "\"diameter\":" + std::to_string(diameter) + ",")) << on_matrix;
    // The same report up to the components, which only a graph has.
    EXPECT_EQ(on_matrix.substr(0, on_matrix.find("\"distance_histogram\"")),
              on_graph.substr(0, on_graph.find("\"distance_histogram\"")));
  }
}

TEST(RunCenter, OneMedianOfAPath) {
  TempDir tmp;
  CenterRequest r = PathRequest(tmp);
  r.json = true;
  r.p_median = {1};
  r.assignment = tmp.file("assign.csv");
  const std::string json = NoSpaces(RunCenter(r).report);
  // Totals 16, 12, 12, 20: one site at 2 or 3, total weighted distance 12.
  EXPECT_TRUE(Has(json, "\"p_median\":{")) << json;
  EXPECT_TRUE(Has(json, "\"objective\":12")) << json;
  EXPECT_TRUE(test::Exists(r.assignment));
}

// The path of four beside a separate arc 5-6: with --largest-component the candidates' rows (trees or the
// road hierarchy's PHAST) site on the path alone, the path's own 1-median total 12 (by hand above); without
// it the demands 5 and 6 reach no candidate, an infeasibility on both routes.
TEST(RunCenter, TheLargestComponentIsSitedOnEveryCandidatesRoute) {
  TempDir tmp;
  for (const char* engine : {"sparse", "ch"}) {
    for (const bool largest : {true, false}) {
      CenterRequest r = PathRequest(tmp);
      test::WriteText(r.in, "p sp 6 4\na 1 2 2\na 2 3 3\na 3 4 4\na 5 6 1\n");
      ASSERT_TRUE(ParseEngine(engine, &r.engine));
      r.json = true;
      r.p_median = {1};
      r.candidates = tmp.file("cand.txt");
      test::WriteText(r.candidates, "1\n2\n3\n4\n");
      if (largest) r.largest_component = "weak";
      if (!largest) {
        EXPECT_THROW(RunCenter(r), Error) << engine;
        continue;
      }
      const std::string json = NoSpaces(RunCenter(r).report);
      EXPECT_TRUE(Has(json, "\"objective\":12")) << engine << " " << json;
      EXPECT_TRUE(Has(json, "\"unserved\":0")) << engine << " " << json;
    }
  }
}

TEST(RunCenter, BadInputRaisesTheTypedError) {
  TempDir tmp;
  {
    CenterRequest r = PathRequest(tmp);
    r.in = tmp.file("missing.gr");
    EXPECT_THROW(RunCenter(r), Error);
  }
  {
    CenterRequest r = PathRequest(tmp);  // a cost table answers siting, not metrics
    r.in.clear();
    r.cost_matrix = tmp.file("costs.csv");
    test::WriteText(r.cost_matrix, ",f1,f2\nd1,1,2\nd2,3,1\n");
    EXPECT_THROW(RunCenter(r), Error);
  }
  {
    CenterRequest r = PathRequest(tmp);  // every demand weighs 0
    r.p_median = {1};
    r.weights = tmp.file("w.csv");
    test::WriteText(r.weights, "1,0\n");
    r.per_vertex = tmp.file("pv.csv");
    try {
      RunCenter(r);
      ADD_FAILURE() << "no error";
    } catch (const Error& e) {
      EXPECT_TRUE(Has(e.what(), "no demand")) << e.what();
      EXPECT_FALSE(Has(e.what(), "gcenter")) << e.what();
    }
    EXPECT_FALSE(test::Exists(r.per_vertex));  // nothing written
  }
}

}  // namespace
}  // namespace gdist
