// Readers are bounded and read their input once: a line longer than
// --max-line-bytes or a gzip stream that inflates past --max-gzip-ratio is a
// clear error (exit 2, no output), not a run until memory is gone; piped input
// (`<(cat f)`, `-` for stdin, gzip through a pipe) reads the same as the file,
// because the format is detected from a buffered prefix, never by re-opening.
#include <zlib.h>

#include <chrono>
#include <string>

#include "safety_util.hpp"

namespace gdist {
namespace {

using safety_test::RunIn;
using safety_test::Tool;

// `bytes` of `fill` through gzip at level 9 (a "bomb" when fill repeats).
void WriteGzipOf(const std::string& path, std::size_t bytes, char fill, const std::string& head = "") {
  gzFile gz = gzopen(path.c_str(), "wb9");
  ASSERT_NE(gz, nullptr);
  gzwrite(gz, head.data(), static_cast<unsigned>(head.size()));
  const std::string chunk(1 << 20, fill);
  for (std::size_t done = 0; done < bytes; done += chunk.size())
    gzwrite(gz, chunk.data(), static_cast<unsigned>(std::min(chunk.size(), bytes - done)));
  gzclose(gz);
}

TEST(ReaderBounds, GzipBombsAreRefusedQuickly) {
  SKIP_WITHOUT_APPS();
  test::TempDir dir;
  // 256 MiB of newlines after a valid header (about 0.25 MB compressed), and
  // 256 MiB of 'a' without a line break: both stop after reading a few MB.
  WriteGzipOf(dir.file("lines.gr.gz"), std::size_t{256} << 20, '\n', "p sp 3 1\na 1 2 5\n");
  WriteGzipOf(dir.file("noline.gr.gz"), std::size_t{256} << 20, 'a', "p sp 3 1\n");
  for (const char* name : {"lines.gr.gz", "noline.gr.gz"}) {
    SCOPED_TRACE(name);
    const auto start = std::chrono::steady_clock::now();
    const auto r = RunIn(dir, Tool("gconvert") + " " + name + " out.gdm");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("gconvert: " + std::string(name) + ":"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("gzip stream inflates to more than 100 times its compressed size"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("--max-gzip-ratio"), std::string::npos) << r.err;
    EXPECT_EQ(r.entries, (std::vector<std::string>{"lines.gr.gz", "noline.gr.gz"}));
    EXPECT_LT(seconds, 10.0);  // not a run over all 256 MiB
  }
}

TEST(ReaderBounds, TheGzipRatioLimitCanBeRaised) {
  SKIP_WITHOUT_APPS();
  test::TempDir dir;
  WriteGzipOf(dir.file("g.gr.gz"), std::size_t{8} << 20, '\n', "p sp 3 1\na 1 2 5\n");  // ratio about 1000
  auto r = RunIn(dir, Tool("gconvert") + " g.gr.gz out.gdm");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  r = RunIn(dir, Tool("gconvert") + " --max-gzip-ratio 0 g.gr.gz out.gdm");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = RunIn(dir, Tool("gconvert") + " --max-gzip-ratio 5000 g.gr.gz out2.gdm");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(ReaderBounds, LongLinesAreRefusedWithTheirLineNumber) {
  SKIP_WITHOUT_APPS();
  test::TempDir dir;
  test::WriteText(dir.file("g.gr"), "p sp 3 1\nc " + std::string(5000, 'x') + "\na 1 2 5\n");
  test::WriteText(dir.file("tail.csv"), "1,2\n2,3\n" + std::string(5000, '7'));  // last line, no newline
  struct Case {
    const char* file;
    const char* message;
  };
  for (const Case& c : {Case{"g.gr", "g.gr:2: line is longer than 1000 bytes"},
                        Case{"tail.csv", "tail.csv:3: line is longer than 1000 bytes"}}) {
    SCOPED_TRACE(c.file);
    auto r = RunIn(dir, Tool("gconvert") + " --max-line-bytes 1000 " + c.file + " out.gdm");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find(std::string("gconvert: ") + c.message), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--max-line-bytes"), std::string::npos) << r.err;
    EXPECT_EQ(r.entries.size(), 2u);  // the two inputs, no output
  }
  // The default (64 MiB) reads a 5000-byte comment line.
  const auto r = RunIn(dir, Tool("gconvert") + " g.gr out.gdm");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(PipedInput, ProcessSubstitutionStdinAndGzipPipesReadLikeTheFile) {
  SKIP_WITHOUT_APPS();
  test::TempDir dir;
  test::WriteText(dir.file("g.gr"), "c pipe\np sp 4 4\na 1 2 5\na 2 3 7\na 3 4 1\na 4 1 2\n");
  test::WriteText(dir.file("g.mtx"),
                  "%%MatrixMarket matrix coordinate integer general\n4 4 4\n1 2 5\n2 3 7\n3 4 1\n4 1 2\n");
  test::WriteText(dir.file("g.csv"), "1,2,5\n2,3,7\n3,4,1\n4,1,2\n");
  ASSERT_EQ(RunIn(dir, Tool("gconvert") + " g.gr ref.gdm").exit_code, 0);
  ASSERT_EQ(RunIn(dir, "gzip -k g.gr").exit_code, 0);
  const std::string gconvert = Tool("gconvert");
  const std::vector<std::string> commands = {
      gconvert + " <(cat g.gr) out.gdm",          "cat g.gr | " + gconvert + " - out.gdm",
      "cat g.gr.gz | " + gconvert + " - out.gdm", gconvert + " <(cat g.gr.gz) out.gdm",
      gconvert + " <(cat g.mtx) out.gdm",         "cat g.csv | " + gconvert + " --from edgelist - out.gdm",
  };
  for (const std::string& c : commands) {
    SCOPED_TRACE(c);
    const auto r = RunIn(dir, "bash -c \"" + c + "\"");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(test::ReadText(dir.file("out.gdm")), test::ReadText(dir.file("ref.gdm")));
    std::filesystem::remove(dir.file("out.gdm"));
  }
  // gapsp and gcenter read stdin too.
  auto r = RunIn(dir, "cat g.gr | " + Tool("gapsp") + " --backend cpu - d.gdm");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto c = test::RunCommand("cd '" + dir.path().string() + "' && cat g.gr | " + Tool("gcenter") + " - --json");
  EXPECT_EQ(c.exit_code, 0) << c.output;
  EXPECT_NE(c.output.find("\"diameter\":14"), std::string::npos)
      << c.output;  // 1->2->3->4 = 13, 2->..->1 = 10, 3->4->1->2 = 8, 4->..->3 = 14
}

TEST(PipedInput, AnNthuBinaryEdgeListThroughAPipe) {
  SKIP_WITHOUT_APPS();
  test::TempDir dir;
  std::string bin;
  for (std::int32_t v : {3, 2, 0, 1, 5, 1, 2, 7}) bin.append(reinterpret_cast<const char*>(&v), 4);
  test::WriteText(dir.file("c.bin"), bin);
  ASSERT_EQ(RunIn(dir, Tool("gconvert") + " c.bin ref.gdm").exit_code, 0);
  const auto r = RunIn(dir, "bash -c \"cat c.bin | " + Tool("gconvert") + " - out.gdm\"");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::ReadText(dir.file("out.gdm")), test::ReadText(dir.file("ref.gdm")));
  // A truncated pipe is caught while reading (no size law without a file size).
  const auto t = RunIn(dir, "bash -c \"head -c 15 c.bin | " + Tool("gconvert") + " --from nthu - out.gdm\"");
  EXPECT_EQ(t.exit_code, 2) << t.err;
  EXPECT_NE(t.err.find("<stdin>: byte"), std::string::npos) << t.err;
}

TEST(PipedInput, StdinErrorsNameStdin) {
  SKIP_WITHOUT_APPS();
  test::TempDir dir;
  const auto r = RunIn(dir, "printf 'p sp 2 1\\na 1 x 3\\n' | " + Tool("gconvert") + " - out.gdm");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("gconvert: <stdin>:2: expected 'a <from> <to> <weight>'"), std::string::npos) << r.err;
  EXPECT_TRUE(r.entries.empty());
}

}  // namespace
}  // namespace gdist
