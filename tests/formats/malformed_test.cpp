// Malformed input: every error names the file, the line (byte offset for the
// binary NTHU format) and what was expected there.
#include <gtest/gtest.h>

#include "format_test_util.hpp"
#include "formats/read_graph.hpp"

namespace gdist {
namespace {

struct BadCase {
  const char* file;
  std::string content;
  const char* format;  // --from, or "auto"
  std::string where;   // ":<line>:" or ": byte <n>:"
  std::string expected_words;
};

std::vector<BadCase> BadCases() {
  return {
      // DIMACS
      {"a.gr", "c x\np sp 3 1\na 1 2\n", "auto", ":3:", "expected 'a <from> <to> <weight>'"},
      {"b.gr", "a 1 2 3\np sp 3 1\n", "auto", ":1:", "'a' line before the 'p sp"},
      {"c.gr", "p sp 3 1\na 1 4 3\n", "auto", ":2:", "vertex id 4 out of range 1..3"},
      {"d.gr", "p sp 3 2\na 1 2 3\n", "auto", ":2:", "declares 2 arcs but 1 were found"},
      {"e.gr", "p sp 3 0\np sp 3 0\n", "auto", ":2:", "second 'p' line (the first is on line 1)"},
      {"f.gr", "p sp 3 1\nx 1 2 3\n", "auto", ":2:", "expected a line starting with 'c', 'p' or 'a', got 'x'"},
      {"g.gr", "p max 3 1\n", "auto", ":1:", "expected 'p sp <vertices> <arcs>'"},
      {"h.gr", "p sp 3 1\na 1 2 nan\n", "auto", ":2:", "expected 'a <from> <to> <weight>'"},
      {"i.gr", "c nothing else\n", "auto", ":1:", "no 'p sp <vertices> <arcs>' line found"},
      {"j.gr", "p tw 3 1\n1 2 3\n", "auto", ":2:", "expected an edge line '<u> <v>'"},
      {"k.gr", "", "dimacs", ":1:", "file is empty"},
      {"l.gr", "p sp 4294967296 0\n", "auto", ":1:", "more than 2^32-2 vertices"},
      {"m.gr", "p sp 2 9223372036854775807\na 1 2 3\n", "auto", ":2:", "declares 9223372036854775807 arcs but 1"},
      // Edge lists
      {"a.txt", "1 2 3\n2 3 x\n", "auto", ":2:", "expected a finite number in the weight column, got 'x'"},
      {"b.txt", "1 2 inf\n", "auto", ":1:", "expected a finite number in the weight column, got 'inf'"},
      {"c.csv", "1,,3\n", "auto", ":1:", "expected a vertex id, got an empty field"},
      {"d.txt", "# only comments\n\n", "auto", ":2:", "expected at least one edge line"},
      {"e.txt", "", "edgelist", ":1:", "file is empty"},
      // OR-Library
      {"pmed_a.txt", "3 2\n", "auto", ":1:", "expected the OR-Library header 'n m p'"},
      {"pmed_b.txt", "3 2 4\n", "auto", ":1:", "0 <= p <= n"},
      {"pmed_c.txt", "3 2 1\n1 2 5\n2 4 5\n", "auto", ":3:", "vertex number out of range 1..3"},
      {"pmed_d.txt", "3 1 1\n1 2 5\n2 3 5\n", "auto",
       ":3:", "more edge lines than the 1 the header on line 1 declares"},
      {"pmed_e.txt", "3 2 1\n1 2 5\n\n", "auto", ":3:", "declares 2 edges but the file ends after 1"},
      {"pmed_f.txt", "3 2 1\n1 2\n", "auto", ":2:", "expected an edge line 'i j cost'"},
      {"orlib.dat", "", "orlib", ":1:", "found an empty file"},
      // Matrix Market
      {"a.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", "auto", ":1:", "expected 'coordinate'"},
      {"b.mtx", "%%MatrixMarket matrix coordinate complex general\n", "auto", ":1:", "expected the field"},
      {"c.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n", "auto", ":1:", "expected the symmetry"},
      {"d.mtx", "%%MatrixMarket matrix coordinate real general\n2 3 1\n", "auto", ":2:", "expected a square matrix"},
      {"e.mtx", "%%MatrixMarket matrix coordinate real general\n% c\n2 2 1\n1 2\n", "auto",
       ":4:", "expected an entry 'row column value'"},
      {"f.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 3\n", "auto",
       ":3:", "index out of range 1..2"},
      {"g.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 2\n", "auto",
       ":3:", "declares 2 entries but the file ends after 1"},
      {"h.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n2 1\n", "auto",
       ":4:", "more entries than the 1"},
      {"i.mtx", "1 2\n", "auto", ":1:", "expected the banner '%%MatrixMarket"},
      // METIS
      {"a.graph", "3 2\n2\n1 3\n", "auto", ":3:", "declares 3 vertices but the file has 2 vertex lines"},
      {"b.graph", "3 2\n2\n1 3\n2\n4\n", "auto", ":5:", "expected the end of the file after the 3 vertex lines"},
      {"c.graph", "3 2\n2\n1\n2\n", "auto",
       ":4:", "declares 2 edges (4 adjacency entries) but the vertex lines hold 3"},
      {"d.graph", "3 1\n2\n3\n\n", "auto", ":2:", "vertex 1 lists neighbour 2 (weight 1) but vertex 2 does not list 1"},
      {"e.graph", "2 1 1\n2 5\n1 6\n", "auto",
       ":2:", "vertex 1 lists neighbour 2 (weight 5) but vertex 2 does not list 1"},
      {"f.graph", "2 1 1\n2 5\n1\n", "auto", ":3:", "expected neighbour/weight pairs"},
      {"g.graph", "2 1\n1\n2\n", "auto", ":2:", "vertex 1 lists itself"},
      {"h.graph", "2 1\n2\n3\n", "auto", ":3:", "neighbour out of range 1..2"},
      {"i.graph", "2 1 2\n2\n1\n", "auto", ":1:", "expected fmt of at most three 0/1 digits"},
      {"j.graph", "2 1 010 3\n1 1\n1 1 2 3\n", "auto", ":2:", "expected 3 vertex size/weight numbers first, got 2"},
      {"k.graph", "% only a comment\n", "auto", ":1:", "expected the METIS header"},
      {"l.graph", "2 4611686018427387904\n2\n1\n", "auto",
       ":3:", "declares 4611686018427387904 edges (9223372036854775808 adjacency entries)"},
      {"m.graph", "4294967296 1\n", "auto", ":1:", "expected a vertex count in 0..2^32-2"},
      // NTHU binary (byte offsets instead of lines)
      {"n1", formats_test::Int32Bytes({3, 1, 0, 3, 5}), "nthu", ": byte 8:", "has a vertex outside 0..2"},
      {"n2", formats_test::Int32Bytes({3, 2, 0, 1, 5}), "nthu", ": byte 0:", "should be 32 bytes, but it is 20"},
      {"n3", formats_test::Int32Bytes({3}), "nthu", ": byte 0:", "expected the NTHU header"},
      {"n4", formats_test::Int32Bytes({-3, 0}), "nthu", ": byte 0:", "negative vertex or edge count"},
  };
}

TEST(Malformed, MessagesNameFileLineAndWhatWasExpected) {
  formats_test::TempDir dir;
  for (const BadCase& c : BadCases()) {
    const std::string path = formats_test::WriteFile(dir.File(c.file), c.content);
    ReadOptions o;
    ASSERT_TRUE(ParseInputFormat(c.format, &o.format)) << c.format;
    const std::string msg = formats_test::ErrorOf([&] { ReadGraph(path, o); });
    EXPECT_EQ(msg.rfind(path + c.where, 0), 0u) << "message: " << msg << "\nwanted prefix: " << path + c.where;
    EXPECT_NE(msg.find(c.expected_words), std::string::npos) << "message: " << msg;
  }
}

TEST(Malformed, SameMessagesInsideGzip) {
  formats_test::TempDir dir;
  for (const BadCase& c : BadCases()) {
    if (c.content.empty() || std::string(c.where).find("byte 0") != std::string::npos) continue;
    const std::string path = formats_test::WriteGzip(dir.File(std::string(c.file) + ".gz"), c.content);
    ReadOptions o;
    ASSERT_TRUE(ParseInputFormat(c.format, &o.format));
    const std::string msg = formats_test::ErrorOf([&] { ReadGraph(path, o); });
    EXPECT_EQ(msg.rfind(path + c.where, 0), 0u) << msg;
    EXPECT_NE(msg.find(c.expected_words), std::string::npos) << msg;
  }
}

TEST(Malformed, TruncatedGzipIsAnErrorNotAShortGraph) {
  formats_test::TempDir dir;
  std::string text = "p sp 1000 2000\n";
  for (int i = 0; i < 2000; ++i)
    text +=
        "a " + std::to_string(i % 1000 + 1) + " " + std::to_string((i * 7) % 1000 + 1) + " " + std::to_string(i) + "\n";
  const std::string gz = formats_test::Gzip(text, dir.File("scratch"));
  for (std::size_t cut : {gz.size() - 1, gz.size() - 8, gz.size() / 2, std::size_t{20}}) {
    const std::string path = formats_test::WriteFile(dir.File("cut.gr.gz"), gz.substr(0, cut));
    const std::string msg = formats_test::ErrorOf([&] { ReadGraph(path); });
    EXPECT_EQ(msg.rfind(path + ":", 0), 0u) << msg;
    EXPECT_NE(msg.find("truncated or corrupt gzip file"), std::string::npos) << "cut at " << cut << ": " << msg;
  }
}

}  // namespace
}  // namespace gdist
