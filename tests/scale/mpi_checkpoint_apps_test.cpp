// gapsp --checkpoint / --resume under mpirun -np 4 (lib/distributed/
// rank_checkpoints.hpp): the whole job (mpirun and every rank) killed with
// SIGKILL at a random moment after a random saved round resumes to the bytes
// of an uninterrupted run (several seeds; the graph path's 4 x 1 grid with
// int32, int64 and negative weights, and a matrix file's 2 x 2 grid); one
// rank lost mid-run ends the job with mpirun's message and no hang, and its
// checkpoint resumes too; another -np, another input, a damaged snapshot, or
// a one-process run of a distributed checkpoint is refused. Skipped in builds
// without MPI.
// GCC 12 reports a false overlap in std::string concatenation at -O3
// (-Wrestrict, GCC bug 105651).
#pragma GCC diagnostic ignored "-Wrestrict"
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>

#include "tests/scale/scale_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

#if defined(GDIST_HAVE_MPI)
// 1400 vertices: 11 rounds of 128, a few hundredths of a second each on four
// oversubscribed one-thread ranks (more with a checkpoint after each).
constexpr std::size_t kVertices = 1400;
constexpr int kRounds = 11;

bool HoldsCheckpoint(const std::string& dir) {
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename() == "checkpoint.txt" || e.path().filename().string().rfind("snapshot-", 0) == 0) return true;
  return false;
}

// Starts `command` (an mpirun line) in the background, waits until dir's
// checkpoint names round `after` or a later one (at most 40 s), waits delay_ms
// more, then kills with SIGKILL either the whole job at once (mpirun and its
// ranks: they are not in mpirun's process group) or, with one_rank, one rank
// alone; then waits for the job to end, at most 60 s ("HUNG" if it did not).
// The output ends in "rc=STATUS" (137: mpirun killed).
CommandResult KillAfterRound(const TempDir& tmp, const std::string& command, const std::string& dir, int after,
                             int delay_ms, bool one_rank) {
  const std::string script = tmp.file("kill.sh");
  std::string text = command + " &\npid=$!\nfor i in $(seq 8000); do\n  awk -v a=" + std::to_string(after) +
                     " '$1 == \"round\" { found = $2 >= a } END { exit !found }' '" + dir +
                     "/checkpoint.txt' 2>/dev/null && break\n  sleep 0.005\ndone\nsleep " +
                     std::to_string(delay_ms / 1000.0) + "\nranks=$(pgrep -P $pid)\n";
  text += one_rank ? "kill -9 $(echo $ranks | cut -d' ' -f2)\n" : "kill -9 $pid $ranks\n";
  text +=
      "for i in $(seq 600); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done\n"
      "if kill -0 $pid 2>/dev/null; then echo HUNG; kill -9 $pid $ranks; fi\n"
      "wait $pid\nrc=$?\n"
      // The ranks too are gone before the next run starts.
      "for r in $ranks; do while kill -0 $r 2>/dev/null; do sleep 0.01; done; done\n"
      "echo \"rc=$rc\"\n";
  WriteText(script, text);
  std::string run = "bash '";
  return RunCommand(run.append(script).append("' 2>&1"));
}

std::string Gapsp(const std::string& flags, const std::string& in, const std::string& out) {
  return Mpirun(4) + App("gapsp") + " --backend cpu --checkpoint-every 0 " + flags + " '" + in + "' '" + out + "'";
}
#endif

TEST(MpiCheckpointApps, AKilledJobResumesToTheBytesOfAnUninterruptedRun) {
#if !defined(GDIST_HAVE_MPI)
  GTEST_SKIP() << "built without MPI";
#else
  if (RunCommand("command -v mpirun && command -v pgrep").exit_code != 0) GTEST_SKIP() << "mpirun or pgrep not found";
  TempDir tmp;
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937 rng(seed);
  struct Trial {
    const char* type;
    bool negative, matrix_file, one_rank;
  };
  for (const Trial& t : {Trial{"int32", false, false, false}, Trial{"int64", true, false, false},
                         Trial{"int32", true, true, false}, Trial{"int32", false, false, true}}) {
    SCOPED_TRACE(std::string(t.type) + (t.negative ? ", negative weights" : "") +
                 (t.matrix_file ? ", a matrix file (2 x 2 grid)" : ", a graph (4 x 1 grid)") +
                 (t.one_rank ? ", one rank lost" : ", the whole job killed"));
    const std::string g = tmp.file("g.gr"), ref = tmp.file("ref.gdm"), out = tmp.file("out.gdm"), dir = tmp.file("ck");
    WriteRandomDimacs(g, kVertices, 0.002, unsigned(rng()), t.negative);
    std::string in = g;
    if (t.matrix_file) {
      in = tmp.file("adj.gdm");
      const auto c = RunCommand(App("gconvert") + " -q --type " + t.type + " '" + g + "' '" + in + "'");
      ASSERT_EQ(c.exit_code, 0) << c.output;
    }
    std::filesystem::create_directory(dir);
    const std::string type = std::string(" --type ") + t.type + " ";
    const auto a =
        RunCommand(App("gapsp") + " -q --backend cpu" + (t.matrix_file ? "" : type) + " '" + in + "' '" + ref + "'");
    ASSERT_EQ(a.exit_code, 0) << a.output;
    const std::string flags = t.matrix_file ? "" : type;
    const int after = 1 + static_cast<int>(rng() % (kRounds - 5));
    const int delay_ms = static_cast<int>(rng() % 40);
    SCOPED_TRACE("killed " + std::to_string(delay_ms) + " ms after round " + std::to_string(after) + " was saved");
    const auto killed =
        KillAfterRound(tmp, Gapsp(flags + " -q --checkpoint '" + dir + "'", in, out), dir, after, delay_ms, t.one_rank);
    ASSERT_EQ(killed.output.find("HUNG"), std::string::npos) << "the job outlived a lost rank: " << killed.output;
    if (t.one_rank) {
      ASSERT_EQ(killed.output.find("rc=0"), std::string::npos) << "the job ended well without a rank";
      EXPECT_NE(killed.output.find("signal 9"), std::string::npos)
          << "no message names the lost rank: " << killed.output;
    } else {
      ASSERT_NE(killed.output.find("rc=137"), std::string::npos) << "the job ended before the kill: " << killed.output;
    }
    EXPECT_FALSE(Exists(out)) << "a killed job left OUT";
    ASSERT_TRUE(HoldsCheckpoint(dir));
    const auto resumed = RunCommand(Gapsp(flags + " --resume '" + dir + "'", in, out));
    ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
    EXPECT_NE(resumed.output.find("resumed at round "), std::string::npos) << resumed.output;
    EXPECT_EQ(ReadText(ref), ReadText(out)) << "the resumed job's bytes differ from the uninterrupted run's";
    EXPECT_FALSE(HoldsCheckpoint(dir)) << "the checkpoint outlived the run";
    std::filesystem::remove_all(dir);
    std::filesystem::remove(out);
  }
#endif
}

TEST(MpiCheckpointApps, WhatCannotBeResumedIsRefused) {
#if !defined(GDIST_HAVE_MPI)
  GTEST_SKIP() << "built without MPI";
#else
  if (RunCommand("command -v mpirun && command -v pgrep").exit_code != 0) GTEST_SKIP() << "mpirun or pgrep not found";
  TempDir tmp;
  const std::string g = tmp.file("g.gr"), other = tmp.file("other.gr"), dir = tmp.file("ck"), o = tmp.file("o.gdm");
  WriteRandomDimacs(g, kVertices, 0.002, 5, false);
  WriteRandomDimacs(other, kVertices, 0.002, 6, false);
  std::filesystem::create_directory(dir);
  auto expect_refused = [&](const std::string& command, const std::string& why) {
    const auto r = RunCommand(command);
    EXPECT_NE(r.exit_code, 0) << command << "\n" << r.output;
    EXPECT_NE(r.output.find(why), std::string::npos) << command << "\n" << r.output;
    EXPECT_FALSE(Exists(o)) << command;
  };
  expect_refused(Gapsp("", g, o) + " --resume '" + dir + "'", "holds no checkpoint");
  const auto killed = KillAfterRound(tmp, Gapsp("-q --checkpoint '" + dir + "'", g, o), dir, 2, 0, false);
  ASSERT_TRUE(HoldsCheckpoint(dir)) << killed.output;
  std::filesystem::remove(o);
  expect_refused(Gapsp("", g, o) + " --checkpoint '" + dir + "'", "holds a checkpoint; --resume");
  expect_refused(Mpirun(2) + App("gapsp") + " --backend cpu --resume '" + dir + "' '" + g + "' '" + o + "'",
                 "the checkpoint was saved by 4 MPI ranks (a 4 x 1 grid), this run has 2 (a 2 x 1 grid)");
  expect_refused(Gapsp("", other, o) + " --resume '" + dir + "'", "the checkpoint is of another input");
  expect_refused(App("gapsp") + " --backend cpu --memory-limit 1M --resume '" + dir + "' '" + g + "' '" + o + "'",
                 "the checkpoint is of the distributed schedule, this run is cpu-out-of-core");
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().rfind("snapshot-", 0) == 0 &&
        e.path().filename().string().find("-rank-2") != std::string::npos) {
      std::string bytes = ReadText(e.path().string());
      bytes[bytes.size() / 2] ^= 1;
      WriteText(e.path().string(), bytes);
    }
  expect_refused(Gapsp("", g, o) + " --resume '" + dir + "'", "the snapshot's checksum does not match");
  // The undamaged ranks refuse too (the message is the damaged rank's): no rank waits.
#endif
}

}  // namespace
}  // namespace gdist::test
