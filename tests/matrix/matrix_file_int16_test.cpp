// 16-bit matrix files (element type 5): an int32 distance matrix whose values
// fit is written in half the bytes and read back as the same int32 values by
// every reader (the mapping widens it); one that does not fit is written in 32
// bits; damage to the stored bytes is refused as for any matrix file.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstring>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "lib/matrix/matrix_file.hpp"
#include "lib/matrix/next_hop_matrix.hpp"
#include "lib/util/error.hpp"
#include "matrix_test_files.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

constexpr std::int32_t kInf32 = ElementTraits<std::int32_t>::kInf;
constexpr std::int32_t kInf16 = ElementTraits<std::int16_t>::kInf;

// A distance matrix of n vertices with fresh random values in -(INF16-1)..INF16-1 and INF.
DistMatrix<std::int32_t> RandomDistances(std::size_t n, std::int32_t largest, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::int32_t> value(-largest, largest);
  DistMatrix<std::int32_t> m(n);
  m.meta().kind = MatrixKind::kDistance;
  m.meta().directed = true;
  m.meta().labels = VertexLabels::Range(n, 1);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j) m.at(i, j) = rng() % 5 == 0 ? kInf32 : value(rng);
  return m;
}

std::string ErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(MatrixFileInt16, RoundTripsEveryValueThroughEveryWayOfReading) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE(seed);
  test::TempDir dir;
  const DistMatrix<std::int32_t> m = RandomDistances(200, kInf16 - 1, seed);
  NextHopMatrix next(200);
  for (std::size_t i = 0; i < next.stride() * next.stride(); ++i) next.data()[i] = static_cast<std::int32_t>(i % 199);
  const std::string p16 = dir.file("d16.gdm"), p32 = dir.file("d32.gdm");
  ASSERT_TRUE(TryWriteMatrixFileInt16(p16, m, &next));
  WriteMatrixFile(p32, m, &next);
  // Half the payload: the same header block, next hops and labels.
  const std::size_t payload32 = m.payload_bytes();
  EXPECT_EQ(test::ReadText(p32).size() - test::ReadText(p16).size(), payload32 / 2);

  MappedMatrixFile f(p16);  // verifies the stored checksum and values
  EXPECT_TRUE(f.info().stored_int16);
  EXPECT_EQ(f.info().type, ElementType::kInt32);
  EXPECT_EQ(f.info().stored_element_bytes(), 2u);
  EXPECT_EQ(std::memcmp(f.view<std::int32_t>().data, m.data(), payload32), 0);  // INF16 read back as INF32
  EXPECT_EQ(std::memcmp(f.next_hops().data, next.data(), next.bytes()), 0);
  EXPECT_EQ(f.info().meta.labels.label(0), "1");
  const DistMatrix<std::int32_t> loaded = LoadMatrix<std::int32_t>(MappedMatrixFile(p16, false), true);
  EXPECT_EQ(std::memcmp(loaded.data(), m.data(), payload32), 0);
  MappedMatrixFile unverified(p16, /*verify_crc=*/false);
  EXPECT_NO_THROW(unverified.VerifyChecksums());
  EXPECT_EQ(unverified.view<std::int32_t>().at(3, 7), m.at(3, 7));
}

TEST(MatrixFileInt16, AMatrixThatDoesNotFitIsNotWritten) {
  test::TempDir dir;
  for (const std::int32_t wide : {kInf16, -kInf16, kInf32 - 1, 40000}) {
    DistMatrix<std::int32_t> m = RandomDistances(130, 100, 7);
    m.at(129, 5) = wide;  // in the last row: the first pass must look at every value
    EXPECT_FALSE(TryWriteMatrixFileInt16(dir.file("w.gdm"), m)) << wide;
    EXPECT_FALSE(test::Exists(dir.file("w.gdm"))) << wide;
  }
  DistMatrix<std::int32_t> adjacency = RandomDistances(10, 100, 7);
  adjacency.meta().kind = MatrixKind::kAdjacency;  // 16 bits hold distances only
  EXPECT_FALSE(TryWriteMatrixFileInt16(dir.file("a.gdm"), adjacency));
}

TEST(MatrixFileInt16, DamagedStoredBytesAreRefused) {
  test::TempDir dir;
  const std::string path = dir.file("d.gdm");
  const DistMatrix<std::int32_t> m = RandomDistances(50, 1000, 11);
  // A stored value above INF16, with the checksum made to match: the value check names it.
  ASSERT_TRUE(TryWriteMatrixFileInt16(path, m));
  std::string bytes = test::ReadText(path);
  const std::int16_t past = kInf16 + 1;
  std::memcpy(&bytes[kPayloadOffset + 2 * (1 * 128 + 2)], &past, 2);
  MatrixHeader h;
  std::memcpy(&h, bytes.data(), sizeof h);
  const std::size_t payload = 128 * 128 * 2;
  h.payload_crc32 = static_cast<std::uint32_t>(
      crc32(0L, reinterpret_cast<const Bytef*>(bytes.data() + kPayloadOffset), static_cast<uInt>(payload)));
  StampHeader(h, bytes.data());
  test::WriteText(path, bytes);
  const std::string bad_value = ErrorOf([&] { MappedMatrixFile f(path); });
  EXPECT_NE(bad_value.find("row 1, column 2 is 16384, which no int16 matrix holds"), std::string::npos) << bad_value;
  EXPECT_NE(ErrorOf([&] { (void)MappedMatrixFile(path, false).payload(); }).find("16384"), std::string::npos);
  // A flipped payload byte without a new checksum.
  ASSERT_TRUE(TryWriteMatrixFileInt16(path, m));
  bytes = test::ReadText(path);
  bytes[kPayloadOffset + 300] ^= 1;
  test::WriteText(path, bytes);
  EXPECT_NE(ErrorOf([&] { MappedMatrixFile f(path); }).find("payload checksum mismatch"), std::string::npos);
  EXPECT_NE(ErrorOf([&] {
              (void)LoadMatrix<std::int32_t>(MappedMatrixFile(path, false), true);
            }).find("payload checksum mismatch"),
            std::string::npos);
  // Cut short: the payload's size is checked against the file's.
  ASSERT_TRUE(TryWriteMatrixFileInt16(path, m));
  bytes = test::ReadText(path);
  test::WriteText(path, bytes.substr(0, bytes.size() - 100));
  EXPECT_NE(ErrorOf([&] { MappedMatrixFile f(path); }).find("truncated"), std::string::npos);
}

TEST(MatrixFileInt16, AnAdjacencyFlaggedSixteenBitFileIsRefused) {
  test::TempDir dir;
  const std::string path = dir.file("d.gdm");
  ASSERT_TRUE(TryWriteMatrixFileInt16(path, RandomDistances(20, 50, 3)));
  std::string bytes = test::ReadText(path);
  MatrixHeader h;
  std::memcpy(&h, bytes.data(), sizeof h);
  h.flags &= ~kFlagDistance;
  StampHeader(h, bytes.data());
  test::WriteText(path, bytes);
  EXPECT_NE(ErrorOf([&] { MappedMatrixFile f(path); }).find("a 16-bit file that is not a distance matrix"),
            std::string::npos);
}

}  // namespace
}  // namespace gdist
