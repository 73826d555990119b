// DetectFormat: the rules of docs/FORMATS-INPUT.md, one file per rule.
#include <gtest/gtest.h>

#include "format_test_util.hpp"
#include "formats/read_graph.hpp"

namespace gdist {
namespace {

struct DetectCase {
  const char* name;
  std::string content;
  InputFormat expected;
};

TEST(Detect, ContentFirstThenName) {
  formats_test::TempDir dir;
  const std::string nthu = formats_test::Int32Bytes({3, 1, 0, 2, 5});
  const std::vector<DetectCase> cases = {
      {"m.gdm", "GDISTMX\0rest", InputFormat::kMatrixFile},
      {"noext", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n", InputFormat::kMatrixMarket},
      {"upper.txt", "%%MATRIXMARKET matrix coordinate pattern general\n2 2 1\n1 2\n", InputFormat::kMatrixMarket},
      {"case01", nthu, InputFormat::kNthu},
      {"case01.bin", nthu, InputFormat::kNthu},
      {"roads.txt", "c comment\nc more\np sp 2 1\na 1 2 3\n", InputFormat::kDimacs},
      {"pace", "p tw 2 1\n1 2\n", InputFormat::kDimacs},
      {"x.gr", "c only a comment so far\n", InputFormat::kDimacs},
      {"x.GR", "p sp 1 0\n", InputFormat::kDimacs},
      {"x.mtx", "1 2\n", InputFormat::kMatrixMarket},
      {"x.graph", "2 1\n2\n1\n", InputFormat::kMetis},
      {"x.metis", "2 1\n2\n1\n", InputFormat::kMetis},
      {"pmed7.txt", " 2 1 1 \n 1 2 3 \n", InputFormat::kOrlib},
      {"pmed_custom", "2 1 1\n1 2 3\n", InputFormat::kOrlib},
      {"pmed.csv", "2,1,1\n1,2,3\n", InputFormat::kEdgeList},
      {"other.txt", "2 1 1\n1 2 3\n", InputFormat::kEdgeList},  // looks like OR-Library: needs --from orlib
      {"e.csv", "a,b\n", InputFormat::kEdgeList},
      {"e.tsv", "1\t2\n", InputFormat::kEdgeList},
      {"e.el", "1 2\n", InputFormat::kEdgeList},
      {"e.wel", "1 2 3\n", InputFormat::kEdgeList},
      {"e.edges", "1 2\n", InputFormat::kEdgeList},
      {"e.snap", "1 2\n", InputFormat::kEdgeList},
  };
  for (const DetectCase& c : cases) {
    for (bool gz : {false, true}) {
      const std::string path = dir.File(std::string(c.name) + (gz ? ".gz" : ""));
      gz ? formats_test::WriteGzip(path, c.content) : formats_test::WriteFile(path, c.content);
      EXPECT_EQ(DetectFormat(path), c.expected) << path;
    }
  }
}

TEST(Detect, UnknownOrEmptyFilesAskForFrom) {
  formats_test::TempDir dir;
  std::string msg =
      formats_test::ErrorOf([&] { DetectFormat(formats_test::WriteFile(dir.File("graph.dat"), "1 2\n")); });
  EXPECT_NE(msg.find("graph.dat: cannot tell the format"), std::string::npos) << msg;
  EXPECT_NE(msg.find("--from"), std::string::npos) << msg;
  msg = formats_test::ErrorOf([&] { DetectFormat(formats_test::WriteFile(dir.File("empty.txt"), "")); });
  EXPECT_NE(msg.find("empty.txt:1: file is empty"), std::string::npos) << msg;
  msg = formats_test::ErrorOf([&] { DetectFormat(dir.File("missing.txt")); });
  EXPECT_NE(msg.find("missing.txt: cannot open"), std::string::npos) << msg;
}

TEST(Detect, BinaryThatBreaksTheNthuSizeLawIsRefused) {
  formats_test::TempDir dir;
  // 3 vertices and 2 declared edges but only one triple.
  std::string msg = formats_test::ErrorOf([&] {
    DetectFormat(formats_test::WriteFile(dir.File("short"), formats_test::Int32Bytes({3, 2, 0, 1, 5})));
  });
  EXPECT_NE(msg.find("NTHU size law"), std::string::npos) << msg;
  EXPECT_NE(msg.find("--from"), std::string::npos) << msg;
  // The same inside gzip (the size law is checked on the decompressed bytes).
  msg = formats_test::ErrorOf([&] {
    DetectFormat(formats_test::WriteGzip(dir.File("short.gz"), formats_test::Int32Bytes({3, 2, 0, 1, 5})));
  });
  EXPECT_NE(msg.find("NTHU size law"), std::string::npos) << msg;
  // An NTHU distance matrix (.out: V*V int32, no header) is not a graph.
  msg = formats_test::ErrorOf([&] {
    DetectFormat(formats_test::WriteFile(dir.File("c.out"), formats_test::Int32Bytes({0, 7, 3, 0})));
  });
  EXPECT_NE(msg.find("neither a gdist matrix file nor an NTHU edge list"), std::string::npos) << msg;
}

TEST(Detect, FormatNamesRoundTrip) {
  for (const char* name : {"auto", "dimacs", "edgelist", "mtx", "nthu", "orlib", "metis"}) {
    InputFormat f;
    ASSERT_TRUE(ParseInputFormat(name, &f)) << name;
    EXPECT_STREQ(InputFormatName(f), name);
  }
  InputFormat f;
  ASSERT_TRUE(ParseInputFormat("snap", &f));
  EXPECT_EQ(f, InputFormat::kEdgeList);
  ASSERT_TRUE(ParseInputFormat("pace", &f));
  EXPECT_EQ(f, InputFormat::kDimacs);
  ASSERT_TRUE(ParseInputFormat("pmed", &f));
  EXPECT_EQ(f, InputFormat::kOrlib);
  EXPECT_FALSE(ParseInputFormat("graphml", &f));
  EXPECT_FALSE(ParseInputFormat("", &f));
}

}  // namespace
}  // namespace gdist
