// Exact numbers: integers stay integers (int64, never through a double), a
// fractional input is stored in float32 only when float32 keeps every digit it
// has (else float64), overflow in any type is refused with file:line and
// advice that works, and JSON prints int64 distances exactly.
#include <cstring>
#include <string>

#include "lib/matrix/matrix_file.hpp"
#include "safety_util.hpp"

namespace gdist {
namespace {

using safety_test::RunIn;
using safety_test::Tool;

// Element type and the (0, 1) and (0, 2) cells of a matrix file.
struct Cells {
  ElementType type;
  double d01, d02;
  std::int64_t i01 = 0, i02 = 0;  // int64 files: exact
};

Cells Read(const std::string& path) {
  MappedMatrixFile f(path);
  Cells c{f.info().type, 0, 0};
  DispatchElement(f.info().type, [&](auto zero) {
    using T = decltype(zero);
    const auto v = f.view<T>();
    c.d01 = static_cast<double>(v.at(0, 1));
    c.d02 = static_cast<double>(v.at(0, 2));
    if constexpr (std::is_same_v<T, std::int64_t>) {
      c.i01 = v.at(0, 1);
      c.i02 = v.at(0, 2);
    }
    return 0;
  });
  return c;
}

TEST(ExactNumbers, Int64WeightsStayExact) {
  SKIP_WITHOUT_APPS();
  test::TempDir dir;
  test::WriteText(dir.file("g.gr"), "p sp 3 2\na 1 2 123456789012345678\na 2 3 1\n");
  auto r = RunIn(dir, Tool("gconvert") + " g.gr adj.gdm");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Cells c = Read(dir.file("adj.gdm"));
  EXPECT_EQ(c.type, ElementType::kInt64);
  EXPECT_EQ(c.i01, 123456789012345678);  // a double would make it ...680
  r = RunIn(dir, Tool("gapsp") + " --backend cpu g.gr dist.gdm");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  c = Read(dir.file("dist.gdm"));
  EXPECT_EQ(c.i02, 123456789012345679);
  // JSON: the diameter (0 -> 2) and the median total print exactly.
  const auto json = test::RunCommand(Tool("gcenter") + " " + dir.file("dist.gdm") + " --json --reachable-only");
  ASSERT_EQ(json.exit_code, 0) << json.output;
  EXPECT_NE(json.output.find("\"diameter\":123456789012345679"), std::string::npos) << json.output;
  const auto text = test::RunCommand(Tool("gcenter") + " " + dir.file("dist.gdm") + " --reachable-only");
  EXPECT_NE(text.output.find("123456789012345679"), std::string::npos) << text.output;
}

TEST(ExactNumbers, Int64WeightsStayExactInEveryTextReader) {
  SKIP_WITHOUT_APPS();
  const std::vector<std::pair<std::string, std::string>> files = {
      {"g.csv", "a,b,9007199254740993\nb,c,1\n"},
      {"g.mtx", "%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 9007199254740993\n2 3 1\n"},
      {"pmed1.txt", "3 2 1\n1 2 9007199254740993\n2 3 1\n"},
      {"g.graph", "3 2 1\n2 9007199254740993\n1 9007199254740993 3 1\n2 1\n"},
  };
  for (const auto& [name, text] : files) {
    SCOPED_TRACE(name);
    test::TempDir dir;
    test::WriteText(dir.file(name), text);
    const auto r = RunIn(dir, Tool("gconvert") + " " + name + " adj.gdm");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Cells c = Read(dir.file("adj.gdm"));
    EXPECT_EQ(c.type, ElementType::kInt64);
    EXPECT_EQ(c.i01, 9007199254740993);  // 2^53 + 1: the first integer a double rounds
  }
}

TEST(ExactNumbers, Float32OnlyWhenItKeepsEveryDigit) {
  SKIP_WITHOUT_APPS();
  struct Case {
    const char* w01;
    const char* w12;
    ElementType type;
    double d01;
  };
  const std::vector<Case> cases = {
      // Plain decimals are exact decimals now (decimal_weights_test.cpp): exponent
      // forms keep the floating-point path this test is about.
      {"1e-1", "2.5e0", ElementType::kFloat32, static_cast<double>(0.1f)},
      {"16777217", "5e-1", ElementType::kFloat64, 16777217.0},  // float32 would make it 16777216
      {"1.23456789e-1", "1", ElementType::kFloat64, 0.123456789},
      {"1e39", "1", ElementType::kFloat64, 1e39},     // past float32's largest value
      {"3e38", "3e38", ElementType::kFloat64, 3e38},  // the path sum 6e38 would overflow float32
      {"1e300", "1", ElementType::kFloat64, 1e300},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.w01);
    test::TempDir dir;
    test::WriteText(dir.file("g.gr"), std::string("p sp 3 2\na 1 2 ") + c.w01 + "\na 2 3 " + c.w12 + "\n");
    auto r = RunIn(dir, Tool("gconvert") + " g.gr adj.gdm");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Cells a = Read(dir.file("adj.gdm"));
    EXPECT_EQ(a.type, c.type);
    EXPECT_EQ(a.d01, c.d01);
    r = RunIn(dir, Tool("gapsp") + " --backend cpu g.gr dist.gdm");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Cells d = Read(dir.file("dist.gdm"));
    EXPECT_LT(d.d02, 1e308) << "0 -> 2 must stay reachable";
  }
}

TEST(ExactNumbers, OverflowIsRefusedWithFileLineAndWorkingAdvice) {
  SKIP_WITHOUT_APPS();
  struct Case {
    std::string text;
    const char* flags;
    const char* message;
  };
  const std::vector<Case> cases = {
      {"p sp 2 1\na 1 2 1e39\n", "--type float32", "g.gr:2: weight 1e+39 does not fit in float32"},
      {"p sp 2 1\na 1 2 1e300\n", "--type float32", "g.gr:2: weight 1e+300 does not fit in float32"},
      {"p sp 2 1\na 1 2 1e300\n", "--type int64",
       "g.gr:2: weight 1e+300 is not an integer int64 holds exactly; use --type float64"},
      {"p sp 2 1\na 1 2 2.5\n", "--type int32", "g.gr:2: weight 2.5 is not an integer int32 holds exactly"},
      {"p sp 2 1\nc\na 1 2 4611686018427387903\n", "", "g.gr:3: weight '4611686018427387903' is out of range"},
      {"p sp 2 1\na 1 2 -99999999999999999999\n", "", "g.gr:2: weight '-99999999999999999999' is out of range"},
      {"p sp 2 1\na 1 2 1e400\n", "", "g.gr:2: weight '1e400' is out of range"},
      {"p sp 2 1\na 1 2 3000000000\n", "--type int32", "g.gr:2: weight 3000000000 does not fit in int32"},
      {"p sp 3 2\na 1 2 9007199254740993\na 2 3 0.5\n", "",
       "g.gr:2: an integer weight needs more than 53 bits, and line 3 holds a fractional weight"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    test::TempDir dir;
    test::WriteText(dir.file("g.gr"), c.text);
    const auto r = RunIn(dir, Tool("gconvert") + " " + c.flags + " g.gr adj.gdm");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("gconvert: " + std::string(c.message)), std::string::npos) << r.err;
    EXPECT_EQ(r.entries, std::vector<std::string>{"g.gr"});
  }
}

TEST(ExactNumbers, TheAdviceWorks) {
  SKIP_WITHOUT_APPS();
  test::TempDir dir;
  test::WriteText(dir.file("g.gr"), "p sp 3 2\na 1 2 1e300\na 2 3 3e38\n");
  auto r = RunIn(dir, Tool("gconvert") + " --type float64 g.gr adj.gdm");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = RunIn(dir, Tool("gapsp") + " --backend cpu adj.gdm dist.gdm");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Cells d = Read(dir.file("dist.gdm"));
  EXPECT_EQ(d.d02, 1e300 + 3e38);
  // float32 path sums that would overflow are refused with advice, not reported unreachable.
  test::WriteText(dir.file("h.gr"), "p sp 3 2\na 1 2 3e38\na 2 3 3e38\n");
  r = RunIn(dir, Tool("gapsp") + " --backend cpu --type float32 h.gr dist2.gdm");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("past what float32 holds"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--type float64"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace gdist
