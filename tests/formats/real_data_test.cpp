// Every real graph in shared/data reads with the counts its provenance file
// (shared/data/SOURCES.md) states. The NTHU and OR-Library tables are parsed
// from SOURCES.md itself; the other facts are quoted from its prose.
// Skipped when the shared data is not beside the checkout.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "format_test_util.hpp"
#include "formats/read_graph.hpp"

namespace gdist {
namespace {

const std::string kData = GDIST_SHARED_DATA;

std::string Data(const std::string& rel) { return kData + "/" + rel; }

// GTEST_SKIP returns from the function it is in, so this must be a macro.
#define SKIP_WITHOUT_DATA(rel) \
  if (!std::filesystem::exists(Data(rel))) GTEST_SKIP() << Data(rel) << " not present (GDIST_SHARED_DATA)"

std::string Sources() {
  std::ifstream in(Data("SOURCES.md"));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::size_t SelfLoops(const Graph& g) {
  std::size_t k = 0;
  for (const Edge& e : g.edges) k += e.from == e.to;
  return k;
}

// Arcs (ordered pairs) that repeat an earlier arc; for undirected graphs the
// pair is unordered.
std::size_t RepeatedPairs(const Graph& g) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  pairs.reserve(g.edges.size());
  for (const Edge& e : g.edges) {
    pairs.emplace_back(e.from, e.to);
    if (!g.directed && e.from > e.to) std::swap(pairs.back().first, pairs.back().second);
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs.size() - static_cast<std::size_t>(std::unique(pairs.begin(), pairs.end()) - pairs.begin());
}

TEST(RealData, NthuCasesMatchTheSourcesTable) {
  SKIP_WITHOUT_DATA("SOURCES.md");
  const std::string text = Sources();
  const std::regex row(R"(\|\s*`nthu-apsp/([A-Za-z0-9.]+)`\s*\|\s*\d+\s*\|\s*`[0-9a-f]+`\s*\|\s*V=(\d+), E=(\d+))");
  std::set<std::string> listed, on_disk;
  for (const auto& entry : std::filesystem::directory_iterator(Data("nthu-apsp"))) {
    const std::string name = entry.path().filename().string();
    if (name.find(".out") == std::string::npos && name.find(".txt") == std::string::npos) on_disk.insert(name);
  }
  for (auto it = std::sregex_iterator(text.begin(), text.end(), row); it != std::sregex_iterator(); ++it) {
    listed.insert((*it)[1].str());
    const std::string file = "nthu-apsp/" + (*it)[1].str();
    SCOPED_TRACE(file);
    Graph g = ReadGraph(Data(file));  // detected from content: these files have no extension
    EXPECT_EQ(g.format_name, "nthu");
    EXPECT_EQ(g.n, std::stoul((*it)[2].str()));
    EXPECT_EQ(g.edges.size(), std::stoul((*it)[3].str()));
    EXPECT_TRUE(g.directed);
    EXPECT_EQ(g.labels.base(), 0);
    // "In all files here: no self-loops, no duplicate (src,dst) pairs, 0 <= w <= 1000".
    EXPECT_EQ(SelfLoops(g), 0u);
    EXPECT_EQ(RepeatedPairs(g), 0u);
    for (const Edge& e : g.edges) ASSERT_TRUE(e.weight >= 0 && e.weight <= 1000);
  }
  // Every input file on disk has a row in the table, and every row was read.
  EXPECT_EQ(listed, on_disk);
  EXPECT_FALSE(listed.empty());
}

TEST(RealData, OrlibInstancesMatchTheSourcesTable) {
  SKIP_WITHOUT_DATA("SOURCES.md");
  const std::string text = Sources();
  const std::regex row(R"(`orlib-pmed/(pmed\d+\.txt)`[^\n]*n=(\d+) m=(\d+) p=(\d+) dup_edges=(\d+))");
  int checked = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), row); it != std::sregex_iterator(); ++it) {
    const std::string file = "orlib-pmed/" + (*it)[1].str();
    SCOPED_TRACE(file);
    Graph g = ReadGraph(Data(file));
    EXPECT_EQ(g.format_name, "orlib");
    EXPECT_EQ(g.n, std::stoul((*it)[2].str()));
    EXPECT_EQ(g.edges.size(), std::stoul((*it)[3].str()));
    EXPECT_EQ(g.orlib_p, std::optional<std::size_t>(std::stoul((*it)[4].str())));
    EXPECT_EQ(RepeatedPairs(g), std::stoul((*it)[5].str()));
    EXPECT_FALSE(g.directed);
    EXPECT_TRUE(g.prefers_last_duplicate);
    ++checked;
  }
  EXPECT_EQ(checked, 40);
}

TEST(RealData, Rome99) {
  SKIP_WITHOUT_DATA("dimacs9/rome99.gr");
  Graph g = ReadGraph(Data("dimacs9/rome99.gr"));
  // "3353 vertices, 8870 arcs, 0 self-loops, 11 duplicate (parallel) arcs, weights 1..12711"
  EXPECT_EQ(g.n, 3353u);
  EXPECT_EQ(g.edges.size(), 8870u);
  EXPECT_TRUE(g.directed);
  EXPECT_EQ(SelfLoops(g), 0u);
  EXPECT_EQ(RepeatedPairs(g), 11u);
  auto [lo, hi] = std::minmax_element(g.edges.begin(), g.edges.end(),
                                      [](const Edge& a, const Edge& b) { return a.weight < b.weight; });
  EXPECT_EQ(lo->weight, 1);
  EXPECT_EQ(hi->weight, 12711);
  // First arc line of the file: "a 2958 2959 535".
  EXPECT_EQ(g.labels.label(g.edges[0].from), "2958");
  EXPECT_EQ(g.labels.label(g.edges[0].to), "2959");
  EXPECT_EQ(g.edges[0].weight, 535);
}

TEST(RealData, PaceNewYorkRoads) {
  SKIP_WITHOUT_DATA("pace2016-roads/NY.gr.gz");
  Graph g = ReadGraph(Data("pace2016-roads/NY.gr.gz"));
  // "Header p tw 264346 365050 ... undirected, unweighted, multi-edges and loops removed"
  EXPECT_EQ(g.n, 264346u);
  EXPECT_EQ(g.edges.size(), 365050u);
  EXPECT_FALSE(g.directed);
  EXPECT_EQ(SelfLoops(g), 0u);
}

TEST(RealData, SnapEmailEuCore) {
  SKIP_WITHOUT_DATA("snap/email-Eu-core.txt.gz");
  Graph g = ReadGraph(Data("snap/email-Eu-core.txt.gz"));
  // "n=1005, m=25571 directed arcs, 642 self-loops, 0 duplicates", ids 0..1004.
  EXPECT_EQ(g.n, 1005u);
  EXPECT_EQ(g.edges.size(), 25571u);
  EXPECT_EQ(SelfLoops(g), 642u);
  EXPECT_EQ(RepeatedPairs(g), 0u);
  EXPECT_TRUE(g.labels.is_range());
  EXPECT_EQ(g.labels.base(), 0);
}

TEST(RealData, SnapCaGrQcWithCrlfAndSparseIds) {
  SKIP_WITHOUT_DATA("snap/ca-GrQc.txt.gz");
  Graph g = ReadGraph(Data("snap/ca-GrQc.txt.gz"));
  // "5242 distinct ids, sparse (13..26196) ... 28980 arcs = 2*14484 + 12 self-loops", CRLF lines.
  EXPECT_EQ(g.n, 5242u);
  EXPECT_EQ(g.edges.size(), 28980u);
  EXPECT_EQ(SelfLoops(g), 12u);
  EXPECT_FALSE(g.labels.is_range());
  EXPECT_TRUE(g.labels.all_integers());
  std::int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (const std::string& s : g.labels.strings()) {
    lo = std::min<std::int64_t>(lo, std::stoll(s));
    hi = std::max<std::int64_t>(hi, std::stoll(s));
  }
  EXPECT_EQ(lo, 13);
  EXPECT_EQ(hi, 26196);
  // Undirected pairs: 14484 distinct non-loop edges + 12 loops = SNAP's 14496.
  g.directed = false;
  EXPECT_EQ(g.edges.size() - RepeatedPairs(g), 14496u);
}

TEST(RealData, SuiteSparseMatrices) {
  SKIP_WITHOUT_DATA("suitesparse/bcspwr10.mtx");
  Graph b = ReadGraph(Data("suitesparse/bcspwr10.mtx"));
  // "pattern symmetric, 5300x5300, 13571 stored entries = 5300 diagonal + 8271 lower-triangle edges"
  EXPECT_EQ(b.n, 5300u);
  EXPECT_EQ(b.edges.size(), 8271u);
  EXPECT_FALSE(b.directed);
  for (const Edge& e : b.edges) ASSERT_EQ(e.weight, 1);
  Graph s = ReadGraph(Data("suitesparse/1138_bus.mtx"));
  // "real symmetric, 1138x1138, 2596 entries = 1138 diagonal + 1458 edges; off-diagonal values are negative
  //  (-10000 .. -0.4755)"
  EXPECT_EQ(s.n, 1138u);
  EXPECT_EQ(s.edges.size(), 1458u);
  EXPECT_FALSE(s.integral_weights);
  auto [lo, hi] = std::minmax_element(s.edges.begin(), s.edges.end(),
                                      [](const Edge& a, const Edge& c) { return a.weight < c.weight; });
  EXPECT_EQ(lo->weight, -10000);
  EXPECT_NEAR(hi->weight, -0.4755, 1e-4);
}

TEST(RealData, Metis4elt) {
  SKIP_WITHOUT_DATA("metis/4elt.graph");
  Graph g = ReadGraph(Data("metis/4elt.graph"));
  // "15606 vertex lines, 91756 adjacency entries = 2*45878, symmetric, no self-loops"
  EXPECT_EQ(g.n, 15606u);
  EXPECT_EQ(g.edges.size(), 45878u);
  EXPECT_FALSE(g.directed);
  EXPECT_EQ(RepeatedPairs(g), 0u);
}

}  // namespace
}  // namespace gdist
