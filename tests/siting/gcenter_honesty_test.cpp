// gcenter never claims more than it has proven (issue 26): demands no choice
// of p sites can serve are an error (exit 2, no output file), not an
// "optimal" answer that leaves them out. The expected values are worked out
// by hand from the small cost tables written here.
#include <gtest/gtest.h>

#include <string>

#include "lib/siting/covering_mip.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

using test::App;
using test::Exists;
using test::ReadText;
using test::RunCommand;
using test::TempDir;
using test::WriteText;

// d1 only A reaches (5), d2 and d3 only B (10), d4 only C (1).
constexpr const char* kIslands =
    ",A,B,C\n"
    "d1,5,,\n"
    "d2,,10,\n"
    "d3,,10,\n"
    "d4,,,1\n";

std::string Gcenter(const TempDir& dir, const std::string& table, const std::string& flags) {
  WriteText(dir.file("costs.csv"), table);
  return App("gcenter") + " --backend cpu --cost-matrix " + dir.file("costs.csv") + " " + flags;
}

TEST(GcenterHonesty, DemandsNoPSitesReachAreReportedInfeasible) {
  TempDir dir;
  WriteText(dir.file("fixed.txt"), "C\n");
  const std::string assignment = dir.file("a.csv");
  for (const std::string model : {"--p-median", "--p-center"}) {
    SCOPED_TRACE(model);
    // Two new sites cannot reach the four demands (A, B and C are all needed).
    for (const std::string exact : {"", " --exact"}) {
      auto r = RunCommand(Gcenter(dir, kIslands, model + " 2 --json --assignment " + assignment + exact));
      EXPECT_EQ(r.exit_code, 2) << r.output;
      // "infeasible" (proven by CBC), or without CBC "infeasibility is not proven": never an answer.
      EXPECT_NE(r.output.find("infeasib"), std::string::npos) << r.output;
      EXPECT_EQ(r.output.find("\"optimal\""), std::string::npos) << r.output;
      EXPECT_FALSE(Exists(assignment));
    }
    // With C fixed, one new site still leaves d1 or d2/d3 out ...
    auto one = RunCommand(Gcenter(dir, kIslands, model + " 1 --fixed " + dir.file("fixed.txt") + " --json"));
    EXPECT_EQ(one.exit_code, 2) << one.output;
    EXPECT_NE(one.output.find("infeasib"), std::string::npos) << one.output;
    // ... and two serve everyone: A and B beside C.
    auto two = RunCommand(Gcenter(dir, kIslands, model + " 2 --exact --fixed " + dir.file("fixed.txt") + " --json"));
    ASSERT_EQ(two.exit_code, 0) << two.output;
    const std::string objective = model == "--p-median" ? "26" : "10";  // 5 + 10 + 10 + 1, or max of them
    EXPECT_NE(two.output.find("\"objective\":" + objective + ","), std::string::npos) << two.output;
    EXPECT_NE(two.output.find("\"unserved\":0,"), std::string::npos) << two.output;
    EXPECT_NE(two.output.find("\"optimal\":true"), std::string::npos) << two.output;
  }
}

TEST(GcenterHonesty, ADemandNoSiteReachesIsInfeasibleForEveryP) {
  TempDir dir;
  const std::string table = std::string(kIslands) + "d5,,,\n";
  for (const std::string model : {"--p-median 3", "--p-center 3"}) {
    auto r = RunCommand(Gcenter(dir, table, model));
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find("infeasible: demand vertex d5"), std::string::npos) << r.output;
  }
  // Max-cover does not promise to serve everyone: d5 is simply not covered.
  auto mclp = RunCommand(Gcenter(dir, table, "--max-cover 10 --p 3 --exact --json"));
  ASSERT_EQ(mclp.exit_code, 0) << mclp.output;
  EXPECT_NE(mclp.output.find("\"objective\":4,"), std::string::npos) << mclp.output;
}

// 2^53 + 1 rounds to 2^53 through a double: read as doubles, A and B tie and
// the tie goes to A. Read exactly, B is cheaper for d1 and as cheap for d2.
constexpr const char* kPastDoubles =
    ",A,B\n"
    "d1,9007199254740993,9007199254740992\n"
    "d2,9007199254740992,9007199254740992\n";

TEST(GcenterHonesty, IntegerCostsPast2To53StayExact) {
  TempDir dir;
  const std::string assignment = dir.file("a.csv");
  // p-median: B costs 2 x 2^53 = 18014398509481984, A one more; p-center: B 2^53, A 2^53 + 1.
  for (const auto& [model, objective] : {std::pair<std::string, std::string>{"--p-median", "18014398509481984"},
                                         std::pair<std::string, std::string>{"--p-center", "9007199254740992"}}) {
    SCOPED_TRACE(model);
    auto r = RunCommand(Gcenter(dir, kPastDoubles, model + " 1 --exact --json --assignment " + assignment));
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("\"sites\":[\"B\"]"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\"objective\":" + objective + ","), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\"lower_bound\":" + objective + ",\"gap\":0,\"optimal\":true"), std::string::npos)
        << r.output;
    const std::string csv = ReadText(assignment);
    const std::string key = model == "--p-median" ? "p_median" : "p_center";
    EXPECT_NE(csv.find(key + ",1,d1,1,B,9007199254740992\n"), std::string::npos) << csv;
    EXPECT_NE(csv.find(key + ",1,d2,1,B,9007199254740992\n"), std::string::npos) << csv;
  }
}

// Costs 0 and 2^53 + 1 in one table: no double shift makes both exact, so
// the answer would rest on rounded costs. Refused, with the reason.
TEST(GcenterHonesty, CostsSpanningPast2To53AreRefused) {
  TempDir dir;
  auto r = RunCommand(Gcenter(dir, ",A,B\nd1,0,9007199254740993\nd2,9007199254740993,0\n", "--p-median 1 --json"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("span 2^53"), std::string::npos) << r.output;
}

// Odd objectives past 2^53, which no double holds: A serves d1 at 2^53 + 1
// and d2 at 2^53 + 2 (B is worse or equal), so the p-median is 2^54 + 3 and
// the p-center 2^53 + 2, in the JSON (single and sweep) and the text report.
TEST(GcenterHonesty, WholeObjectivesPrintExactly) {
  TempDir dir;
  const std::string table =
      ",A,B\n"
      "d1,9007199254740993,9007199254740997\n"
      "d2,9007199254740994,9007199254740994\n";
  auto json = RunCommand(Gcenter(dir, table, "--p-median 1 --p-center 1 --exact --json"));
  ASSERT_EQ(json.exit_code, 0) << json.output;
  EXPECT_NE(json.output.find("\"objective\":18014398509481987,"), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"lower_bound\":18014398509481987,"), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"objective\":9007199254740994,"), std::string::npos) << json.output;
  auto sweep = RunCommand(Gcenter(dir, table, "--p-median 1,2 --json"));
  ASSERT_EQ(sweep.exit_code, 0) << sweep.output;
  std::size_t exact = 0;
  for (std::size_t at = 0; (at = sweep.output.find("\"objective\":18014398509481987,", at)) != std::string::npos; ++at)
    ++exact;
  EXPECT_EQ(exact, 2u) << sweep.output;
  auto text = RunCommand(Gcenter(dir, table, "--p-median 1"));
  ASSERT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find("objective  18014398509481987\n"), std::string::npos) << text.output;
}

// Facility location past 2^53: B serves d1 at 2^53 and d2 at 2^53 + 1 and
// opens for 2 (A: 2^53 + 1, 2^53 + 3, opens for 1), so the optimum is
// 2^54 + 3, which a double rounds to 2^54 + 4.
TEST(GcenterHonesty, FacilityLocationPast2To53IsExact) {
  TempDir dir;  // uncapacitated: its own branch and bound, with or without CBC
  WriteText(dir.file("open.csv"), "A,1\nB,2\n");
  const std::string table = ",A,B\nd1,9007199254740993,9007199254740992\nd2,9007199254740995,9007199254740993\n";
  auto r = RunCommand(Gcenter(dir, table, "--facility-location --opening-costs " + dir.file("open.csv") + " --json"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"sites\":[\"B\"],\"objective\":18014398509481987,"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"lower_bound\":18014398509481987,\"gap\":0,\"optimal\":true"), std::string::npos)
      << r.output;
}

// Sums past int64: four demands of about 4 x 10^18. A costs 4 x 10^18 for
// d1-d3 and one more for d4, B the other way round: A's total is 16 x 10^18
// + 1, B's 16 x 10^18 + 3, both past 2^63. The objective and bound print in
// full (no 1.6e+19), in the JSON, the text report and a sweep's table.
TEST(GcenterHonesty, WholeObjectivesPastInt64PrintExactly) {
  TempDir dir;
  const std::string table =
      ",A,B\n"
      "d1,4000000000000000000,4000000000000000001\n"
      "d2,4000000000000000000,4000000000000000001\n"
      "d3,4000000000000000000,4000000000000000001\n"
      "d4,4000000000000000001,4000000000000000000\n";
  auto json = RunCommand(Gcenter(dir, table, "--p-median 1 --exact --json"));
  ASSERT_EQ(json.exit_code, 0) << json.output;
  EXPECT_NE(json.output.find("\"sites\":[\"A\"]"), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"objective\":16000000000000000001,"), std::string::npos) << json.output;
  EXPECT_NE(json.output.find("\"lower_bound\":16000000000000000001,\"gap\":0,\"optimal\":true"), std::string::npos)
      << json.output;
  auto text = RunCommand(Gcenter(dir, table, "--p-median 1"));
  ASSERT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find("objective  16000000000000000001\n"), std::string::npos) << text.output;
  auto sweep = RunCommand(Gcenter(dir, table, "--p-median 1,2"));
  ASSERT_EQ(sweep.exit_code, 0) << sweep.output;
  EXPECT_NE(sweep.output.find(" 16000000000000000001 "), std::string::npos) << sweep.output;
  EXPECT_NE(sweep.output.find(" 16000000000000000000 "), std::string::npos) << sweep.output;  // p = 2: A and B
}

// Costs near the largest double: p-median's sums would be inf (it printed
// "objective inf, gap -nan%" and exit 0); refused with the reason, exit 2.
// p-center sums nothing and answers; max-cover sums only weights.
TEST(GcenterHonesty, SumsPastTheLargestDoubleAreRefused) {
  TempDir dir;
  const std::string table = ",A,B\nd1,1e308,1e308\nd2,1e308,5\nd3,1e308,1.5e308\n";
  for (const std::string exact : {"", " --exact"}) {
    auto r = RunCommand(Gcenter(dir, table, "--p-median 1 --json" + exact));
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find("p-median: costs up to 1.5e+308 times a total weight of 3"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("scale the costs or weights down"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("\"objective\""), std::string::npos) << r.output;  // no answer
  }
  auto center = RunCommand(Gcenter(dir, table, "--p-center 1 --exact --json"));
  ASSERT_EQ(center.exit_code, 0) << center.output;
  EXPECT_NE(center.output.find("\"sites\":[\"A\"],\"objective\":1e+308,"), std::string::npos) << center.output;
  // Facility location sums opening costs too: 1e308 at each of two sites.
  WriteText(dir.file("open.csv"), "A,1e308\nB,1e308\n");
  auto fl = RunCommand(Gcenter(dir, ",A,B\nd1,1,2\nd2,2,1\n",
                               "--facility-location --opening-costs " + dir.file("open.csv") + " --json"));
  EXPECT_EQ(fl.exit_code, 2) << fl.output;
  if (HaveMipSolver()) {  // without CBC it is refused before, for that
    EXPECT_NE(fl.output.find("opening costs summing to inf"), std::string::npos) << fl.output;
  }
  // CLP aborted gcenter (SIGABRT) on an objective coefficient of 1e25 or
  // more: a cost of 1e26 in the capacitated p-median, a weight of 1e26 in
  // backup cover. Refused with the reason.
  if (HaveMipSolver()) {
    WriteText(dir.file("cap.csv"), "A,10\nB,10\n");
    WriteText(dir.file("w.csv"), "d1,1e26\nd2,1\nd3,1\n");
    for (const auto& [costs, flags] :
         {std::pair<std::string, std::string>{",A,B\nd1,1e26,2\nd2,2,1e26\nd3,3,4\n",
                                              "--p-median 1 --capacities " + dir.file("cap.csv")},
          std::pair<std::string, std::string>{",A,B\nd1,1,2\nd2,2,1\nd3,3,4\n",
                                              "--backup-cover 3 --p 2 --weights " + dir.file("w.csv")}}) {
      SCOPED_TRACE(flags);
      auto coin = RunCommand(Gcenter(dir, costs, flags + " --json"));
      EXPECT_EQ(coin.exit_code, 2) << coin.output;
      EXPECT_NE(coin.output.find("has a coefficient of 1e+26"), std::string::npos) << coin.output;
    }
  }
  auto mclp = RunCommand(Gcenter(dir, table, "--max-cover 1e308 --p 1 --exact --json"));
  ASSERT_EQ(mclp.exit_code, 0) << mclp.output;
  EXPECT_NE(mclp.output.find("\"objective\":3,"), std::string::npos) << mclp.output;
}

// The assignment file and gcenter's per-vertex file write every number so
// that it reads back as itself: a weight of 15 digits, float64 costs of 16 and
// 17 significant digits, totals of 13 digits (no 1.23456789012e+14, no
// 0.123456789012).
TEST(GcenterHonesty, AssignmentAndPerVertexFilesAreExact) {
  TempDir dir;
  WriteText(dir.file("w.csv"), "d1,123456789012345\nd2,0.1234567890123\n");
  const std::string table = ",A,B\nd1,0.1234567890123456,5\nd2,3,0.30000000000000004\n";
  auto r = RunCommand(
      Gcenter(dir, table, "--p-median 2 --weights " + dir.file("w.csv") + " --assignment " + dir.file("a.csv")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string csv = ReadText(dir.file("a.csv"));
  EXPECT_NE(csv.find("p_median,2,d1,123456789012345,A,0.1234567890123456\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("p_median,2,d2,0.1234567890123,B,0.30000000000000004\n"), std::string::npos) << csv;
  // a -> b 1234567890123, b -> c 7: a's eccentricity 1234567890130, total 2469135780253.
  WriteText(dir.file("g.csv"), "a,b,1234567890123\nb,c,7\n");
  auto pv = RunCommand(App("gcenter") + " " + dir.file("g.csv") + " --per-vertex " + dir.file("pv.csv"));
  ASSERT_EQ(pv.exit_code, 0) << pv.output;
  const std::string rows = ReadText(dir.file("pv.csv"));
  EXPECT_NE(rows.find("\na,1234567890130,2469135780253,0,"), std::string::npos) << rows;
}

}  // namespace
}  // namespace gdist
