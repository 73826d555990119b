// GCC 12 reports a false overlap in std::string concatenation at -O3
// (-Wrestrict, GCC bug 105651).
#pragma GCC diagnostic ignored "-Wrestrict"
#include "lib/matrix/matrix_file.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "lib/util/error.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

using test::TempDir;

template <class T> DistMatrix<T> RandomMatrix(std::size_t n, unsigned seed) {
  DistMatrix<T> m(n);
  std::mt19937 rng(seed);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j && rng() % 3 == 0) m.at(i, j) = static_cast<T>(rng() % 1000);
  return m;
}

template <class T> class MatrixFileRoundTrip : public ::testing::Test {};
using ElementTypes = ::testing::Types<std::int32_t, std::int64_t, float>;
TYPED_TEST_SUITE(MatrixFileRoundTrip, ElementTypes);

TYPED_TEST(MatrixFileRoundTrip, PayloadHeaderAndLabelsSurvive) {
  using T = TypeParam;
  TempDir dir;
  for (std::size_t n : {0u, 1u, 5u, 127u, 128u, 129u, 300u}) {
    DistMatrix<T> m = RandomMatrix<T>(n, static_cast<unsigned>(n) + 1);
    m.meta().directed = (n % 2) == 0;
    m.meta().kind = MatrixKind::kDistance;
    std::vector<std::string> labels;
    for (std::size_t i = 0; i < n; ++i) labels.push_back("v" + std::to_string(i * 7));
    m.meta().labels = VertexLabels::FromStrings(labels);
    const std::string path = dir.file("m.gdm");
    WriteMatrixFile(path, m);

    MappedMatrixFile f(path);
    EXPECT_EQ(f.info().n, n);
    EXPECT_EQ(f.info().stride, PaddedSize(n));
    EXPECT_EQ(f.info().type, ElementTraits<T>::kType);
    EXPECT_EQ(f.info().meta.directed, m.meta().directed);
    EXPECT_EQ(f.info().meta.kind, MatrixKind::kDistance);
    ASSERT_EQ(f.info().meta.labels.size(), n);
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(f.info().meta.labels.label(i), labels[i]);
    DistMatrix<T> back = LoadMatrix<T>(f);
    EXPECT_EQ(0, std::memcmp(back.data(), m.data(), m.payload_bytes()));
  }
}

TEST(MatrixFile, PayloadIsPageAlignedAndRowsPadded) {
  TempDir dir;
  DistMatrix<std::int32_t> m(200);
  m.meta().labels = VertexLabels::Range(200, 1);
  WriteMatrixFile(dir.file("a.gdm"), m);
  auto size = std::filesystem::file_size(dir.file("a.gdm"));
  EXPECT_EQ(size, 4096u + 256u * 256u * 4u);  // range labels store nothing
  MappedMatrixFile f(dir.file("a.gdm"));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(f.payload()) % 4096, 0u);
  auto v = f.view<std::int32_t>();
  EXPECT_EQ(v.at(199, 199), 0);
  EXPECT_EQ(v.at(199, 255), ElementTraits<std::int32_t>::kInf);  // padding column
  EXPECT_EQ(v.at(255, 255), 0);                                  // padding diagonal
  EXPECT_EQ(f.info().meta.labels.label(0), "1");
}

TEST(MatrixFile, CorruptedPayloadIsRejectedWithChecksumMessage) {
  TempDir dir;
  DistMatrix<std::int32_t> m = RandomMatrix<std::int32_t>(50, 3);
  m.meta().labels = VertexLabels::Range(50, 0);
  const std::string path = dir.file("c.gdm");
  WriteMatrixFile(path, m);
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4096 + 1000);
    char x = 0x55;
    f.write(&x, 1);
  }
  try {
    MappedMatrixFile bad(path);
    FAIL() << "corruption not detected";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(MappedMatrixFile(path, /*verify_crc=*/false));
}

TEST(MatrixFile, TruncatedAndForeignFilesAreRejected) {
  TempDir dir;
  DistMatrix<std::int32_t> m(10);
  m.meta().labels = VertexLabels::Range(10, 0);
  const std::string path = dir.file("t.gdm");
  WriteMatrixFile(path, m);
  std::filesystem::resize_file(path, 4096 + 100);
  EXPECT_THROW(MappedMatrixFile{path}, Error);
  test::WriteText(dir.file("x.gdm"), std::string(5000, 'x'));
  EXPECT_THROW(MappedMatrixFile{dir.file("x.gdm")}, Error);
  EXPECT_THROW(MappedMatrixFile{dir.file("missing.gdm")}, Error);
  EXPECT_FALSE(IsMatrixFile(dir.file("x.gdm")));
}

TEST(MatrixFile, FailedWriteLeavesNothingBehind) {
  TempDir dir;
  DistMatrix<std::int32_t> m(3);
  m.meta().labels = VertexLabels::FromStrings({"a", "b\nc", "d"});  // a newline cannot be stored
  EXPECT_THROW(WriteMatrixFile(dir.file("out.gdm"), m), Error);
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(MatrixFile, HeaderFieldsSitAtDocumentedOffsets) {
  // docs/FORMAT.md promises these offsets to NumPy users.
  EXPECT_EQ(offsetof(MatrixHeader, element_type), 12u);
  EXPECT_EQ(offsetof(MatrixHeader, n), 16u);
  EXPECT_EQ(offsetof(MatrixHeader, stride), 24u);
  EXPECT_EQ(offsetof(MatrixHeader, inf), 32u);
  EXPECT_EQ(offsetof(MatrixHeader, flags), 40u);
  EXPECT_EQ(offsetof(MatrixHeader, payload_crc32), 44u);
  EXPECT_EQ(offsetof(MatrixHeader, payload_offset), 48u);
  EXPECT_EQ(offsetof(MatrixHeader, label_kind), 64u);
  EXPECT_EQ(offsetof(MatrixHeader, label_base), 72u);
  EXPECT_EQ(offsetof(MatrixHeader, labels_offset), 80u);
}

TEST(ParallelCrc32, MatchesSinglePassZlib) {
  std::vector<unsigned char> data((200u << 20) + 12345);
  std::mt19937 rng(1);
  for (auto& b : data) b = static_cast<unsigned char>(rng());
  uLong expected = crc32(0L, data.data(), static_cast<uInt>(data.size()));
  EXPECT_EQ(ParallelCrc32(data.data(), data.size()), static_cast<std::uint32_t>(expected));
}

}  // namespace
}  // namespace gdist

namespace gdist {
namespace {

TEST(MatrixFile, LoadWithFusedChecksumCopiesAndCatchesCorruption) {
  test::TempDir dir;
  DistMatrix<std::int32_t> m = RandomMatrix<std::int32_t>(700, 9);  // 768^2 * 4 B: several copy pieces
  m.meta().labels = VertexLabels::Range(700, 0);
  const std::string path = dir.file("f.gdm");
  WriteMatrixFile(path, m);
  {
    MappedMatrixFile f(path, /*verify_crc=*/false);
    DistMatrix<std::int32_t> back = LoadMatrix<std::int32_t>(f, /*verify_crc=*/true);
    EXPECT_EQ(0, std::memcmp(back.data(), m.data(), m.payload_bytes()));
  }
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4096 + 2000000);
    char x = 0x11;
    f.write(&x, 1);
  }
  MappedMatrixFile f(path, /*verify_crc=*/false);
  EXPECT_THROW(LoadMatrix<std::int32_t>(f, /*verify_crc=*/true), Error);
  std::vector<unsigned char> src(100u << 20), dst(src.size());
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<unsigned char>(i * 131 + 7);
  EXPECT_EQ(ParallelCopyCrc32(dst.data(), src.data(), src.size()), ParallelCrc32(src.data(), src.size()));
  EXPECT_EQ(0, std::memcmp(dst.data(), src.data(), src.size()));
}

}  // namespace
}  // namespace gdist

namespace gdist {
namespace {

// Rows of `sources` taken from a square matrix, written in blocks of `block` rows.
template <class T> void WriteRowsOf(const std::string& path, const DistMatrix<T>& m,
                                    const std::vector<std::uint64_t>& sources, std::size_t block) {
  RowMatrixWriter<T> w(path, m.n(), m.meta(), sources);
  std::vector<T> buf(block * w.stride());
  for (std::size_t r = 0; r < sources.size(); r += block) {
    const std::size_t count = std::min(block, sources.size() - r);
    for (std::size_t i = 0; i < count; ++i)
      std::memcpy(&buf[i * w.stride()], m.row(sources[r + i]), w.stride() * sizeof(T));
    w.Append(buf.data(), count);
  }
  w.Commit();
}

TYPED_TEST(MatrixFileRoundTrip, RectangularRowsAreTheSquareRowsOfTheirSources) {
  using T = TypeParam;
  TempDir dir;
  for (std::size_t n : {1u, 7u, 129u, 300u}) {
    DistMatrix<T> m = RandomMatrix<T>(n, static_cast<unsigned>(n) + 11);
    m.meta().kind = MatrixKind::kDistance;
    m.meta().directed = true;
    if (n % 2) {
      std::vector<std::string> labels;
      for (std::size_t i = 0; i < n; ++i) labels.push_back("x" + std::to_string(i));
      m.meta().labels = VertexLabels::FromStrings(labels);
    } else {
      m.meta().labels = VertexLabels::Range(n, 1);
    }
    std::vector<std::uint64_t> sources;
    for (std::size_t i = 0; i < n; i += 3) sources.insert(sources.begin(), i);  // any order, each vertex once
    const std::string path = dir.file("r.gdm");
    WriteRowsOf(path, m, sources, 4);

    EXPECT_THROW(MappedMatrixFile{path}, Error);  // n x n consumers never see it
    MappedMatrixFile f(path, true, /*allow_rectangular=*/true);
    EXPECT_TRUE(f.info().rectangular);
    EXPECT_EQ(f.info().n, n);
    EXPECT_EQ(f.info().rows(), sources.size());
    EXPECT_EQ(f.info().row_sources, sources);
    EXPECT_EQ(f.info().meta.kind, MatrixKind::kDistance);
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(f.info().meta.labels.label(i), m.meta().labels.label(i));
    for (std::size_t r = 0; r < sources.size(); ++r)
      EXPECT_EQ(0, std::memcmp(f.row<T>(r), m.row(sources[r]), m.stride() * sizeof(T))) << "row " << r;
    EXPECT_THROW(LoadMatrix<T>(f), Error);
    // A vertex heading two rows (#28): which row a lookup by source finds would be arbitrary.
    if (sources.size() >= 2) {
      std::vector<std::uint64_t> twice = sources;
      twice.back() = twice.front();
      WriteRowsOf(path, m, twice, 4);
      try {
        MappedMatrixFile bad(path, true, /*allow_rectangular=*/true);
        ADD_FAILURE() << "a rows file naming vertex " << twice.front() << " twice was accepted";
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("heads two rows"), std::string::npos) << e.what();
      }
    }
  }
}

TEST(MatrixFile, RectangularLayoutMatchesTheDocumentedNumPyReading) {
  TempDir dir;
  DistMatrix<std::int32_t> m = RandomMatrix<std::int32_t>(200, 5);
  m.meta().labels = VertexLabels::Range(200, 0);
  const std::string path = dir.file("r.gdm");
  WriteRowsOf<std::int32_t>(path, m, {199, 3, 50}, 2);
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), {});
  MatrixHeader h;
  std::memcpy(&h, bytes.data(), sizeof h);
  EXPECT_EQ(h.rows, 3u);
  EXPECT_EQ(h.flags & kFlagRowSources, kFlagRowSources);
  EXPECT_EQ(h.payload_bytes, 3u * 256u * 4u);
  EXPECT_EQ(offsetof(MatrixHeader, sources_crc32), 116u);
  EXPECT_EQ(offsetof(MatrixHeader, rows), 120u);
  std::uint64_t src[3];
  std::memcpy(src, bytes.data() + 4096 + h.payload_bytes, sizeof src);
  EXPECT_EQ(src[0], 199u);
  EXPECT_EQ(src[2], 50u);
  std::int32_t cell;
  std::memcpy(&cell, bytes.data() + 4096 + (1 * 256 + 7) * 4, 4);  // row 1 = source 3, column 7
  EXPECT_EQ(cell, m.at(3, 7));
  EXPECT_EQ(bytes.size(), 4096u + 3u * 256u * 4u + 24u);
}

TEST(MatrixFile, RectangularDamageAndUnfinishedWritesAreCaught) {
  TempDir dir;
  DistMatrix<std::int32_t> m = RandomMatrix<std::int32_t>(40, 7);
  m.meta().labels = VertexLabels::Range(40, 0);
  const std::string path = dir.file("r.gdm");
  WriteRowsOf<std::int32_t>(path, m, {1, 2, 3}, 3);
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4096 + 3 * 128 * 4 + 8);  // second row source
    const std::uint64_t bad = 40;
    f.write(reinterpret_cast<const char*>(&bad), 8);
  }
  EXPECT_THROW(MappedMatrixFile(path, true, true), Error);
  {
    RowMatrixWriter<std::int32_t> w(dir.file("u.gdm"), 40, m.meta(), {0, 1});
    w.Append(m.row(0), 1);
    EXPECT_THROW(w.Commit(), Error);  // one row missing
    EXPECT_THROW(w.Append(m.row(0), 2), Error);
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("u.gdm")));
  EXPECT_THROW(RowMatrixWriter<std::int32_t>(dir.file("v.gdm"), 40, m.meta(), {40}), Error);
}

}  // namespace
}  // namespace gdist

namespace gdist {
namespace {

// A table (gapsp --sources S --targets T): k rows over t target columns,
// more rows than columns allowed, rows and columns labelled apart.
TYPED_TEST(MatrixFileRoundTrip, TablesKeepTheirCellsAndBothSidesLabels) {
  using T = TypeParam;
  TempDir dir;
  std::mt19937_64 rng(test::TestSeed() + 41);
  for (const auto& [k, t] : {std::pair<std::size_t, std::size_t>{5, 3}, {2, 130}, {1, 1}}) {
    std::vector<T> cells(k * t);
    for (T& x : cells) x = rng() % 9 == 0 ? ElementTraits<T>::kInf : static_cast<T>(rng() % 1000);
    std::vector<std::string> cols, rows;
    for (std::size_t j = 0; j < t; ++j) cols.push_back("target " + std::to_string(j * 7));
    for (std::size_t i = 0; i < k; ++i) rows.push_back("s" + std::to_string(100 + i));
    std::vector<std::uint64_t> sources;
    for (std::size_t i = 0; i < k; ++i) sources.push_back(1000 + 3 * i);  // vertices of a larger graph
    MatrixMeta meta;
    meta.directed = true;
    meta.labels = VertexLabels::FromStrings(cols);
    const std::string path = dir.file("t.gdm");
    WriteTableMatrixFile(path, cells.data(), t, meta, sources, VertexLabels::FromStrings(rows));
    EXPECT_THROW(MappedMatrixFile{path}, Error);  // n x n consumers never see it
    MappedMatrixFile f(path, true, /*allow_rectangular=*/true);
    ASSERT_TRUE(f.info().table);
    EXPECT_TRUE(f.info().rectangular);
    EXPECT_EQ(f.info().n, t);
    EXPECT_EQ(f.info().rows(), k);
    EXPECT_EQ(f.info().row_sources, sources);
    EXPECT_EQ(f.info().meta.kind, MatrixKind::kDistance);
    EXPECT_EQ(f.info().meta.labels.strings(), cols);
    EXPECT_EQ(f.info().row_labels.strings(), rows);
    for (std::size_t i = 0; i < k; ++i) {
      for (std::size_t j = 0; j < t; ++j) EXPECT_EQ(f.row<T>(i)[j], cells[i * t + j]) << i << "," << j;
      for (std::size_t j = t; j < f.info().stride; ++j) EXPECT_EQ(f.row<T>(i)[j], ElementTraits<T>::kInf);
    }
  }
}

TEST(MatrixFile, TableDamageIsCaught) {
  TempDir dir;
  const std::vector<std::int32_t> cells = {1, 2, 3, 4, 5, 6};
  MatrixMeta meta;
  meta.labels = VertexLabels::FromStrings({"a", "b", "c"});
  const std::string path = dir.file("t.gdm");
  WriteTableMatrixFile(path, cells.data(), 3, meta, {7, 8}, VertexLabels::FromStrings({"x", "y"}));
  ASSERT_NO_THROW(MappedMatrixFile(path, true, true));
  const std::string good = test::ReadText(path);
  // A changed row label: the label section's checksum.
  std::string bad = good;
  bad[bad.size() - 2] = 'q';
  test::WriteText(path, bad);
  EXPECT_THROW(MappedMatrixFile(path, true, true), Error);
  // The table flag cleared (header re-stamped): its row sources and labels are no rows file's.
  bad = good;
  MatrixHeader h;
  std::memcpy(&h, bad.data(), sizeof h);
  h.flags &= ~kFlagTable;
  StampHeader(h, bad.data());
  test::WriteText(path, bad);
  try {
    MappedMatrixFile f(path, true, true);
    ADD_FAILURE() << "a table read as a rows file";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("not a valid gdist matrix file"), std::string::npos) << e.what();
  }
  // The table flag on a square file.
  DistMatrix<std::int32_t> m = RandomMatrix<std::int32_t>(4, 3);
  m.meta().kind = MatrixKind::kDistance;
  m.meta().labels = VertexLabels::FromStrings({"a", "b", "c", "d"});
  WriteMatrixFile(path, m);
  bad = test::ReadText(path);
  std::memcpy(&h, bad.data(), sizeof h);
  h.flags |= kFlagTable;
  StampHeader(h, bad.data());
  test::WriteText(path, bad);
  EXPECT_THROW(MappedMatrixFile(path, true, true), Error);
  // A writer given labels that do not fit its rows leaves nothing behind.
  EXPECT_THROW(WriteTableMatrixFile(dir.file("u.gdm"), cells.data(), 3, meta, {7, 8}, VertexLabels::FromStrings({"x"})),
               Error);
  EXPECT_FALSE(std::filesystem::exists(dir.file("u.gdm")));
}

}  // namespace
}  // namespace gdist
