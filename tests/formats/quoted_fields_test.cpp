// Analysts' edge lists: place names with spaces in TSV, and RFC 4180 quoted
// CSV fields (quotes, doubled quotes, commas inside). Expected labels and arcs
// are worked out by hand; the round trip goes through gconvert's CSV writer.
#include <gtest/gtest.h>

#include "format_test_util.hpp"
#include "formats/graph_writers.hpp"
#include "formats/read_graph.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

using formats_test::Arc;

std::vector<std::string> Labels(const Graph& g) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < g.n; ++i) out.push_back(g.labels.label(i));
  return out;
}

std::vector<std::string> Split(std::string_view line, std::size_t max = 4) {
  std::string_view f[5];
  const std::size_t k = SplitFields(line, f, max);
  if (k == kBadQuote) return {"<bad quote>"};
  return std::vector<std::string>(f, f + std::min(k, max));
}

TEST(QuotedFields, SplitFollowsRfc4180) {
  EXPECT_EQ(Split(R"("New York, NY",Boston,5)"), (std::vector<std::string>{"New York, NY", "Boston", "5"}));
  EXPECT_EQ(Split(R"("say ""hi""", "x" , y)"), (std::vector<std::string>{"say \"hi\"", "x", "y"}));
  EXPECT_EQ(Split(R"("",a)"), (std::vector<std::string>{"", "a"}));
  EXPECT_EQ(Split(R"("a""b","c""d")"), (std::vector<std::string>{"a\"b", "c\"d"}));  // both unquoted copies kept
  EXPECT_EQ(Split(R"("New, York" Boston 3)"), (std::vector<std::string>{"New, York", "Boston", "3"}));
  EXPECT_EQ(Split(R"("open,a)"), (std::vector<std::string>{"<bad quote>"}));
  EXPECT_EQ(Split(R"("a"b,c)"), (std::vector<std::string>{"<bad quote>"}));
}

TEST(QuotedFields, TabsSeparateNamesWithSpaces) {
  EXPECT_EQ(Split("New York\tLos Angeles\t2789"), (std::vector<std::string>{"New York", "Los Angeles", "2789"}));
  EXPECT_EQ(Split("  1 \t 2   4"), (std::vector<std::string>{"1", "2", "4"}));  // numbers: any blanks separate
  EXPECT_EQ(Split("a\tb\t7"), (std::vector<std::string>{"a", "b", "7"}));
  EXPECT_EQ(Split("a b c"), (std::vector<std::string>{"a", "b", "c"}));
}

TEST(QuotedFields, EdgeListWithPlaceNames) {
  formats_test::TempDir dir;
  const Graph tsv = ReadGraph(formats_test::WriteFile(
      dir.File("cities.tsv"),
      "from\tto\tkm\nNew York\tBoston\t306\nBoston\tSt. John's\t1100\nNew York\tSt. John's\t2100\n"));
  EXPECT_EQ(Labels(tsv), (std::vector<std::string>{"New York", "Boston", "St. John's"}));
  EXPECT_EQ(formats_test::CanonicalArcs(tsv), (std::vector<Arc>{{0, 1, 306}, {0, 2, 2100}, {1, 2, 1100}}));
  const Graph csv =
      ReadGraph(formats_test::WriteFile(dir.File("q.csv"),
                                        "source,target,weight\n\"Washington, D.C.\",\"The \"\"Big\"\" Apple\",330\n"
                                        "\"The \"\"Big\"\" Apple\",Boston,306\n"));
  EXPECT_EQ(Labels(csv), (std::vector<std::string>{"Washington, D.C.", "The \"Big\" Apple", "Boston"}));
  EXPECT_EQ(formats_test::CanonicalArcs(csv), (std::vector<Arc>{{0, 1, 330}, {1, 2, 306}}));
}

TEST(QuotedFields, WriterOutputReadsBackToTheSameLabels) {
  formats_test::TempDir dir;
  const Graph g = ReadGraph(formats_test::WriteFile(
      dir.File("a.csv"), "\"a, \"\"x\"\"\",b c,1\nb c,\"d\"\"\",2\n\"d\"\"\",\"a, \"\"x\"\"\",3\n"));
  WriteGraph(dir.File("out.csv"), g, GraphFormatOut::kEdgeList);
  const Graph back = ReadGraph(dir.File("out.csv"));
  EXPECT_EQ(Labels(back), Labels(g));
  EXPECT_EQ(formats_test::CanonicalArcs(back), formats_test::CanonicalArcs(g));
  EXPECT_EQ(Labels(g), (std::vector<std::string>{"a, \"x\"", "b c", "d\""}));
}

// Labels that start with '#' or '%' (comment marks to every reader) and labels
// that only look like integers ("007") survive gconvert's CSV and read back.
TEST(QuotedFields, CommentMarksAndZeroPaddedLabelsRoundTrip) {
  formats_test::TempDir dir;
  const Graph g = ReadGraph(formats_test::WriteFile(dir.File("a.csv"), "\"#1\",%x,4\n%x,007,5\n007,7,6\n7,\"#1\",7\n"));
  EXPECT_EQ(Labels(g), (std::vector<std::string>{"#1", "%x", "007", "7"}));
  WriteGraph(dir.File("out.csv"), g, GraphFormatOut::kEdgeList);
  const Graph back = ReadGraph(dir.File("out.csv"));
  EXPECT_EQ(Labels(back), Labels(g));
  EXPECT_EQ(formats_test::CanonicalArcs(back), formats_test::CanonicalArcs(g));
}

// Parallel arcs are resolved by the input's rule before writing, so a format
// whose reader applies another rule reads back the same graph (OR-Library
// p-median files: the last duplicate wins; DIMACS's reader keeps the least).
TEST(QuotedFields, ParallelArcsResolvedBeforeWriting) {
  formats_test::TempDir dir;
  Graph g = ReadGraph(formats_test::WriteFile(dir.File("p.csv"), "1,2,5\n2,3,1\n1,2,3\n2,1,9\n3,2,4\n"), [] {
    ReadOptions o;
    o.undirected = true;
    return o;
  }());
  ASSERT_EQ(g.edges.size(), 5u);
  // Undirected: {1,2} has 5, 3, 9 (last 9, least 3); {2,3} has 1, 4 (last 4, least 1).
  const Graph last = WithoutParallelArcs(g, DuplicatePolicy::kLast);
  EXPECT_EQ(formats_test::CanonicalArcs(last),
            (std::vector<formats_test::Arc>{{0, 1, 9}, {1, 0, 9}, {1, 2, 4}, {2, 1, 4}}));
  const Graph least = WithoutParallelArcs(g, DuplicatePolicy::kMin);
  EXPECT_EQ(formats_test::CanonicalArcs(least),
            (std::vector<formats_test::Arc>{{0, 1, 3}, {1, 0, 3}, {1, 2, 1}, {2, 1, 1}}));
  // Written under the last-wins rule, the DIMACS file (read by the least) keeps 9 and 4.
  const std::string note = WriteGraph(dir.File("p.gr"), g, GraphFormatOut::kDimacs, DuplicatePolicy::kLast);
  EXPECT_NE(note.find("3 parallel edges resolved"), std::string::npos) << note;
  const Graph back = WithoutParallelArcs(ReadGraph(dir.File("p.gr")), DuplicatePolicy::kMin);
  double w12 = 0, w23 = 0;
  for (const Edge& e : back.edges) (std::min(e.from, e.to) == 0 ? w12 : w23) = e.weight;
  EXPECT_EQ(w12, 9);
  EXPECT_EQ(w23, 4);
}

TEST(QuotedFields, UnclosedQuoteNamesTheLine) {
  formats_test::TempDir dir;
  const std::string path = formats_test::WriteFile(dir.File("bad.csv"), "a,b,1\n\"c,d,2\n");
  try {
    ReadGraph(path);
    FAIL() << "read a line with an unclosed quote";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("bad.csv:2:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("quoted field"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gdist
