// gapsp --sources FILE (lib/pipeline/sources_file): read through InputFile
// like the siting list files (issue 28: list files ignored the line limit and
// read a 5 GB line whole): a line past the limit is refused with its number;
// comments, blank lines, blanks and CRLF are skipped; gzip is read; an unknown
// or repeated label and an empty list are refused naming file:line.
#include "lib/pipeline/sources_file.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

#include "lib/util/error.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

std::string ErrorOf(const std::string& path, const VertexLabels& labels) {
  try {
    ReadSourcesFile(path, labels);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(SourcesFile, ListsTheLabelsInOrder) {
  test::TempDir tmp;
  const VertexLabels labels = VertexLabels::Range(10, 1);
  const std::string path = tmp.file("s.txt");
  test::WriteText(path, "# rows\n\n  7 \r\n3\r\n\t10\n");
  EXPECT_EQ(ReadSourcesFile(path, labels), (std::vector<std::uint32_t>{6, 2, 9}));
  EXPECT_EQ(CountSourcesFileLines(path), 3u);
  const std::string gz = tmp.file("s.txt.gz");
  gzFile f = gzopen(gz.c_str(), "wb");
  gzputs(f, "2\n1\n");
  gzclose(f);
  EXPECT_EQ(ReadSourcesFile(gz, labels), (std::vector<std::uint32_t>{1, 0}));
  test::WriteText(path, "1\n11\n");
  EXPECT_NE(ErrorOf(path, labels).find("s.txt:2:"), std::string::npos) << ErrorOf(path, labels);
  test::WriteText(path, "1\n2\n1\n");
  EXPECT_NE(ErrorOf(path, labels).find("listed twice (first on line 1)"), std::string::npos);
  test::WriteText(path, "# nothing\n");
  EXPECT_NE(ErrorOf(path, labels).find("lists no vertex"), std::string::npos);
}

TEST(SourcesFile, ALineLongerThanTheLimitIsRefusedWithItsNumber) {
  test::TempDir tmp;
  const std::string path = tmp.file("s.txt");
  // Past the default 64 MiB line limit: refused at that size, not read whole.
  test::WriteText(path, "1\n2\n" + std::string((std::size_t{64} << 20) + 16, '7') + "\n");
  const std::string error = ErrorOf(path, VertexLabels::Range(10, 1));
  EXPECT_NE(error.find("s.txt:3: line is longer than"), std::string::npos) << error.substr(0, 300);
  EXPECT_LT(error.size(), 1000u) << "the message echoes the line";
}

}  // namespace
}  // namespace gdist
