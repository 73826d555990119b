// gapsp --checkpoint / --resume (lib/engine/checkpoint.hpp): a CPU
// out-of-core run killed with SIGKILL at a random point after a random round
// resumes to the bytes of an uninterrupted run (several seeds, negative
// weights too), and a folder that cannot be resumed is refused, naming why.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>

#include "tests/scale/scale_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

// 3000 vertices in int32: 36 MiB; 1 MiB of memory gives blocks of 256, 12 rounds.
constexpr std::size_t kVertices = 3000;
constexpr int kRounds = 12;

std::string OutOfCore(const std::string& in, const std::string& out) {
  std::string command = App("gapsp");
  return command.append(" --backend cpu --memory-limit 1M --checkpoint-every 0 '")
      .append(in)
      .append("' '")
      .append(out)
      .append("'");
}

bool HoldsCheckpoint(const std::string& dir) {
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename() == "checkpoint.txt" || e.path().filename().string().rfind("snapshot-", 0) == 0) return true;
  return false;
}

// Starts `command` in the background, waits until dir's checkpoint has saved
// round `after` or a later one (at most 20 s), waits delay_ms more, then kills
// it with SIGKILL. The output ends in "rc=STATUS" (137: killed).
CommandResult KillAfterRound(const TempDir& tmp, const std::string& command, const std::string& dir, int after,
                             int delay_ms) {
  const std::string script = tmp.file("kill.sh");
  WriteText(script, command + " &\npid=$!\nfor i in $(seq 4000); do\n  awk -v a=" + std::to_string(after) +
                        " '$1 == \"round\" { found = $2 >= a } END { exit !found }' '" + dir +
                        "/checkpoint.txt' 2>/dev/null && break\n  sleep 0.005\ndone\nsleep " +
                        std::to_string(delay_ms / 1000.0) + "\nkill -9 $pid\nwait $pid\necho \"rc=$?\"\n");
  std::string run = "bash '";
  return RunCommand(run.append(script).append("'"));
}

TEST(CheckpointApps, AKilledRunResumesToTheBytesOfAnUninterruptedRun) {
  TempDir tmp;
  const unsigned seed = TestSeed();
  SCOPED_TRACE(seed);  // GDIST_SEED
  std::mt19937 rng(seed);
  for (int trial = 0; trial < 3; ++trial) {
    SCOPED_TRACE(trial);
    const bool negative = trial == 2;
    const std::string in = tmp.file(std::string("g").append(std::to_string(trial)).append(".gr"));
    WriteRandomDimacs(in, kVertices, 0.002, seed + trial, negative);
    const std::string ref = tmp.file("ref.gdm"), out = tmp.file("out.gdm"), dir = tmp.file("ck");
    std::filesystem::create_directory(dir);
    const auto a = RunCommand(App("gapsp") + " -q --backend cpu --algorithm fw '" + in + "' '" + ref + "'");
    ASSERT_EQ(a.exit_code, 0) << a.output;
    // Kill after round `after` was saved, a random few milliseconds later (mid-round, or mid-save).
    const int after = 1 + static_cast<int>(rng() % (kRounds - 4));
    const int delay_ms = static_cast<int>(rng() % 40);
    const auto killed =
        KillAfterRound(tmp, OutOfCore(in, out) + " -q --checkpoint '" + dir + "'", dir, after, delay_ms);
    ASSERT_NE(killed.output.find("rc=137"), std::string::npos) << "the run ended before the kill: " << killed.output;
    EXPECT_FALSE(Exists(out)) << "a killed run left OUT";
    ASSERT_TRUE(HoldsCheckpoint(dir));
    const auto resumed = RunCommand(OutOfCore(in, out) + " --resume '" + dir + "'");
    ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
    EXPECT_NE(resumed.output.find("resumed at round "), std::string::npos) << resumed.output;
    EXPECT_EQ(ReadText(ref), ReadText(out)) << "the resumed run's bytes differ from the uninterrupted run's";
    EXPECT_FALSE(HoldsCheckpoint(dir)) << "the checkpoint outlived the run";
    std::filesystem::remove_all(dir);
    std::filesystem::remove(out);
  }
}

TEST(CheckpointApps, WhatCannotBeResumedIsRefused) {
  TempDir tmp;
  const std::string g = tmp.file("g.gr"), other = tmp.file("other.gr"), dir = tmp.file("ck");
  WriteRandomDimacs(g, kVertices, 0.002, 5, false);
  WriteRandomDimacs(other, kVertices, 0.002, 6, false);
  std::filesystem::create_directory(dir);
  auto expect_refused = [&](const std::string& command, const std::string& why) {
    const auto r = RunCommand(command);
    EXPECT_EQ(r.exit_code, 2) << command << "\n" << r.output;
    EXPECT_NE(r.output.find(why), std::string::npos) << command << "\n" << r.output;
    EXPECT_FALSE(Exists(tmp.file("o.gdm"))) << command;
  };
  const std::string o = tmp.file("o.gdm");
  expect_refused(OutOfCore(g, o) + " --resume '" + dir + "'", "holds no checkpoint");
  expect_refused(OutOfCore(g, o) + " --checkpoint '" + g + "'", "is not a folder");
  expect_refused(App("gapsp") + " --backend cpu --checkpoint '" + dir + "' '" + g + "' '" + o + "'",
                 "only the out-of-core schedules take checkpoints, and this run is in core on the CPU");
  expect_refused(App("gapsp") + " --checkpoint-every 5 '" + g + "' '" + o + "'", "--checkpoint-every needs");
  expect_refused(App("gapsp") + " --algorithm dijkstra --checkpoint '" + dir + "' '" + g + "' '" + o + "'",
                 "only the out-of-core Floyd-Warshall takes checkpoints");

  // A checkpoint left by a killed run: another input, another block size, a damaged snapshot.
  const auto killed = KillAfterRound(tmp, OutOfCore(g, o) + " -q --checkpoint '" + dir + "'", dir, 1, 0);
  ASSERT_TRUE(HoldsCheckpoint(dir)) << killed.output;
  std::filesystem::remove(o);
  expect_refused(OutOfCore(g, o) + " --checkpoint '" + dir + "'", "holds a checkpoint; --resume");
  expect_refused(OutOfCore(other, o) + " --resume '" + dir + "'", "the checkpoint is of another input");
  // Under mpirun the ranks' checkpoint is another schedule's.
  if (RunCommand("command -v mpirun").exit_code == 0 &&
      RunCommand(App("gapsp") + " --version").output.find("MPI: built") != std::string::npos)
    expect_refused(Mpirun(2) + App("gapsp") + " --backend cpu --resume '" + dir + "' '" + g + "' '" + o + "'",
                   "the checkpoint is of the cpu-out-of-core schedule, this run is distributed");
  expect_refused(App("gapsp") + " --backend cpu --memory-limit 4M --resume '" + dir + "' '" + g + "' '" + o + "'",
                 "the checkpoint ran blocks of 256");
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().rfind("snapshot-", 0) == 0) {
      std::string bytes = ReadText(e.path().string());
      bytes[bytes.size() / 2] ^= 1;
      WriteText(e.path().string(), bytes);
    }
  expect_refused(OutOfCore(g, o) + " --resume '" + dir + "'", "the snapshot's checksum does not match");
}

}  // namespace
}  // namespace gdist::test
