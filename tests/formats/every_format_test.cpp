// One small directed graph and one small undirected graph, written by hand in
// every input format (plain and gzip-compressed), must read back as the same
// arcs, vertex count and labels. The expected arcs below are written out by
// hand from the drawings in the comments, not produced by our readers.
#include <gtest/gtest.h>

#include "format_test_util.hpp"
#include "formats/read_graph.hpp"

namespace gdist {
namespace {

using formats_test::Arc;

// Directed, ids 1..5:  1->2 (3)  2->3 (4)  3->1 (2)  1->4 (7)  4->5 (1)  5->4 (6)
const std::vector<Arc> kDirectedArcs = {{0, 1, 3}, {0, 3, 7}, {1, 2, 4}, {2, 0, 2}, {3, 4, 1}, {4, 3, 6}};
// Undirected, ids 1..4:  1-2 (5)  2-3 (1)  3-4 (2)  1-4 (9)
const std::vector<Arc> kUndirectedArcs = {{0, 1, 5}, {0, 3, 9}, {1, 0, 5}, {1, 2, 1},
                                          {2, 1, 1}, {2, 3, 2}, {3, 0, 9}, {3, 2, 2}};

struct Case {
  std::string file;  // its name decides detection together with the content
  std::string content;
  std::string format_name;
  bool undirected_flag = false;  // pass --undirected
  bool directed;
  std::int64_t label_base;
  const std::vector<Arc>* arcs;
};

std::vector<Case> Cases() {
  std::vector<Case> c;
  c.push_back({"dir.gr", "c hand-made\np sp 5 6\na 1 2 3\na 2 3 4\na 3 1 2\nc middle\na 1 4 7\na 4 5 1\na 5 4 6\n",
               "dimacs", false, true, 1, &kDirectedArcs});
  c.push_back({"dir.txt", "# SNAP style\n1 2 3\n2 3 4\n3 1 2\n1 4 7\n4 5 1\n5 4 6\n", "edgelist", false, true, 1,
               &kDirectedArcs});
  c.push_back({"dir.tsv", "% KONECT style\r\n1\t2\t3\r\n2\t3\t4\r\n3\t1\t2\r\n1\t4\t7\r\n4\t5\t1\r\n5\t4\t6\r\n",
               "edgelist", false, true, 1, &kDirectedArcs});
  c.push_back({"dir.csv", "source,target,weight\n1,2,3\n2, 3, 4\n3,1,2\n1,4,7\n4,5,1\n5,4,6", "edgelist", false, true,
               1, &kDirectedArcs});
  c.push_back({"dir.mtx",
               "%%MatrixMarket matrix coordinate integer general\n% diagonal entries are matrix data, not loops\n"
               "5 5 8\n1 2 3\n2 3 4\n3 3 9\n3 1 2\n1 4 7\n4 5 1\n5 4 6\n1 1 5\n",
               "mtx", false, true, 1, &kDirectedArcs});
  c.push_back({"dir_nthu", formats_test::Int32Bytes({5, 6, 0, 1, 3, 1, 2, 4, 2, 0, 2, 0, 3, 7, 3, 4, 1, 4, 3, 6}),
               "nthu", false, true, 0, &kDirectedArcs});
  c.push_back(
      {"pmed_und.txt", " 4 4 2 \n 1 2 5 \n 2 3 1 \n 3 4 2 \n 1 4 9 \n", "orlib", false, false, 1, &kUndirectedArcs});
  c.push_back({"und.graph", "% fmt 1: edge weights\n4 4 1\n2 5 4 9\n1 5 3 1\n2 1 4 2\n 3 2 1 9\n", "metis", false,
               false, 1, &kUndirectedArcs});
  c.push_back({"und_vw.graph", "4 4 011 2\n7 8 2 5 4 9\n7 8 1 5 3 1\n7 8 2 1 4 2\n7 8 3 2 1 9\n", "metis", false, false,
               1, &kUndirectedArcs});
  c.push_back({"und.mtx",
               "%%MatrixMarket matrix coordinate real symmetric\n4 4 6\n1 1 0.5\n2 1 5\n3 2 1.0\n4 3 2\n4 1 9e0\n"
               "4 4 3\n",
               "mtx", false, false, 1, &kUndirectedArcs});
  c.push_back({"und.el", "1 2 5\n2 3 1\n3 4 2\n1 4 9\n", "edgelist", true, false, 1, &kUndirectedArcs});
  return c;
}

void CheckGraph(const Graph& g, const Case& c) {
  EXPECT_EQ(g.format_name, c.format_name);
  EXPECT_EQ(g.n, c.arcs == &kDirectedArcs ? 5u : 4u);
  EXPECT_EQ(g.directed, c.directed);
  EXPECT_TRUE(g.integral_weights);
  EXPECT_EQ(formats_test::CanonicalArcs(g), *c.arcs);
  ASSERT_EQ(g.labels.size(), g.n);
  EXPECT_TRUE(g.labels.is_range());
  EXPECT_EQ(g.labels.base(), c.label_base);
  EXPECT_EQ(g.labels.label(0), std::to_string(c.label_base));
}

TEST(EveryFormat, PlainAndGzipReadTheSameGraph) {
  formats_test::TempDir dir;
  for (const Case& c : Cases()) {
    for (bool gz : {false, true}) {
      const std::string path = dir.File(c.file + (gz ? ".gz" : ""));
      gz ? formats_test::WriteGzip(path, c.content) : formats_test::WriteFile(path, c.content);
      SCOPED_TRACE(path);
      ReadOptions auto_detect;
      auto_detect.undirected = c.undirected_flag;
      CheckGraph(ReadGraph(path, auto_detect), c);
      // Naming the format gives the same result as detecting it.
      ReadOptions named = auto_detect;
      ASSERT_TRUE(ParseInputFormat(c.format_name == "edgelist" ? "edgelist" : c.format_name, &named.format));
      CheckGraph(ReadGraph(path, named), c);
    }
  }
}

TEST(EveryFormat, OrlibCarriesPAndTheLastDuplicateConvention) {
  formats_test::TempDir dir;
  Graph g = ReadGraph(formats_test::WriteFile(dir.File("pmed_x.txt"), "4 4 2\n1 2 5\n2 3 1\n3 4 2\n1 4 9\n"));
  ASSERT_TRUE(g.orlib_p.has_value());
  EXPECT_EQ(*g.orlib_p, 2u);
  EXPECT_TRUE(g.prefers_last_duplicate);
  // No other format asks for last-wins or carries p.
  Graph d = ReadGraph(formats_test::WriteFile(dir.File("x.gr"), "p sp 2 1\na 1 2 3\n"));
  EXPECT_FALSE(d.prefers_last_duplicate);
  EXPECT_FALSE(d.orlib_p.has_value());
}

TEST(EveryFormat, PaceTreewidthGrIsUndirectedUnweighted) {
  formats_test::TempDir dir;
  for (bool gz : {false, true}) {
    const std::string path = dir.File(gz ? "road.gr.gz" : "road.gr");
    const std::string text = "c PACE 2016\np tw 4 4\n1 2\n2 3\n3 4\n4 1\n";
    gz ? formats_test::WriteGzip(path, text) : formats_test::WriteFile(path, text);
    Graph g = ReadGraph(path);
    EXPECT_EQ(g.n, 4u);
    EXPECT_FALSE(g.directed);
    const std::vector<Arc> expected = {{0, 1, 1}, {0, 3, 1}, {1, 0, 1}, {1, 2, 1},
                                       {2, 1, 1}, {2, 3, 1}, {3, 0, 1}, {3, 2, 1}};
    EXPECT_EQ(formats_test::CanonicalArcs(g), expected);
  }
}

TEST(EveryFormat, RealWeightsAreKeptAndMarkedFractional) {
  formats_test::TempDir dir;
  Graph e = ReadGraph(formats_test::WriteFile(dir.File("w.csv"), "a,b,0.25\nb,c,1e-3\n"));
  EXPECT_FALSE(e.integral_weights);
  EXPECT_EQ(formats_test::CanonicalArcs(e), (std::vector<Arc>{{0, 1, 0.25}, {1, 2, 0.001}}));
  Graph m = ReadGraph(formats_test::WriteFile(
      dir.File("w.mtx"), "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 -2.5\n2 1 3\n"));
  EXPECT_FALSE(m.integral_weights);
  EXPECT_EQ(formats_test::CanonicalArcs(m), (std::vector<Arc>{{0, 1, -2.5}, {1, 0, 3}}));
  Graph p = ReadGraph(formats_test::WriteFile(dir.File("p.mtx"),
                                              "%%matrixmarket MATRIX Coordinate Pattern General\n"
                                              "3 3 2\n1 3\n3 2\n"));
  EXPECT_TRUE(p.integral_weights);
  EXPECT_EQ(formats_test::CanonicalArcs(p), (std::vector<Arc>{{0, 2, 1}, {2, 1, 1}}));
}

}  // namespace
}  // namespace gdist
