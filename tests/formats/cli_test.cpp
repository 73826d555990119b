// End to end through the built gconvert binary: malformed input exits with 2,
// prints "gconvert: file:line: what was expected" on stderr, and leaves no
// output file and no temporary file behind.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>

#include "format_test_util.hpp"

namespace gdist {
namespace {

const std::string kGconvert = std::string(GDIST_BINARY_DIR) + "/apps/gconvert";

struct CommandResult {
  int exit_code;
  std::string err;
};

// Runs a command with stderr captured (stdout discarded).
CommandResult RunCapturingStderr(const std::string& command) {
  std::FILE* p = popen((command + " 2>&1 1>/dev/null").c_str(), "r");
  if (!p) return {-1, "popen failed"};
  std::string out;
  std::array<char, 4096> buf;
  std::size_t got;
  while ((got = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), got);
  int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::vector<std::string> Entries(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

#define SKIP_WITHOUT_GCONVERT() \
  if (!std::filesystem::exists(kGconvert)) GTEST_SKIP() << kGconvert << " not built (make gconvert)"

struct BadInput {
  const char* file;
  std::string content;
  const char* flags;
  std::string message;  // after "gconvert: <path>"
};

TEST(Cli, MalformedInputExitsTwoWithMessageAndLeavesNoFiles) {
  SKIP_WITHOUT_GCONVERT();
  std::string truncated_gz;
  {
    formats_test::TempDir scratch;
    std::string text = "p sp 500 1000\n";
    for (int i = 0; i < 1000; ++i) text += "a " + std::to_string(i % 500 + 1) + " 1 " + std::to_string(i) + "\n";
    truncated_gz = formats_test::Gzip(text, scratch.File("g"));
    truncated_gz.resize(truncated_gz.size() / 2);
  }
  const std::vector<BadInput> cases = {
      {"bad.gr", "c x\np sp 3 2\na 1 2 5\na 2 x 1\n", "", ":4: expected 'a <from> <to> <weight>'"},
      {"cut.gr.gz", truncated_gz, "", "truncated or corrupt gzip file"},
      {"w.csv", "1,2,3\n2,3,heavy\n", "--undirected", ":2: expected a finite number in the weight column"},
      {"graph.dat", "1 2\n", "", ": cannot tell the format from the name or the content; name it with --from"},
      {"pmed9.txt", "3 2 1\n1 2 5\n", "--duplicates min", ":2: the header declares 2 edges but the file ends after 1"},
      {"edges.txt", "1 2\n", "--from orlib", ":1: expected the OR-Library header 'n m p'"},
      {"m.graph", "3 1\n2\n\n1\n", "", ":2: vertex 1 lists neighbour 2 (weight 1) but vertex 2 does not list 1"},
  };
  for (const BadInput& c : cases) {
    formats_test::TempDir dir;
    const std::string in = formats_test::WriteFile(dir.File(c.file), c.content);
    const std::string out = dir.File("out.gdm");
    CommandResult r = RunCapturingStderr(kGconvert + " " + c.flags + " " + in + " " + out);
    SCOPED_TRACE(c.file);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err.rfind("gconvert: " + in, 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(Entries(dir.path()), std::vector<std::string>{c.file});  // no out.gdm, no out.gdm.tmp-*
  }
}

TEST(Cli, GoodInputWritesOnlyTheOutput) {
  SKIP_WITHOUT_GCONVERT();
  formats_test::TempDir dir;
  const std::string in = formats_test::WriteFile(dir.File("other.txt"), "3 2 1\n1 2 5\n2 3 1\n");
  CommandResult r = RunCapturingStderr(kGconvert + " --from orlib " + in + " " + dir.File("g.gdm"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("3 vertices, undirected"), std::string::npos) << r.err;
  EXPECT_EQ(Entries(dir.path()), (std::vector<std::string>{"g.gdm", "other.txt"}));
  // Without --from the same file is a 3-column edge list (vertices 3, 2, 1... are ids).
  r = RunCapturingStderr(kGconvert + " " + in + " " + dir.File("e.gdm"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("3 vertices, directed"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace gdist
