// The coordinate section of matrix files (flag bit 5, header bytes 136..159):
// every writer (whole matrix, 16-bit, streamed square, rows) keeps the
// vertices' longitude/latitude bit for bit, a file without them is byte for
// byte what it was before the section existed, and a damaged or crafted
// section is refused with the file's name and what is wrong.
#include "lib/matrix/coordinate_section.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "lib/matrix/matrix_file.hpp"
#include "lib/util/error.hpp"
#include "tests/matrix/matrix_test_files.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

using matrix_test::PatchBytes;

LonLatList RandomLonLat(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> lon(-180, 180), lat(-90, 90);
  LonLatList out;
  for (std::size_t i = 0; i < n; ++i) out.emplace_back(lon(rng), lat(rng));
  out.front() = {-180.0, 90.0};  // the range's ends are valid
  return out;
}

DistMatrix<std::int32_t> Distances(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  DistMatrix<std::int32_t> m(n);
  m.meta().kind = MatrixKind::kDistance;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < n; ++i) names.push_back("node" + std::to_string(1000 + i));
  m.meta().labels = VertexLabels::FromStrings(std::move(names));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) m.at(i, j) = i == j ? 0 : static_cast<std::int32_t>(rng() % 5000);
  return m;
}

std::string ErrorOf(const std::string& path) {
  try {
    MappedMatrixFile f(path, true, true);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

MatrixHeaderExtension ExtensionOf(const std::string& path) {
  const std::string bytes = test::ReadText(path);
  MatrixHeaderExtension ext;
  std::memcpy(&ext, bytes.data() + kHeaderExtensionOffset, sizeof ext);
  return ext;
}

TEST(CoordinateSection, EveryWriterKeepsThePairsExactly) {
  test::TempDir tmp;
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  const std::size_t n = 37 + seed % 50;
  DistMatrix<std::int32_t> m = Distances(n, seed);
  m.meta().lon_lat = RandomLonLat(n, seed + 1);
  const auto check = [&](const std::string& path, bool int16) {
    SCOPED_TRACE(path);
    MappedMatrixFile f(path, true, true);
    EXPECT_EQ(f.info().stored_int16, int16);
    ASSERT_EQ(f.info().meta.lon_lat.size(), n);
    for (std::size_t i = 0; i < n; ++i) {  // bit for bit: the doubles as written
      EXPECT_EQ(std::memcmp(&f.info().meta.lon_lat[i], &m.meta().lon_lat[i], 16), 0) << i;
    }
    EXPECT_EQ(f.info().meta.labels.label(n - 1), m.meta().labels.label(n - 1));
    const std::size_t last = f.info().rectangular ? f.info().rows() - 1 : n - 1;  // a rows file ends with vertex 0
    EXPECT_EQ(f.row<std::int32_t>(last)[n - 1], m.at(f.info().rectangular ? 0 : n - 1, n - 1));
    EXPECT_TRUE(MatrixFileHasCoordinates(path));
  };
  WriteMatrixFile(tmp.file("a.gdm"), m);
  check(tmp.file("a.gdm"), false);
  ASSERT_TRUE(TryWriteMatrixFileInt16(tmp.file("b.gdm"), m));
  check(tmp.file("b.gdm"), true);
  {
    SquareMatrixWriter<std::int32_t> w(tmp.file("c.gdm"), n, m.meta());
    w.Append(m.data(), m.payload_bytes());
    w.Commit();
  }
  check(tmp.file("c.gdm"), false);
  EXPECT_EQ(test::ReadText(tmp.file("a.gdm")), test::ReadText(tmp.file("c.gdm")))
      << "the streamed writer and the whole-matrix writer differ";
  {
    RowMatrixWriter<std::int32_t> w(tmp.file("r.gdm"), n, m.meta(), {2, 0});
    w.Append(m.row(2), 1);
    w.Append(m.row(0), 1);
    w.Commit();
  }
  check(tmp.file("r.gdm"), false);
  // A copy through LoadMatrix keeps them (what gapsp does to a matrix input).
  MappedMatrixFile a(tmp.file("a.gdm"));
  WriteMatrixFile(tmp.file("d.gdm"), LoadMatrix<std::int32_t>(a));
  EXPECT_EQ(test::ReadText(tmp.file("a.gdm")), test::ReadText(tmp.file("d.gdm")));
}

TEST(CoordinateSection, AFileWithoutThemIsAsBefore) {
  test::TempDir tmp;
  const DistMatrix<std::int32_t> m = Distances(20, 3);
  WriteMatrixFile(tmp.file("a.gdm"), m);
  const std::string bytes = test::ReadText(tmp.file("a.gdm"));
  EXPECT_EQ(matrix_test::ReadHeader(tmp.file("a.gdm")).flags & kFlagCoordinates, 0u);
  for (std::size_t i = kHeaderCrcOffset + 4; i < kPayloadOffset; ++i) ASSERT_EQ(bytes[i], 0) << "header byte " << i;
  // The labels are the file's last section, right after the payload (a reader that reads them to the end).
  const MatrixHeader h = matrix_test::ReadHeader(tmp.file("a.gdm"));
  EXPECT_EQ(h.labels_offset, kPayloadOffset + h.payload_bytes);
  EXPECT_FALSE(MatrixFileHasCoordinates(tmp.file("a.gdm")));
  EXPECT_TRUE(MappedMatrixFile(tmp.file("a.gdm")).info().meta.lon_lat.empty());
}

TEST(CoordinateSection, SitsBeforeTheLabelsWhichStayLast) {
  test::TempDir tmp;
  DistMatrix<std::int32_t> m = Distances(10, 4);
  m.meta().lon_lat = RandomLonLat(10, 5);
  WriteMatrixFile(tmp.file("a.gdm"), m);
  const MatrixHeader h = matrix_test::ReadHeader(tmp.file("a.gdm"));
  const MatrixHeaderExtension ext = ExtensionOf(tmp.file("a.gdm"));
  EXPECT_EQ(ext.coordinates_offset, kPayloadOffset + h.payload_bytes);
  EXPECT_EQ(ext.coordinates_bytes, 10u * 16);
  EXPECT_EQ(h.labels_offset, ext.coordinates_offset + ext.coordinates_bytes);
  EXPECT_EQ(h.labels_offset + h.labels_bytes, test::ReadText(tmp.file("a.gdm")).size());
}

TEST(CoordinateSection, DamagedOrCraftedSectionsAreRefused) {
  test::TempDir tmp;
  DistMatrix<std::int32_t> m = Distances(12, 6);
  m.meta().lon_lat = RandomLonLat(12, 7);
  const std::string good = tmp.file("good.gdm");
  WriteMatrixFile(good, m);
  const MatrixHeaderExtension ext = ExtensionOf(good);
  const auto copy = [&](const std::string& name) {
    const std::string path = tmp.file(name);
    test::WriteText(path, test::ReadText(good));
    return path;
  };
  // A flipped byte inside the section.
  std::string p = copy("section.gdm");
  PatchBytes(p, ext.coordinates_offset + 20, 0x55, 1);
  EXPECT_NE(ErrorOf(p).find("coordinate section checksum mismatch"), std::string::npos) << ErrorOf(p);
  EXPECT_NE(ErrorOf(p).find(p), std::string::npos) << ErrorOf(p);
  // A flipped byte in the extension (its offset field).
  p = copy("extension.gdm");
  PatchBytes(p, kHeaderExtensionOffset + 1, 0x7, 1);
  EXPECT_NE(ErrorOf(p).find("header extension checksum mismatch"), std::string::npos) << ErrorOf(p);
  // A crafted extension with a valid checksum: the section past the end, or the wrong size.
  const auto craft = [&](const std::string& name, MatrixHeaderExtension e) {
    const std::string path = copy(name);
    std::vector<char> block(kPayloadOffset, 0);
    StampHeaderExtension(e, block.data());
    std::uint64_t words[3];
    std::memcpy(words, block.data() + kHeaderExtensionOffset, sizeof words);
    for (int k = 0; k < 3; ++k) PatchBytes(path, kHeaderExtensionOffset + 8 * k, words[k], 8);
    return path;
  };
  MatrixHeaderExtension e = ext;
  e.coordinates_offset = 1ull << 40;
  p = craft("far.gdm", e);
  EXPECT_NE(ErrorOf(p).find("lies outside the file"), std::string::npos) << ErrorOf(p);
  e = ext;
  e.coordinates_offset = 8;  // over the header itself
  p = craft("header.gdm", e);
  EXPECT_NE(ErrorOf(p).find("lies outside the file"), std::string::npos) << ErrorOf(p);
  e = ext;
  e.coordinates_bytes -= 16;
  p = craft("short.gdm", e);
  EXPECT_NE(ErrorOf(p).find("16 bytes each"), std::string::npos) << ErrorOf(p);
  // A latitude of 91 degrees with every checksum right.
  p = copy("range.gdm");
  const double lat = 91;
  std::uint64_t bits;
  std::memcpy(&bits, &lat, 8);
  PatchBytes(p, ext.coordinates_offset + 16 * 3 + 8, bits, 8);
  std::string section = test::ReadText(p).substr(ext.coordinates_offset, ext.coordinates_bytes);
  e = ext;
  e.coordinates_crc32 =
      static_cast<std::uint32_t>(crc32_z(0L, reinterpret_cast<const Bytef*>(section.data()), section.size()));
  std::vector<char> block(kPayloadOffset, 0);
  StampHeaderExtension(e, block.data());
  std::uint64_t words[3];
  std::memcpy(words, block.data() + kHeaderExtensionOffset, sizeof words);
  for (int k = 0; k < 3; ++k) PatchBytes(p, kHeaderExtensionOffset + 8 * k, words[k], 8);
  EXPECT_NE(ErrorOf(p).find("vertex 3 has longitude"), std::string::npos) << ErrorOf(p);
  // The good file still reads.
  EXPECT_EQ(ErrorOf(good), "");
}

TEST(CoordinateSection, WritersRefuseWhatTheyCannotKeep) {
  test::TempDir tmp;
  DistMatrix<std::int32_t> m = Distances(8, 8);
  m.meta().lon_lat = RandomLonLat(7, 9);  // one short
  EXPECT_THROW(WriteMatrixFile(tmp.file("a.gdm"), m), Error);
  m.meta().lon_lat = RandomLonLat(8, 9);
  m.meta().lon_lat[5].first = std::nan("");
  EXPECT_THROW(WriteMatrixFile(tmp.file("b.gdm"), m), Error);
  EXPECT_FALSE(test::Exists(tmp.file("a.gdm")));
  EXPECT_FALSE(test::Exists(tmp.file("b.gdm")));
}

}  // namespace
}  // namespace gdist
