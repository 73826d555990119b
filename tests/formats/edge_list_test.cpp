// Edge-list rules: id relabelling, labels, header sniffing, separators,
// comments and column consistency. Expected values are worked out by hand.
#include <gtest/gtest.h>

#include "format_test_util.hpp"
#include "formats/read_graph.hpp"

namespace gdist {
namespace {

using formats_test::Arc;

Graph Read(const formats_test::TempDir& dir, const std::string& name, const std::string& text) {
  return ReadGraph(formats_test::WriteFile(dir.File(name), text));
}

std::vector<std::string> Labels(const Graph& g) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < g.n; ++i) out.push_back(g.labels.label(i));
  return out;
}

TEST(EdgeList, SparseNegativeAndHugeIdsAreRelabelledInOrderOfFirstAppearance) {
  formats_test::TempDir dir;
  Graph g = Read(dir, "g.txt", "-5 1000000000000 2\n1000000000000 7 3\n7 -5 4\n");
  EXPECT_EQ(g.n, 3u);
  EXPECT_EQ(Labels(g), (std::vector<std::string>{"-5", "1000000000000", "7"}));
  EXPECT_FALSE(g.labels.is_range());
  EXPECT_TRUE(g.labels.all_integers());
  EXPECT_EQ(g.labels.find("7"), std::optional<std::size_t>(2));
  EXPECT_EQ(formats_test::CanonicalArcs(g), (std::vector<Arc>{{0, 1, 2}, {1, 2, 3}, {2, 0, 4}}));
}

TEST(EdgeList, IdsBeyond64BitsBecomeTextLabels) {
  formats_test::TempDir dir;
  Graph g = Read(dir, "g.txt", "99999999999999999999999 1\n1 2\n");
  EXPECT_EQ(Labels(g), (std::vector<std::string>{"99999999999999999999999", "1", "2"}));
  EXPECT_FALSE(g.labels.all_integers());
}

TEST(EdgeList, ContiguousIdsFromZeroOrOneUseTheIdAsIndex) {
  formats_test::TempDir dir;
  Graph zero = Read(dir, "z.txt", "2 0\n1 2\n");
  EXPECT_TRUE(zero.labels.is_range());
  EXPECT_EQ(zero.labels.base(), 0);
  EXPECT_EQ(formats_test::CanonicalArcs(zero), (std::vector<Arc>{{1, 2, 1}, {2, 0, 1}}));
  Graph one = Read(dir, "o.txt", "3 1\n2 3\n");
  EXPECT_TRUE(one.labels.is_range());
  EXPECT_EQ(one.labels.base(), 1);
  EXPECT_EQ(formats_test::CanonicalArcs(one), (std::vector<Arc>{{1, 2, 1}, {2, 0, 1}}));
  // 2..4 is contiguous but starts at 2: labels are kept explicitly.
  Graph two = Read(dir, "t.txt", "4 2\n3 4\n");
  EXPECT_FALSE(two.labels.is_range());
  EXPECT_EQ(Labels(two), (std::vector<std::string>{"4", "2", "3"}));
}

TEST(EdgeList, NamesAndMixedIds) {
  formats_test::TempDir dir;
  Graph g = Read(dir, "n.csv", "alice,bob,1.5\nbob,carol,2\n");
  EXPECT_EQ(Labels(g), (std::vector<std::string>{"alice", "bob", "carol"}));
  EXPECT_EQ(formats_test::CanonicalArcs(g), (std::vector<Arc>{{0, 1, 1.5}, {1, 2, 2}}));
  // Integers first, then a name: the integers keep their indices and labels.
  Graph m = Read(dir, "m.txt", "10 20\n20 x\n10 x\n");
  EXPECT_EQ(Labels(m), (std::vector<std::string>{"10", "20", "x"}));
  EXPECT_EQ(formats_test::CanonicalArcs(m), (std::vector<Arc>{{0, 1, 1}, {0, 2, 1}, {1, 2, 1}}));
  // Labels are kept as spelled unless they are plain integers: "007", "+7" and "7" are three
  // vertices (zip codes 02134 and 2134 are two places), before or after the plain integers.
  Graph c = Read(dir, "c.txt", "007 +7\n7 8\n");
  EXPECT_EQ(Labels(c), (std::vector<std::string>{"007", "+7", "7", "8"}));
  Graph zips = Read(dir, "z.csv", "2134,02134,5\n02134,01,1\n1,2134,2\n");
  EXPECT_EQ(Labels(zips), (std::vector<std::string>{"2134", "02134", "01", "1"}));
  EXPECT_EQ(zips.edges.size(), 3u);
}

TEST(EdgeList, HeaderOnlyWhenClearlyNotData) {
  formats_test::TempDir dir;
  // Non-numeric weight column: a header.
  EXPECT_EQ(Read(dir, "a.csv", "source,target,weight\n1,2,3\n").edges.size(), 1u);
  // Known column words: a header even when names follow.
  Graph words = Read(dir, "b.csv", "from,to\nalice,bob\n");
  EXPECT_EQ(Labels(words), (std::vector<std::string>{"alice", "bob"}));
  // Words followed by integer ids: a header.
  EXPECT_EQ(Read(dir, "c.txt", "x y\n1 2\n").n, 2u);
  // Names followed by names: data.
  Graph names = Read(dir, "d.txt", "ann ben\nben cid\n");
  EXPECT_EQ(names.edges.size(), 2u);
  EXPECT_EQ(Labels(names), (std::vector<std::string>{"ann", "ben", "cid"}));
  // A lone line of names is an edge.
  EXPECT_EQ(Read(dir, "e.txt", "ann ben\n").edges.size(), 1u);
  // Numbers on line 1 are always data.
  EXPECT_EQ(Read(dir, "f.txt", "1 2\n2 3\n").edges.size(), 2u);
  // A header anywhere but the first data line is an error, not skipped.
  std::string msg = formats_test::ErrorOf([&] { Read(dir, "g.csv", "1,2,3\nsource,target,weight\n"); });
  EXPECT_NE(msg.find("g.csv:2: expected a finite number in the weight column"), std::string::npos) << msg;
}

TEST(EdgeList, CommentsBlankLinesSeparatorsAndLineEndings) {
  formats_test::TempDir dir;
  Graph g = Read(dir, "s.txt",
                 "# SNAP header\r\n% KONECT header\r\n\r\n  1 \t 2   4\r\n2,3,5,\r\n\t# indented comment\n3\t1\t6");
  EXPECT_EQ(formats_test::CanonicalArcs(g), (std::vector<Arc>{{0, 1, 4}, {1, 2, 5}, {2, 0, 6}}));
}

TEST(EdgeList, Utf8ByteOrderMarkIsNotPartOfTheFirstId) {
  formats_test::TempDir dir;
  Graph g = Read(dir, "bom.csv",
                 "\xEF\xBB\xBF"
                 "1,2\n2,3\n");
  EXPECT_TRUE(g.labels.is_range());
  EXPECT_EQ(Labels(g), (std::vector<std::string>{"1", "2", "3"}));
  Graph h = Read(dir, "bomh.csv",
                 "\xEF\xBB\xBF"
                 "source,target\n1,2\n");
  EXPECT_EQ(h.edges.size(), 1u);
}

TEST(EdgeList, ColumnCountMustStayTheSame) {
  formats_test::TempDir dir;
  std::string msg = formats_test::ErrorOf([&] { Read(dir, "k.txt", "# c\n1 2 3\n2 3\n"); });
  EXPECT_NE(msg.find("k.txt:3: expected 3 fields as on line 2"), std::string::npos) << msg;
  msg = formats_test::ErrorOf([&] { Read(dir, "l.txt", "1 2 3 4\n"); });
  EXPECT_NE(msg.find("l.txt:1: expected 'source target [weight]'"), std::string::npos) << msg;
  msg = formats_test::ErrorOf([&] { Read(dir, "m.txt", "1\n"); });
  EXPECT_NE(msg.find("m.txt:1: expected 'source target [weight]'"), std::string::npos) << msg;
}

TEST(EdgeList, UndirectedFlagAndSelfLoopsKept) {
  formats_test::TempDir dir;
  const std::string path = formats_test::WriteFile(dir.File("u.txt"), "1 1\n1 2 \n");
  ReadOptions o;
  o.undirected = true;
  Graph g = ReadGraph(path, o);
  EXPECT_FALSE(g.directed);
  EXPECT_EQ(g.edges.size(), 2u);  // the self-loop is kept: policy belongs to the matrix builder
  EXPECT_TRUE(ReadGraph(path).directed);
}

}  // namespace
}  // namespace gdist
