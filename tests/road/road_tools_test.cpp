// The road hierarchy through the tools, as a user runs them: gconvert --to ch,
// gapsp on a .gch or with --algorithm ch (every row, --sources rows,
// --sources/--targets tables), gpath on a graph or a .gch. Checked against
// Floyd-Warshall's and Dijkstra's files byte for byte, and against the
// library's Dijkstra rows for the tables and routes; refusals with their
// messages, no file left behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "formats/graph_writers.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "tests/road/road_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

// A directed grid of one-ways, zero-length streets, missing blocks and isolated junctions, as DIMACS.
Graph WriteRoads(const TempDir& dir, const std::string& name, std::uint64_t seed, bool connected = false) {
  GridSpec spec;
  spec.rows = 12;
  spec.cols = 15;
  if (connected) {  // every demand reachable: two-way streets, none missing, no isolated junction
    spec.directed = false;
    spec.missing = 0;
    spec.isolated = 0;
  }
  Graph g = MakeGridRoads(spec, seed);
  g.labels = VertexLabels::Range(g.n, 1);
  WriteGraph(dir.file(name), g, GraphFormatOut::kDimacs);
  return g;
}

// k different vertices (gapsp --sources refuses a repeated one).
std::vector<std::uint32_t> DistinctVertices(std::size_t n, std::size_t k, std::uint64_t seed) {
  std::vector<std::uint32_t> all(n);
  std::iota(all.begin(), all.end(), 0u);
  std::shuffle(all.begin(), all.end(), std::mt19937_64(seed));
  all.resize(std::min(k, n));
  return all;
}

std::string RunOk(const std::string& args) {
  const CommandResult r = RunCommand(args);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.output;
  return r.output;
}

std::string Lines(const std::vector<std::uint32_t>& vertices) {
  std::string s;
  for (std::uint32_t v : vertices) s += std::to_string(v + 1) + "\n";
  return s;
}

TEST(RoadTools, HierarchyFilesGiveFloydWarshallsBytes) {
  TempDir dir;
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  WriteRoads(dir, "g.gr", seed);
  RunOk(App("gconvert") + " " + dir.file("g.gr") + " " + dir.file("g.gch") + " -q");
  RunOk(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("fw.gdm") + " -q --algorithm fw");
  RunOk(App("gapsp") + " " + dir.file("g.gch") + " " + dir.file("ch.gdm") + " -q");
  RunOk(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("built.gdm") + " -q --algorithm ch");
  EXPECT_EQ(ReadText(dir.file("ch.gdm")), ReadText(dir.file("fw.gdm")));
  EXPECT_EQ(ReadText(dir.file("built.gdm")), ReadText(dir.file("fw.gdm")));
  // --json names the engine the plan chose.
  const std::string json = RunOk(App("gapsp") + " " + dir.file("g.gch") + " " + dir.file("ch2.gdm") + " -q --json");
  EXPECT_NE(json.find("\"engine\":\"hierarchy\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"hierarchy\":\"read\""), std::string::npos) << json;
}

TEST(RoadTools, RowsAndTablesEqualDijkstra) {
  TempDir dir;
  const unsigned seed = TestSeed() + 1;
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  const Graph g = WriteRoads(dir, "g.gr", seed);
  const std::vector<std::uint32_t> sources = DistinctVertices(g.n, 9, seed),
                                   targets = DistinctVertices(g.n, 7, seed + 5);
  WriteText(dir.file("S.txt"), Lines(sources));
  WriteText(dir.file("T.txt"), Lines(targets));
  RunOk(App("gconvert") + " " + dir.file("g.gr") + " " + dir.file("g.gch") + " -q --to ch");
  RunOk(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("trees.gdm") + " -q --algorithm dijkstra --sources " +
        dir.file("S.txt"));
  RunOk(App("gapsp") + " " + dir.file("g.gch") + " " + dir.file("phast.gdm") + " -q --sources " + dir.file("S.txt"));
  EXPECT_EQ(ReadText(dir.file("phast.gdm")), ReadText(dir.file("trees.gdm")));
  // The table: row i, column j = d(sources[i], targets[j]) by the library's Dijkstra.
  RunOk(App("gapsp") + " " + dir.file("g.gch") + " " + dir.file("t.csv") + " -q --to csv --sources " +
        dir.file("S.txt") + " --targets " + dir.file("T.txt"));
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
  const std::vector<std::int32_t> rows = DijkstraRows(csr, sources);
  std::istringstream csv(ReadText(dir.file("t.csv")));
  std::string line;
  std::getline(csv, line);
  std::string header = "vertex";
  for (std::uint32_t t : targets) header.append(",").append(std::to_string(t + 1));
  EXPECT_EQ(line, header);
  for (std::size_t i = 0; i < sources.size(); ++i) {
    ASSERT_TRUE(std::getline(csv, line));
    std::string expected = std::to_string(sources[i] + 1);
    for (std::uint32_t t : targets) {
      const std::int32_t d = rows[i * g.n + t];
      expected.append(",").append(d >= ElementTraits<std::int32_t>::kInf ? std::string("inf") : std::to_string(d));
    }
    EXPECT_EQ(line, expected) << "row " << i;
  }
}

// The number after "key": in a JSON text (the first one).
double JsonNumberAfter(const std::string& json, const std::string& key) {
  const auto at = json.find("\"" + key + "\":");
  if (at == std::string::npos) return std::nan("");
  return std::stod(json.substr(at + key.size() + 3));
}

// gapsp --sources S --targets T writes one table .gdm by every route: the saved hierarchy, auto on the
// graph (the plan's hierarchy trial or the trees), the trees and Floyd-Warshall asked for; its cells
// are Dijkstra's distances, and ginfo and gpath read it.
TEST(RoadTools, TableFilesEqualDijkstraOnEveryRoute) {
  TempDir dir;
  const unsigned seed = TestSeed() + 11;
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  const Graph g = WriteRoads(dir, "g.gr", seed);
  const std::vector<std::uint32_t> sources = DistinctVertices(g.n, 9, seed),
                                   targets = DistinctVertices(g.n, 13, seed + 3);
  WriteText(dir.file("S.txt"), Lines(sources));
  WriteText(dir.file("T.txt"), Lines(targets));
  RunOk(App("gconvert") + " " + dir.file("g.gr") + " " + dir.file("g.gch") + " -q --to ch");
  const std::string table = " --sources " + dir.file("S.txt") + " --targets " + dir.file("T.txt") + " -q";
  RunOk(App("gapsp") + " " + dir.file("g.gch") + " " + dir.file("ch.gdm") + table);
  RunOk(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("auto.gdm") + table);
  RunOk(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("trees.gdm") + table + " --algorithm dijkstra");
  RunOk(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("fw.gdm") + table + " --algorithm fw");
  const std::string bytes = ReadText(dir.file("ch.gdm"));
  for (const char* other : {"auto.gdm", "trees.gdm", "fw.gdm"}) EXPECT_EQ(ReadText(dir.file(other)), bytes) << other;

  const std::vector<std::int32_t> rows = DijkstraRows(BuildCsrGraph<std::int32_t>(g), sources);
  MappedMatrixFile file(dir.file("ch.gdm"), true, /*allow_rectangular=*/true);
  ASSERT_TRUE(file.info().table);
  ASSERT_EQ(file.info().n, targets.size());
  ASSERT_EQ(file.info().rows(), sources.size());
  for (std::size_t i = 0; i < sources.size(); ++i) {
    EXPECT_EQ(file.info().row_labels.label(i), std::to_string(sources[i] + 1));
    for (std::size_t j = 0; j < targets.size(); ++j)
      EXPECT_EQ(file.row<std::int32_t>(i)[j], std::min(rows[i * g.n + targets[j]], ElementTraits<std::int32_t>::kInf))
          << i << "," << j;
  }
  EXPECT_NE(RunOk(App("ginfo") + " " + dir.file("ch.gdm") + " --json").find("\"table\":true"), std::string::npos);
  for (std::size_t i = 0; i < 3; ++i) {
    const std::int32_t d = rows[i * g.n + targets[i]];
    const CommandResult r =
        RunCommand(App("gpath") + " " + dir.file("ch.gdm") + " --from " + std::to_string(sources[i] + 1) + " --to " +
                   std::to_string(targets[i] + 1) + " --json");
    if (d >= ElementTraits<std::int32_t>::kInf) {
      EXPECT_EQ(r.exit_code, 1) << r.output;
      continue;
    }
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(JsonNumberAfter(r.output, "length"), d) << r.output;
    EXPECT_NE(r.output.find("\"from\":\"" + std::to_string(sources[i] + 1) + "\""), std::string::npos) << r.output;
  }
}

// The p-median of candidates C over demands D: the table file, and gcenter GRAPH --candidates C --demands D
// on the trees and on the hierarchy, against an enumeration of every site set over Dijkstra's table.
TEST(RoadTools, SitingOnTablesEqualsTheEnumeration) {
  TempDir dir;
  const unsigned seed = TestSeed() + 12;
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  const Graph g = WriteRoads(dir, "g.gr", seed, /*connected=*/true);
  const std::vector<std::uint32_t> cand = DistinctVertices(g.n, 8, seed), dem = DistinctVertices(g.n, 30, seed + 9);
  WriteText(dir.file("C.txt"), Lines(cand));
  WriteText(dir.file("D.txt"), Lines(dem));
  RunOk(App("gconvert") + " " + dir.file("g.gr") + " " + dir.file("g.gch") + " -q --to ch");
  RunOk(App("gapsp") + " " + dir.file("g.gr") + " " + dir.file("t.gdm") + " -q --sources " + dir.file("C.txt") +
        " --targets " + dir.file("D.txt"));
  const std::vector<std::int32_t> rows = DijkstraRows(BuildCsrGraph<std::int32_t>(g), cand);
  const std::size_t p = 3;
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  for (std::size_t a = 0; a < cand.size(); ++a)
    for (std::size_t b = a + 1; b < cand.size(); ++b)
      for (std::size_t c = b + 1; c < cand.size(); ++c) {
        std::int64_t sum = 0;
        for (std::uint32_t u : dem) sum += std::min({rows[a * g.n + u], rows[b * g.n + u], rows[c * g.n + u]});
        best = std::min(best, sum);
      }
  const std::string model = " --p-median " + std::to_string(p) + " --exact --json -q";
  const std::string graph_flags = " --candidates " + dir.file("C.txt") + " --demands " + dir.file("D.txt") + model;
  for (const std::string& run :
       {App("gcenter") + " " + dir.file("t.gdm") + model, App("gcenter") + " " + dir.file("g.gr") + graph_flags,
        App("gcenter") + " " + dir.file("g.gch") + graph_flags,
        App("gcenter") + " " + dir.file("g.gr") + " --engine ch" + graph_flags}) {
    const std::string json = RunOk(run);
    EXPECT_EQ(JsonNumberAfter(json, "objective"), static_cast<double>(best)) << run << "\n" << json;
  }
  // --weights name the demands (the columns): here only the first weighs, 5.
  WriteText(dir.file("W.txt"), std::to_string(dem[0] + 1) + ",5\n");
  const std::string weighted =
      RunOk(App("gcenter") + " " + dir.file("g.gr") + graph_flags + " --weights " + dir.file("W.txt"));
  std::int64_t best_weighted = std::numeric_limits<std::int64_t>::max();
  for (std::size_t a = 0; a < cand.size(); ++a)
    best_weighted = std::min<std::int64_t>(best_weighted, 5 * rows[a * g.n + dem[0]]);
  EXPECT_EQ(JsonNumberAfter(weighted, "objective"), static_cast<double>(best_weighted)) << weighted;
}

TEST(RoadTools, RoutesOnGraphsEqualTheMatrixRoutesLength) {
  TempDir dir;
  const unsigned seed = TestSeed() + 2;
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  const Graph g = WriteRoads(dir, "g.gr", seed);
  RunOk(App("gconvert") + " " + dir.file("g.gr") + " " + dir.file("g.gch") + " -q");
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
  const std::vector<std::uint32_t> pairs = DistinctVertices(g.n, 12, seed);
  const std::vector<std::int32_t> rows = DijkstraRows(csr, pairs);
  for (std::size_t i = 0; i + 1 < pairs.size(); i += 2) {
    const std::uint32_t s = pairs[i], t = pairs[i + 1];
    const std::int32_t d = rows[i * g.n + t];
    for (const std::string& input : {dir.file("g.gr"), dir.file("g.gch")}) {
      const CommandResult r = RunCommand(App("gpath") + " " + input + " --from " + std::to_string(s + 1) + " --to " +
                                         std::to_string(t + 1) + " --json");
      if (d >= ElementTraits<std::int32_t>::kInf) {
        EXPECT_EQ(r.exit_code, 1) << r.output;
        EXPECT_NE(r.output.find("\"length\":null"), std::string::npos) << r.output;
        continue;
      }
      ASSERT_EQ(r.exit_code, 0) << r.output;
      EXPECT_NE(r.output.find("\"length\":" + std::to_string(d) + ","), std::string::npos) << r.output;
    }
  }
}

TEST(RoadTools, SitingOnTheHierarchysRowsEqualsSitingOnTrees) {
  TempDir dir;
  const unsigned seed = TestSeed() + 4;
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  const Graph g = WriteRoads(dir, "g.gr", seed, /*connected=*/true);
  WriteText(dir.file("C.txt"), Lines(DistinctVertices(g.n, 25, seed)));
  RunOk(App("gconvert") + " " + dir.file("g.gr") + " " + dir.file("g.gch") + " -q");
  for (const char* model : {"--p-median 4", "--p-center 3"})
    for (const char* direction : {"out", "in"}) {
      const std::string flags = std::string(" --candidates ") + dir.file("C.txt") + " " + model + " --direction " +
                                direction + " --json --seed 7 -q";
      // The same report but for the plan, which names the engine that ran (trees or hierarchy).
      auto answer = [](const std::string& json) { return json.substr(0, json.find("\"plan\"")); };
      const std::string trees = RunOk(App("gcenter") + " " + dir.file("g.gr") + flags);
      EXPECT_NE(trees.find("\"engine\":\"trees\""), std::string::npos) << trees;
      const std::string saved = RunOk(App("gcenter") + " " + dir.file("g.gch") + flags);
      EXPECT_EQ(answer(saved), answer(trees)) << model << " " << direction;
      EXPECT_NE(saved.find("\"engine\":\"hierarchy\""), std::string::npos) << saved;
      EXPECT_EQ(answer(RunOk(App("gcenter") + " " + dir.file("g.gr") + " --engine ch" + flags)), answer(trees));
    }
}

TEST(RoadTools, EveryVertexMetricsEqualTheTrees) {
  TempDir dir;
  const unsigned seed = TestSeed() + 5;
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  WriteRoads(dir, "g.gr", seed);
  // The per-vertex rows (eccentricity, total, unreachable, closeness, harmonic) and the summary's keys.
  const std::string ch =
      RunOk(App("gcenter") + " " + dir.file("g.gr") + " --engine ch --json -q --per-vertex " + dir.file("ch.csv"));
  const std::string trees = RunOk(App("gcenter") + " " + dir.file("g.gr") + " --engine sparse --json -q --per-vertex " +
                                  dir.file("trees.csv"));
  EXPECT_EQ(ReadText(dir.file("ch.csv")), ReadText(dir.file("trees.csv")));
  for (const char* key : {"\"diameter\"", "\"radius\"", "\"center\"", "\"periphery\"", "\"median\""}) {
    const auto a = ch.find(key), b = trees.find(key);
    ASSERT_NE(a, std::string::npos) << key << " in " << ch;
    ASSERT_NE(b, std::string::npos) << key << " in " << trees;
    EXPECT_EQ(ch.substr(a, ch.find(']', a) - a).substr(0, 40), trees.substr(b, trees.find(']', b) - b).substr(0, 40))
        << key;
  }
  EXPECT_NE(ch.find("\"engine\":\"hierarchy\""), std::string::npos) << ch;
}

TEST(RoadTools, Refusals) {
  TempDir dir;
  WriteRoads(dir, "g.gr", TestSeed() + 3);
  RunOk(App("gconvert") + " " + dir.file("g.gr") + " " + dir.file("g.gch") + " -q");
  WriteText(dir.file("S.txt"), "1\n2\n");
  struct Case {
    std::string args, message;
  };
  for (const Case& c :
       std::vector<Case>{{dir.file("g.gch") + " " + dir.file("o.gdm") + " --paths", "routes come from the hierarchy"},
                         {dir.file("g.gch") + " " + dir.file("o.csv") + " --to csv --targets " + dir.file("S.txt"),
                          "--targets needs --sources"},
                         {dir.file("g.gch") + " " + dir.file("o.gdm") + " --sources " + dir.file("S.txt") +
                              " --targets " + dir.file("S.txt") + " --to nthu",
                          "--to gdm, csv, npy or npz"},
                         {dir.file("g.gr") + " " + dir.file("o.gdm") + " --sources " + dir.file("S.txt") +
                              " --targets " + dir.file("S.txt") + " --paths",
                          "--targets: --paths"}}) {
    const CommandResult r = RunCommand(App("gapsp") + " " + c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << r.output;
    EXPECT_FALSE(Exists(dir.file("o.gdm")));
    EXPECT_FALSE(Exists(dir.file("o.csv")));
  }
  for (const Case& c : std::vector<Case>{
           {dir.file("g.gr") + " --demands " + dir.file("S.txt") + " --p-median 1", "expected --candidates FILE too"},
           {dir.file("g.gr") + " --candidates " + dir.file("S.txt") + " --demands " + dir.file("S.txt"),
            "applies to a siting model"}}) {
    const CommandResult r = RunCommand(App("gcenter") + " " + c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << r.output;
  }
  // A corrupt hierarchy is refused by every tool that reads it.
  std::string bytes = ReadText(dir.file("g.gch"));
  bytes[bytes.size() / 2] ^= 0x5a;
  WriteText(dir.file("bad.gch"), bytes);
  for (const std::string& cmd : {App("gapsp") + " " + dir.file("bad.gch") + " " + dir.file("o.gdm"),
                                 App("gpath") + " " + dir.file("bad.gch") + " --from 1 --to 2"}) {
    const CommandResult r = RunCommand(cmd);
    EXPECT_EQ(r.exit_code, 2) << cmd << "\n" << r.output;
    EXPECT_NE(r.output.find("bad.gch"), std::string::npos) << r.output;
  }
  EXPECT_FALSE(Exists(dir.file("o.gdm")));
}

}  // namespace
}  // namespace gdist::test
