// A .gdm truncated by another process while it is mapped: the next read of a
// page past the new end would raise SIGBUS. The process must instead end with
// "tool: FILE: the file was truncated while it was being read" and status 2;
// a SIGBUS outside any mapped matrix file keeps its default action.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>

#include "lib/matrix/matrix_file.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

std::string WriteMatrix(const std::string& path, std::size_t n) {
  DistMatrix<std::int32_t> m(n);
  m.meta().labels = VertexLabels::Range(n, 1);
  WriteMatrixFile(path, m);
  return path;
}

TEST(TruncatedWhileMapped, ReadingPastTheNewEndExitsTwoWithAMessage) {
  test::TempDir dir;
  const std::string path = WriteMatrix(dir.file("d.gdm"), 1000);  // 1024^2 * 4 bytes of payload
  EXPECT_EXIT(
      {
        MappedMatrixFile f(path);
        std::filesystem::resize_file(path, 8192);  // what `truncate -s 8192 d.gdm` does meanwhile
        const auto v = f.view<std::int32_t>();
        volatile std::int64_t sum = 0;
        for (std::size_t i = 0; i < v.n; ++i) sum = sum + v.at(i, i);
        std::_Exit(0);  // not reached
      },
      ::testing::ExitedWithCode(2), "d.gdm: the file was truncated while it was being read");
}

TEST(TruncatedWhileMapped, OtherBusErrorsKeepTheirDefaultAction) {
  test::TempDir dir;
  const std::string path = WriteMatrix(dir.file("d.gdm"), 10);
  EXPECT_EXIT(
      {
        MappedMatrixFile f(path);  // installs the handler
        raise(SIGBUS);             // no address inside a mapped matrix
        std::_Exit(0);
      },
      ::testing::KilledBySignal(SIGBUS), "");
}

TEST(TruncatedWhileMapped, AClosedFileIsNoLongerGuarded) {
  test::TempDir dir;
  const std::string path = WriteMatrix(dir.file("d.gdm"), 10);
  for (int i = 0; i < 200; ++i) MappedMatrixFile f(path);  // more than the table's slots: each one freed
  SUCCEED();
}

}  // namespace
}  // namespace gdist
