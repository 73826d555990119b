// Matrix file version 2: a header checksum (every header byte decides how the
// numbers are read), payload values checked on load (an int above INF, NaN,
// -infinity), and version 1 files (no header checksum) still read.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

#include "lib/matrix/matrix_file.hpp"
#include "lib/util/error.hpp"
#include "matrix_test_files.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

using matrix_test::PatchBytes;
using matrix_test::ReadHeader;
using matrix_test::WriteSmallMatrix;

std::string OpenError(const std::string& path, bool load = false) {
  try {
    MappedMatrixFile f(path, /*verify_crc=*/!load);
    if (load)
      DispatchElement(f.info().type, [&](auto zero) {
        (void)LoadMatrix<decltype(zero)>(f, true);
        return 0;
      });
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(MatrixFileV2, WritersStampVersionTwoAndTheHeaderChecksum) {
  test::TempDir dir;
  const std::string path = WriteSmallMatrix(dir.file("m.gdm"), true, true);
  const MatrixHeader h = ReadHeader(path);
  EXPECT_EQ(h.version, 2u);
  std::uint32_t stored;
  std::ifstream f(path, std::ios::binary);
  f.seekg(kHeaderCrcOffset);
  f.read(reinterpret_cast<char*>(&stored), 4);
  EXPECT_EQ(stored, crc32(0L, reinterpret_cast<const Bytef*>(&h), sizeof h));  // zlib, independently
}

TEST(MatrixFileV2, EveryFlippedHeaderByteIsRefused) {
  test::TempDir dir;
  const std::string path = dir.file("m.gdm");
  for (std::size_t byte = 0; byte < sizeof(MatrixHeader); ++byte) {
    WriteSmallMatrix(path, /*string_labels=*/byte % 2 == 0, /*next_hops=*/byte % 3 == 0);
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(static_cast<std::streamoff>(byte));
    char c;
    f.read(&c, 1);
    c = static_cast<char>(c ^ 0x01);
    f.seekp(static_cast<std::streamoff>(byte));
    f.write(&c, 1);
    f.close();
    const std::string err = OpenError(path);
    SCOPED_TRACE(byte);
    EXPECT_NE(err, "");
    if (byte >= 12) {
      EXPECT_NE(err.find("header checksum mismatch"), std::string::npos) << err;
    }
  }
}

TEST(MatrixFileV2, VersionOneFilesStillRead) {
  // A version 1 file is the same layout without the checksum (what the code
  // before version 2 wrote): version field 1, bytes 128.. zero.
  test::TempDir dir;
  const std::string path = WriteSmallMatrix(dir.file("m.gdm"), true, true);
  PatchBytes(path, offsetof(MatrixHeader, version), 1, 4);
  PatchBytes(path, kHeaderCrcOffset, 0, 4);
  MappedMatrixFile f(path);
  EXPECT_EQ(f.info().n, 5u);
  EXPECT_EQ(f.info().meta.labels.label(4), "v4");
  const auto m = LoadMatrix<std::int32_t>(f, true);
  EXPECT_EQ(m.at(0, 1), 3);
  EXPECT_EQ(m.at(1, 2), 4);
  EXPECT_EQ(m.at(2, 1), ElementTraits<std::int32_t>::kInf);
  // A version 1 file's header is not checksummed: its bounds checks still hold.
  PatchBytes(path, offsetof(MatrixHeader, labels_offset), ~std::uint64_t{0} - 3, 8);
  EXPECT_NE(OpenError(path).find("label section lies outside the file"), std::string::npos);
}

TEST(MatrixFileV2, UnknownVersionsAreRefused) {
  test::TempDir dir;
  const std::string path = WriteSmallMatrix(dir.file("m.gdm"), false, false);
  matrix_test::PatchHeader(path, offsetof(MatrixHeader, version), 4, 4);
  EXPECT_NE(OpenError(path).find("version 4 (this build reads versions 1 to 3)"), std::string::npos);
  // Version 3 is version 2 with a decimal scale (decimal_weights_test.cpp): without one it is refused.
  matrix_test::PatchHeader(path, offsetof(MatrixHeader, version), 3, 4);
  EXPECT_NE(OpenError(path).find("version 3 without a decimal scale"), std::string::npos);
}

// Writes a 3-vertex matrix of T with cell (0, 1) set to `bad`, the payload
// checksum and header consistent: a hand-made file, not a corrupted one.
template <class T> std::string WriteWithCell(const std::string& path, T bad, MatrixKind kind) {
  DistMatrix<T> m(3);
  m.at(0, 1) = bad;
  m.meta().kind = kind;
  m.meta().labels = VertexLabels::Range(3, 1);
  WriteMatrixFile(path, m);
  return path;
}

TEST(MatrixFileV2, PayloadValuesOutsideTheTypeAreRefusedOnLoad) {
  test::TempDir dir;
  const std::string p = dir.file("m.gdm");
  struct Case {
    std::string path;
    const char* message;
  };
  const std::vector<Case> cases = {
      {WriteWithCell<std::int32_t>(p + "1", 1073741824, MatrixKind::kAdjacency),
       "the value at row 0, column 1 is 1073741824, which no int32 matrix holds (-INF..INF, INF = 1073741823)"},
      {WriteWithCell<std::int32_t>(p + "2", std::numeric_limits<std::int32_t>::max(), MatrixKind::kDistance),
       "is 2147483647, which no int32 matrix holds"},
      {WriteWithCell<std::int32_t>(p + "3", -1073741824, MatrixKind::kAdjacency), "is -1073741824, which no int32"},
      {WriteWithCell<std::int64_t>(p + "4", std::int64_t{1} << 62, MatrixKind::kAdjacency),
       "is 4611686018427387904, which no int64 matrix holds"},
      {WriteWithCell<float>(p + "5", std::nanf(""), MatrixKind::kAdjacency),
       "is nan, which no float32 matrix holds (NaN and -infinity are refused)"},
      {WriteWithCell<float>(p + "6", -std::numeric_limits<float>::infinity(), MatrixKind::kDistance),
       "is -inf, which no float32 matrix holds"},
      {WriteWithCell<double>(p + "7", std::nan(""), MatrixKind::kAdjacency), "is nan, which no float64 matrix"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    for (bool load : {false, true}) {  // mapped with the checksum pass, and loaded for the engine
      const std::string err = OpenError(c.path, load);
      EXPECT_NE(err.find(": not a valid gdist matrix file: the value at row 0, column 1 "), std::string::npos) << err;
      EXPECT_NE(err.find(c.message), std::string::npos) << err;
    }
  }
  // INF itself and -INF + 1 are fine.
  EXPECT_EQ(OpenError(WriteWithCell<std::int32_t>(p + "8", 1073741823, MatrixKind::kAdjacency), true), "");
  EXPECT_EQ(OpenError(WriteWithCell<std::int32_t>(p + "9", -1073741823, MatrixKind::kAdjacency), true), "");
  EXPECT_EQ(
      OpenError(WriteWithCell<float>(p + "10", std::numeric_limits<float>::infinity(), MatrixKind::kAdjacency), true),
      "");
}

}  // namespace
}  // namespace gdist
