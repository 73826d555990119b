// The streamed square matrix file (SquareMatrixWriter): the payload appended
// in pieces of any size gives the very bytes WriteMatrixFile and
// TryWriteMatrixFileInt16 write for the same values (header, checksum, labels);
// an unfinished file leaves nothing behind; only a regular file or a new name
// takes a header written last.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "lib/matrix/matrix_file.hpp"
#include "lib/util/error.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

constexpr std::int32_t kInf32 = ElementTraits<std::int32_t>::kInf;
constexpr std::int16_t kInf16 = ElementTraits<std::int16_t>::kInf;

// Random distances below INF16 and INF, every pair of a 0..n range, with
// string labels when `named` (the label section) or a range.
DistMatrix<std::int32_t> RandomDistances(std::size_t n, unsigned seed, bool named) {
  std::mt19937 rng(seed);
  DistMatrix<std::int32_t> m(n);
  m.meta().kind = MatrixKind::kDistance;
  m.meta().directed = seed % 2 == 0;
  if (named) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < n; ++i) names.push_back("v" + std::to_string(rng() % 100000) + "_" + std::to_string(i));
    m.meta().labels = VertexLabels::FromStrings(std::move(names));
  } else {
    m.meta().labels = VertexLabels::Range(n, 1);
  }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j) m.at(i, j) = rng() % 7 == 0 ? kInf32 : static_cast<std::int32_t>(rng() % (kInf16 - 1));
  return m;
}

// Appends `bytes` to w in pieces of random sizes (1 byte up to a few rows).
template <class W> void AppendInPieces(W& w, const void* bytes, std::size_t size, unsigned seed) {
  std::mt19937 rng(seed);
  const char* p = static_cast<const char*>(bytes);
  for (std::size_t at = 0; at < size;) {
    const std::size_t piece = std::min<std::size_t>(size - at, 1 + rng() % 5000);
    w.Append(p + at, piece);
    at += piece;
  }
}

TEST(SquareMatrixWriter, PiecesGiveTheBytesOfTheWholeMatrixWriters) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE(seed);
  test::TempDir dir;
  for (bool named : {false, true}) {
    SCOPED_TRACE(named ? "string labels" : "range labels");
    const DistMatrix<std::int32_t> m = RandomDistances(200 + seed % 57, seed, named);
    // 32 bits.
    WriteMatrixFile(dir.file("whole32.gdm"), m);
    SquareMatrixWriter<std::int32_t> w32(dir.file("streamed32.gdm"), m.n(), m.meta());
    ASSERT_EQ(w32.payload_bytes(), m.payload_bytes());
    AppendInPieces(w32, m.data(), m.payload_bytes(), seed);
    w32.Commit();
    EXPECT_EQ(test::ReadText(dir.file("streamed32.gdm")), test::ReadText(dir.file("whole32.gdm")));
    // 16 bits: the stored values are the device's narrowing, INF32 -> INF16.
    ASSERT_TRUE(TryWriteMatrixFileInt16(dir.file("whole16.gdm"), m));
    std::vector<std::int16_t> narrow(m.stride() * m.stride());
    for (std::size_t i = 0; i < narrow.size(); ++i)
      narrow[i] = static_cast<std::int16_t>(std::min<std::int32_t>(m.data()[i], kInf16));
    SquareMatrixWriter<std::int16_t> w16(dir.file("streamed16.gdm"), m.n(), m.meta());
    ASSERT_EQ(w16.payload_bytes(), narrow.size() * 2);
    AppendInPieces(w16, narrow.data(), narrow.size() * 2, seed + 1);
    w16.Commit();
    EXPECT_EQ(test::ReadText(dir.file("streamed16.gdm")), test::ReadText(dir.file("whole16.gdm")));
    MappedMatrixFile f(dir.file("streamed16.gdm"));  // checksums and values verified
    EXPECT_TRUE(f.info().stored_int16);
    EXPECT_EQ(std::memcmp(f.view<std::int32_t>().data, m.data(), m.payload_bytes()), 0);
  }
}

TEST(SquareMatrixWriter, AnUnfinishedFileLeavesNothingAndAnOldFileStands) {
  test::TempDir dir;
  const DistMatrix<std::int32_t> m = RandomDistances(130, 5, false);
  const std::string path = dir.file("d.gdm");
  test::WriteText(path, "old");
  {
    SquareMatrixWriter<std::int32_t> w(path, m.n(), m.meta());
    w.Append(m.data(), m.payload_bytes() - 4);
    EXPECT_THROW(w.Commit(), Error);             // 4 bytes short
    EXPECT_THROW(w.Append(m.data(), 8), Error);  // past the payload
  }
  EXPECT_EQ(test::ReadText(path), "old");
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1u) << "a temporary was left behind";
  MatrixMeta adjacency = m.meta();
  adjacency.kind = MatrixKind::kAdjacency;
  EXPECT_THROW(SquareMatrixWriter<std::int32_t>(dir.file("a.gdm"), m.n(), adjacency), Error);
}

TEST(SquareMatrixWriter, OnlyRegularFilesAndNewNamesTakeAHeaderWrittenLast) {
  test::TempDir dir;
  test::WriteText(dir.file("old.gdm"), "x");
  EXPECT_TRUE(OutputTakesStreamedHeader(dir.file("old.gdm")));
  EXPECT_TRUE(OutputTakesStreamedHeader(dir.file("new.gdm")));
  EXPECT_FALSE(OutputTakesStreamedHeader("-"));
  const std::string fifo = dir.file("pipe");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_FALSE(OutputTakesStreamedHeader(fifo));
  EXPECT_FALSE(OutputTakesStreamedHeader(dir.path().string()));  // a folder
}

}  // namespace
}  // namespace gdist
