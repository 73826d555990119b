// The sparse engine's memory refusal (RefuseIfSparseTooLarge): silent for a
// graph that fits, and one message shape otherwise, naming the input, the
// bytes, the counts and, past 2^32 vertices, the 32-bit vertex ids. The apps'
// side (every sparse path) is tests/input_safety/huge_counts_test.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "lib/plan/memory_plan.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

std::string RefusalOf(std::uint64_t n, std::uint64_t arcs) {
  try {
    RefuseIfSparseTooLarge("g.gr", n, arcs, 4, 1);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(SparseRefusal, AGraphThatFitsPasses) { EXPECT_EQ(RefusalOf(1000, 5000), ""); }

TEST(SparseRefusal, VertexIdsPast32BitsAreNamed) {
  const std::string err = RefusalOf(std::uint64_t{1} << 32, 0);
  EXPECT_EQ(err.rfind("g.gr: the sparse engine would need about ", 0), 0u) << err;
  EXPECT_NE(err.find(" of memory for 4294967296 vertices and 0 arcs"), std::string::npos) << err;
  EXPECT_NE(err.find("its vertex ids are 32-bit: at most 4294967295 vertices"), std::string::npos) << err;
}

TEST(SparseRefusal, SizesPast64BitsSaySo) {
  const std::string err = RefusalOf(std::uint64_t{1} << 62, std::uint64_t{1} << 62);
  EXPECT_NE(err.find("would need about 2^64 bytes or more of memory for 4611686018427387904 vertices"),
            std::string::npos)
      << err;
}

TEST(SparseRefusal, TheBytesAreSparseEngineBytes) {
  // 3,000,000,000 vertices on one thread: 3e9 * (160 + 256) bytes, exactly as SparseEngineBytes counts them.
  const std::uint64_t n = 3'000'000'000ULL;
  ASSERT_EQ(SparseEngineBytes(n, 0, 4, 1), n * 416);
  const std::string err = RefusalOf(n, 0);
  EXPECT_NE(err.find("would need about " + std::to_string(n * 416) + " bytes ("), std::string::npos) << err;
}

}  // namespace
}  // namespace gdist
