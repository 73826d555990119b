// Our readers against independent parsers on the real files: SciPy's
// scipy.io.mmread for Matrix Market and NetworkX's read_edgelist for the
// SNAP edge lists (gzip, CRLF, sparse ids). Every arc and weight is compared,
// not just counts. Skipped when /usr/bin/python3 lacks scipy/networkx or the
// shared data is absent.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "format_test_util.hpp"
#include "formats/read_graph.hpp"

namespace gdist {
namespace {

const std::string kData = GDIST_SHARED_DATA;
const char* kPython = "/usr/bin/python3";

bool PythonHas(const char* modules) {
  const std::string cmd = std::string(kPython) + " -c 'import " + modules + "' > /dev/null 2>&1";
  return std::filesystem::exists(kPython) && std::system(cmd.c_str()) == 0;
}

// Runs a Python script with one argument and returns its stdout.
std::string RunPython(const formats_test::TempDir& dir, const std::string& script, const std::string& arg) {
  const std::string py = formats_test::WriteFile(dir.File("ref.py"), script);
  const std::string out = dir.File("ref.out");
  const std::string cmd = std::string(kPython) + " " + py + " " + arg + " > " + out;
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream in(out);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// "a b w" lines -> sorted (a, b, w) triples; a and b are 0-based indices.
std::vector<formats_test::Arc> ParseIndexArcs(const std::string& text) {
  std::vector<formats_test::Arc> arcs;
  std::istringstream in(text);
  std::uint32_t a, b;
  double w;
  while (in >> a >> b >> w) arcs.emplace_back(a, b, w);
  std::sort(arcs.begin(), arcs.end());
  return arcs;
}

TEST(PythonReference, MatrixMarketAgreesWithScipyMmread) {
  if (!PythonHas("scipy.io")) GTEST_SKIP() << "no scipy for " << kPython;
  const std::string script =
      "import sys, scipy.io\n"
      "m = scipy.io.mmread(sys.argv[1]).tocoo()\n"
      "for i, j, v in zip(m.row, m.col, m.data):\n"
      "    if i != j: print(i, j, repr(float(v)))\n";
  for (const char* rel : {"suitesparse/bcspwr10.mtx", "suitesparse/1138_bus.mtx"}) {
    const std::string path = kData + "/" + rel;
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " not present";
    formats_test::TempDir dir;
    // mmread expands symmetric files to both triangles, as CanonicalArcs does for undirected graphs.
    const auto expected = ParseIndexArcs(RunPython(dir, script, path));
    Graph g = ReadGraph(path);
    ASSERT_FALSE(expected.empty()) << rel;
    EXPECT_EQ(formats_test::CanonicalArcs(g), expected) << rel;
  }
}

TEST(PythonReference, SnapEdgeListsAgreeWithNetworkx) {
  if (!PythonHas("networkx")) GTEST_SKIP() << "no networkx for " << kPython;
  // A MultiDiGraph keeps parallel arcs and self-loops, like our arc list.
  const std::string script =
      "import sys, networkx as nx\n"
      "g = nx.read_edgelist(sys.argv[1], nodetype=int, create_using=nx.MultiDiGraph)\n"
      "print(g.number_of_nodes())\n"
      "for u, v in g.edges(): print(u, v)\n";
  for (const char* rel : {"snap/ca-GrQc.txt.gz", "snap/email-Eu-core.txt.gz"}) {
    const std::string path = kData + "/" + rel;
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " not present";
    formats_test::TempDir dir;
    std::istringstream in(RunPython(dir, script, path));
    std::size_t nodes = 0;
    in >> nodes;
    std::vector<std::pair<std::int64_t, std::int64_t>> expected, ours;
    std::int64_t u, v;
    while (in >> u >> v) expected.emplace_back(u, v);
    Graph g = ReadGraph(path);
    EXPECT_EQ(g.n, nodes) << rel;
    for (const Edge& e : g.edges)
      ours.emplace_back(std::stoll(g.labels.label(e.from)), std::stoll(g.labels.label(e.to)));
    std::sort(expected.begin(), expected.end());
    std::sort(ours.begin(), ours.end());
    ASSERT_FALSE(expected.empty()) << rel;
    EXPECT_EQ(ours, expected) << rel;  // compared in the file's own ids, through our labels
  }
}

}  // namespace
}  // namespace gdist
