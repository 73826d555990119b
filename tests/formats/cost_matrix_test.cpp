// The demand x facility cost table reader: CSV and TSV, quoted names, empty
// and inf cells (no service), and the errors a hand-made table gets. Expected
// values are the tables' own cells.
#include "formats/cost_matrix.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "format_test_util.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

std::string ErrorOf(const std::string& path) {
  try {
    ReadCostMatrix(path);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(CostMatrix, CsvWithQuotedNamesAndMissingCells) {
  formats_test::TempDir dir;
  const CostMatrix m =
      ReadCostMatrix(formats_test::WriteFile(dir.File("c.csv"),
                                             "demand,\"Depot, North\",South,\"The \"\"Hub\"\"\"\n"
                                             "Rome,3,7.5,\nMilan,inf,2,4\n# a comment\n\"Turin, TO\",0,1,9\n"));
  EXPECT_EQ(m.facilities, (std::vector<std::string>{"Depot, North", "South", "The \"Hub\""}));
  EXPECT_EQ(m.demands, (std::vector<std::string>{"Rome", "Milan", "Turin, TO"}));
  EXPECT_EQ(m.at(0, 0), 3);
  EXPECT_EQ(m.at(0, 1), 7.5);
  EXPECT_TRUE(std::isinf(m.at(0, 2)));  // the empty last cell
  EXPECT_TRUE(std::isinf(m.at(1, 0)));
  EXPECT_EQ(m.at(2, 2), 9);
  EXPECT_FALSE(m.integral);
}

TEST(CostMatrix, TsvWithSpacesInNames) {
  formats_test::TempDir dir;
  const CostMatrix m = ReadCostMatrix(
      formats_test::WriteFile(dir.File("c.tsv"), "\tNew York\tLos Angeles\nSan Diego\t2790\t180\nBoston\t306\t4190\n"));
  EXPECT_EQ(m.facilities, (std::vector<std::string>{"New York", "Los Angeles"}));
  EXPECT_EQ(m.demands, (std::vector<std::string>{"San Diego", "Boston"}));
  EXPECT_EQ(m.at(1, 1), 4190);
  EXPECT_TRUE(m.integral);
}

TEST(CostMatrix, ErrorsNameTheLine) {
  formats_test::TempDir dir;
  EXPECT_NE(ErrorOf(formats_test::WriteFile(dir.File("a.csv"), ",A,B\nx,1,2\ny,1\n"))
                .find("a.csv:3: expected a demand name and 2 costs"),
            std::string::npos);
  EXPECT_NE(ErrorOf(formats_test::WriteFile(dir.File("b.csv"), ",A,B\nx,1,-2\n")).find("b.csv:2: expected a cost >= 0"),
            std::string::npos);
  EXPECT_NE(ErrorOf(formats_test::WriteFile(dir.File("c.csv"), ",A,B\nx,1,nan\n")).find("c.csv:2:"), std::string::npos);
  EXPECT_NE(ErrorOf(formats_test::WriteFile(dir.File("d.csv"), ",A,A\nx,1,2\n")).find("facility name once"),
            std::string::npos);
  EXPECT_NE(ErrorOf(formats_test::WriteFile(dir.File("e.csv"), ",A,B\nx,1,2\nx,3,4\n")).find("demand name once"),
            std::string::npos);
  EXPECT_NE(ErrorOf(formats_test::WriteFile(dir.File("f.csv"), ",A,B\n")).find("expected demand rows"),
            std::string::npos);
  EXPECT_NE(ErrorOf(formats_test::WriteFile(dir.File("g.csv"), "")).find("file is empty"), std::string::npos);
}

}  // namespace
}  // namespace gdist
