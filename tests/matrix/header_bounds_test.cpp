// Every size and offset in a .gdm header comes from the file, so each is
// checked with overflow-safe arithmetic against the file length: values near
// 2^64 (n, labels offset/bytes, next-hop offset) and a label base of INT64_MAX
// must be refused with a message, never wrap past the check and crash a reader.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>

#include "lib/matrix/matrix_file.hpp"
#include "lib/matrix/matrix_size.hpp"
#include "lib/util/error.hpp"
#include "matrix_test_files.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

using matrix_test::PatchHeader;
using matrix_test::WriteSmallMatrix;

std::string OpenError(const std::string& path) {
  try {
    MappedMatrixFile f(path);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

struct Mutation {
  const char* name;
  std::size_t offset;  // header field offset (docs/FORMAT.md)
  std::uint64_t value;
  std::size_t width;  // 4 or 8 bytes
  const char* message;
};

TEST(HeaderBounds, SizesNearTwoToTheSixtyFourAreRefused) {
  test::TempDir dir;
  const std::vector<Mutation> cases = {
      {"n max", offsetof(MatrixHeader, n), kMax, 8, "does not match n="},
      {"n 2^32", offsetof(MatrixHeader, n), std::uint64_t{1} << 32, 8, "does not match n="},
      {"stride max", offsetof(MatrixHeader, stride), kMax - 127, 8, "does not match n="},
      {"payload bytes max", offsetof(MatrixHeader, payload_bytes), kMax, 8, "payload size does not match"},
      {"payload offset", offsetof(MatrixHeader, payload_offset), kMax, 8, "payload offset is not 4096"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string path = WriteSmallMatrix(dir.file("m.gdm"), /*string_labels=*/false, /*next_hops=*/false);
    PatchHeader(path, c.offset, c.value, c.width);
    const std::string err = OpenError(path);
    EXPECT_NE(err.find("not a valid gdist matrix file"), std::string::npos) << err;
    EXPECT_NE(err.find(c.message), std::string::npos) << err;
  }
}

TEST(HeaderBounds, NAndStrideConsistentButPayloadWrapsIsRefused) {
  // n = 2^31 gives stride 2^31 and stride^2 * 4 = 2^64: a wrapped payload size of 0.
  test::TempDir dir;
  const std::string path = WriteSmallMatrix(dir.file("m.gdm"), false, false);
  PatchHeader(path, offsetof(MatrixHeader, n), std::uint64_t{1} << 31, 8);
  PatchHeader(path, offsetof(MatrixHeader, stride), std::uint64_t{1} << 31, 8);
  PatchHeader(path, offsetof(MatrixHeader, payload_bytes), 0, 8);
  const std::string err = OpenError(path);
  EXPECT_NE(err.find("payload size does not match n and the element type"), std::string::npos) << err;
}

TEST(HeaderBounds, LabelSectionOffsetsNearTwoToTheSixtyFourAreRefused) {
  test::TempDir dir;
  const std::vector<Mutation> cases = {
      {"labels offset max", offsetof(MatrixHeader, labels_offset), kMax - 3, 8, "label section lies outside the file"},
      {"labels bytes max", offsetof(MatrixHeader, labels_bytes), kMax, 8, "label section lies outside the file"},
      {"labels bytes wraps with offset", offsetof(MatrixHeader, labels_bytes), kMax - 4095, 8,
       "label section lies outside the file"},
      {"labels offset in payload", offsetof(MatrixHeader, labels_offset), 4096, 8, "label section lies outside"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string path = WriteSmallMatrix(dir.file("m.gdm"), /*string_labels=*/true, /*next_hops=*/false);
    PatchHeader(path, c.offset, c.value, c.width);
    const std::string err = OpenError(path);
    EXPECT_NE(err.find(c.message), std::string::npos) << err;
  }
}

TEST(HeaderBounds, NextHopOffsetsNearTwoToTheSixtyFourAreRefused) {
  test::TempDir dir;
  const std::vector<Mutation> cases = {
      {"next offset max", offsetof(MatrixHeader, next_offset), kMax - 4095, 8, "next-hop section lies outside"},
      {"next offset wraps", offsetof(MatrixHeader, next_offset), (kMax / 4096) * 4096, 8,
       "next-hop section lies outside"},
      {"next bytes max", offsetof(MatrixHeader, next_bytes), kMax, 8, "next-hop section lies outside"},
      {"next offset in payload", offsetof(MatrixHeader, next_offset), 4096, 8, "next-hop section lies outside"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string path = WriteSmallMatrix(dir.file("m.gdm"), false, /*next_hops=*/true);
    PatchHeader(path, c.offset, c.value, c.width);
    const std::string err = OpenError(path);
    EXPECT_NE(err.find(c.message), std::string::npos) << err;
  }
}

TEST(HeaderBounds, LabelBaseThatOverflowsIsRefused) {
  test::TempDir dir;
  for (std::int64_t base : {std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::max() - 3}) {
    const std::string path = WriteSmallMatrix(dir.file("m.gdm"), false, false);  // n = 5
    PatchHeader(path, offsetof(MatrixHeader, label_base), static_cast<std::uint64_t>(base), 8);
    const std::string err = OpenError(path);
    EXPECT_NE(err.find("passes the largest 64-bit integer"), std::string::npos) << err;
  }
  // The largest base that still fits reads, and labels the last vertex INT64_MAX.
  const std::string path = WriteSmallMatrix(dir.file("m.gdm"), false, false);
  PatchHeader(path, offsetof(MatrixHeader, label_base),
              static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max() - 4), 8);
  MappedMatrixFile f(path);
  EXPECT_EQ(f.info().meta.labels.label(4), std::to_string(std::numeric_limits<std::int64_t>::max()));
  EXPECT_EQ(f.info().meta.labels.find(std::to_string(std::numeric_limits<std::int64_t>::max())), 4u);
  EXPECT_FALSE(f.info().meta.labels.find("-9223372036854775808").has_value());
}

TEST(MatrixSize, CheckedArithmeticRefusesWrapAround) {
  EXPECT_EQ(CheckedPaddedSize(0), 128u);
  EXPECT_EQ(CheckedPaddedSize(129), 256u);
  EXPECT_FALSE(CheckedPaddedSize(kMax).has_value());
  EXPECT_FALSE(CheckedPaddedSize(kMax - 100).has_value());
  EXPECT_EQ(CheckedMatrixBytes(300, 4), 384u * 384u * 4u);
  EXPECT_FALSE(CheckedMatrixBytes(std::uint64_t{1} << 31, 4).has_value());  // exactly 2^64
  EXPECT_EQ(CheckedMatrixBytes((std::uint64_t{1} << 31) - 128, 4),
            ((std::uint64_t{1} << 31) - 128) * ((std::uint64_t{1} << 31) - 128) * 4);
  EXPECT_FALSE(CheckedMatrixBytes(std::uint64_t{1} << 32, 1).has_value());
  EXPECT_THROW(DistMatrix<std::int32_t>(std::size_t{1} << 31), Error);
}

}  // namespace
}  // namespace gdist
