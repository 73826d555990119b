// Metric numbers (lib/metrics/metric_number.hpp) compare and print exactly:
// int64 distances past 2^53 that a double cannot tell apart, sums past 2^63,
// infinity after every integer; reals as doubles.
#include "lib/metrics/metric_number.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <sstream>

namespace gdist {
namespace {

TEST(MetricNumber, IntegersPast2To53CompareExactly) {
  const auto a = MetricNumber::Integer(100000000000000000);
  const auto b = MetricNumber::Integer(100000000000000003);
  ASSERT_EQ(static_cast<double>(100000000000000000), static_cast<double>(100000000000000003));  // one double
  EXPECT_TRUE(a < b);
  EXPECT_FALSE(a == b);
  EXPECT_EQ(b.Text(), "100000000000000003");
  EXPECT_TRUE(MetricNumber::Integer(9007199254740993) > MetricNumber::Integer(9007199254740992));
}

TEST(MetricNumber, SumsPast2To63PrintInFull) {
  const Int128 big = static_cast<Int128>(std::numeric_limits<std::int64_t>::max()) * 4 + 3;
  EXPECT_EQ(MetricNumber::Integer(big).Text(), "36893488147419103231");
  EXPECT_EQ(MetricNumber::Integer(-big).Text(), "-36893488147419103231");
  EXPECT_EQ(MetricNumber::Integer(0).Text(), "0");
  std::ostringstream json_text;
  JsonWriter json(json_text);
  MetricNumber::Integer(big).Write(json);
  EXPECT_EQ(json_text.str(), "36893488147419103231");
}

TEST(MetricNumber, InfinityFollowsEveryIntegerAndPrintsNullInJson) {
  const MetricNumber inf = MetricNumber::Infinite();
  EXPECT_TRUE(MetricNumber::Integer(std::numeric_limits<std::int64_t>::max()) < inf);
  EXPECT_TRUE(inf == MetricNumber::Infinite());
  EXPECT_FALSE(inf.finite());
  EXPECT_EQ(inf.Text(), "inf");
  std::ostringstream json_text;
  JsonWriter json(json_text);
  inf.Write(json);
  EXPECT_EQ(json_text.str(), "null");
}

TEST(MetricNumber, RealsAreDoubles) {
  EXPECT_EQ(MetricNumber::Real(0.1).Text(), "0.1");
  EXPECT_TRUE(MetricNumber::Real(0.1) < MetricNumber::Real(0.2));
  EXPECT_TRUE(MetricNumber::Of(2.5f) == 2.5);
  EXPECT_TRUE(MetricNumber::Of(std::int32_t{7}).integral());
  EXPECT_FALSE(MetricNumber::Of(7.0).integral());
}

}  // namespace
}  // namespace gdist
