// Sizes first: a header that declares more vertices than the machine's memory
// can hold as a dense matrix is refused before anything is allocated, with the
// bytes needed, the bytes available and the options that would fit (exit 2,
// no output file). Before, `p sp 2147483647 0` wrapped stride^2 * 4 to 0 and
// the fill that followed crashed (SIGSEGV).
#include <cstring>
#include <string>

#include "safety_util.hpp"

namespace gdist {
namespace {

using safety_test::RunIn;
using safety_test::Tool;

std::string NthuHeader(std::int32_t v, std::int32_t e) {
  std::string s(8, '\0');
  std::memcpy(s.data(), &v, 4);
  std::memcpy(s.data() + 4, &e, 4);
  return s;
}

std::string ManyBlankLines(const std::string& header, std::size_t lines) { return header + std::string(lines, '\n'); }

std::string PathEdgeList(std::size_t n) {
  std::string s;
  for (std::size_t i = 1; i < n; ++i) s += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  return s;
}

struct HugeCase {
  const char* file;
  std::string content;
  const char* from;  // --from value
};

TEST(HugeCounts, EveryReaderRefusesAMatrixThatCannotFitBeforeAllocating) {
  SKIP_WITHOUT_APPS();
  const std::vector<HugeCase> cases = {
      {"x.gr", "p sp 2147483647 0\n", "auto"},
      {"max.gr", "p sp 4294967294 0\n", "auto"},
      {"tw.gr", "p tw 3000000000 0\n", "auto"},
      {"c.bin", NthuHeader(2147483647, 0), "nthu"},
      {"m.mtx", "%%MatrixMarket matrix coordinate pattern general\n4294967294 4294967294 0\n", "auto"},
      {"pmed.txt", "4294967294 0 1\n", "orlib"},
      {"big.graph", ManyBlankLines("300000 0\n", 300000), "auto"},
      {"path.el", PathEdgeList(300000), "auto"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.file);
    test::TempDir dir;
    test::WriteText(dir.file(c.file), c.content);
    for (const std::string tool : {"gconvert", "gapsp"}) {
      const auto r = RunIn(dir, Tool(tool) + " --from " + c.from + " " + c.file + " out.gdm");
      EXPECT_EQ(r.exit_code, 2) << r.err;
      // The refusal is the error line (a one-way edge list's direction note may come first).
      const std::string refusal = tool + ": " + c.file + ": a dense ";
      EXPECT_TRUE(r.err.rfind(refusal, 0) == 0 || r.err.find("\n" + refusal) != std::string::npos) << r.err;
      EXPECT_NE(r.err.find(" would need "), std::string::npos) << r.err;
      EXPECT_NE(r.err.find(" available. To fit: "), std::string::npos) << r.err;
      // Each tool names the trees engine by its own flag.
      EXPECT_NE(r.err.find(tool == "gapsp" ? "--algorithm dijkstra" : "--engine sparse"), std::string::npos) << r.err;
      EXPECT_EQ(r.entries, std::vector<std::string>{c.file});
    }
  }
}

// stderr of `command` on a 3,000,000-vertex graph with one arc (exit 2 asserted).
std::string RefusalOfThreeMillion(const std::string& command) {
  test::TempDir dir;
  test::WriteText(dir.file("g.gr"), "p sp 3000000 1\na 1 2 5\n");
  const auto r = RunIn(dir, command + " g.gr out.gdm");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.entries, std::vector<std::string>{"g.gr"});
  return r.err;
}

TEST(HugeCounts, MessageNamesTheBytesNeededExactly) {
  SKIP_WITHOUT_APPS();
  // stride = 3000064 (n rounded up to 128); int32: stride^2 * 4 bytes.
  const std::string err = RefusalOfThreeMillion(Tool("gconvert"));
  EXPECT_NE(err.find("a dense int32 matrix of 3000000 vertices would need 36001536016384 bytes (32.7 TiB)"),
            std::string::npos)
      << err;
}

TEST(HugeCounts, PathsAreCountedInTheMemoryPlan) {
  SKIP_WITHOUT_APPS();
  const std::string err = RefusalOfThreeMillion(Tool("gapsp") + " --paths");
  EXPECT_NE(err.find("with its next-hop section would need 72003072032768 bytes"), std::string::npos) << err;
  EXPECT_NE(err.find("leave out --paths"), std::string::npos) << err;
}

TEST(HugeCounts, EverySparsePathRefusesWithOneMessage) {
  SKIP_WITHOUT_APPS();
  // 4294967294 vertices: the CSR offsets alone (8 bytes a vertex) pass 32 GiB, before any per-thread tree.
  test::TempDir dir;
  test::WriteText(dir.file("x.gr"), "p sp 4294967294 0\n");
  test::WriteText(dir.file("c.txt"), "1\n");
  const std::vector<std::pair<std::string, std::string>> runs = {
      {"gcenter", "x.gr --engine sparse"},                      // the sparse engine's metrics
      {"gcenter", "x.gr --engine sparse --per-vertex pv.csv"},  // a tree from every vertex
      {"gcenter", "x.gr --candidates c.txt --p-median 1"},      // the candidates' rows
      {"gapsp", "x.gr rows.gdm --sources c.txt"},               // rows of some sources
  };
  for (const auto& [tool, args] : runs) {
    SCOPED_TRACE(tool + " " + args);
    const auto r = RunIn(dir, Tool(tool) + " " + args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.err.rfind(tool + ": x.gr: the sparse engine would need about ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(" bytes ("), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" of memory for 4294967294 vertices and 0 arcs; this machine has "), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find(" available"), std::string::npos) << r.err;
    EXPECT_EQ(r.entries, (std::vector<std::string>{"c.txt", "x.gr"}));
  }
}

TEST(HugeCounts, Int64SuggestsTheNarrowerTypeOnlyWhenItWouldFit) {
  SKIP_WITHOUT_APPS();
  const std::string err = RefusalOfThreeMillion(Tool("gconvert") + " --type int64");
  EXPECT_NE(err.find("a dense int64 matrix"), std::string::npos) << err;
  EXPECT_EQ(err.find("--type int32"), std::string::npos) << err;  // 32.7 TiB would not fit either
}

}  // namespace
}  // namespace gdist
