// The checkpoints' shared pieces (lib/engine/checkpoint.hpp), on the CPU:
// the state file's format (fields in order, numbers checked, a foreign
// schedule refused), the snapshot's size and checksum checks, and SolveApsp's
// CPU out-of-core run stopped after a random saved round (an exception from
// the progress callback, in-process) resuming to the bytes of an
// uninterrupted run: the same path the GPU out-of-core schedule takes
// (tests/gpu/gpu_out_of_core_test.cpp runs it there).
#include "lib/engine/checkpoint.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "lib/engine/apsp.hpp"
#include "lib/util/error.hpp"
#include "tests/engine/checkpoint_trials.hpp"
#include "tests/engine/test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

TEST(Checkpoint, StateFileKeepsItsFieldsInOrderAndChecksNumbers) {
  CheckpointState s;
  s.Set("schedule", "distributed");
  s.Set("round", std::uint64_t{7});
  s.Set("snapshot.0", "snapshot-7-rank-0.bin");
  s.Set("round", std::uint64_t{8});  // replaced in place
  EXPECT_EQ(s.Text(), "gdist-checkpoint 1\nschedule distributed\nround 8\nsnapshot.0 snapshot-7-rank-0.bin\n");
  const CheckpointState back = CheckpointState::Parse(s.Text(), "ck/checkpoint.txt");
  EXPECT_EQ(back.Text(), s.Text());
  EXPECT_EQ(back.Number("round"), 8u);
  EXPECT_EQ(back.Get("absent"), "");
  EXPECT_THROW(back.Number("schedule"), Error);
  EXPECT_THROW(back.Number("absent"), Error);
  EXPECT_NO_THROW(RequireSchedule(back, "distributed"));
  try {
    RequireSchedule(back, "cpu-out-of-core");
    FAIL() << "a foreign schedule passed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("the checkpoint is of the distributed schedule, this run is cpu-out-of-core"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(SnapshotField(back, "snapshot.0"), "snapshot-7-rank-0.bin");
  CheckpointState bad = back;
  bad.Set("snapshot.1", "../etc/passwd");
  EXPECT_THROW(SnapshotField(bad, "snapshot.1"), Error);
  EXPECT_THROW(CheckpointState::Parse("gdist-checkpoint 2\nround 1\n", "x"), Error);
  EXPECT_THROW(CheckpointState::Parse("gdist-checkpoint 1\nround\n", "x"), Error);
  EXPECT_THROW(CheckpointState::Parse("gdist-checkpoint 1\n", "x"), Error);
  CheckpointState negative;
  negative.Set("round", "-1");
  EXPECT_THROW(negative.Number("round"), Error);
  EXPECT_EQ(SnapshotName(3), "snapshot-3.bin");
  EXPECT_EQ(SnapshotName(3, 2), "snapshot-3-rank-2.bin");
}

TEST(Checkpoint, SnapshotsAreCheckedForSizeAndChecksum) {
  test::TempDir tmp;
  const std::string dir = tmp.file("ck");
  std::filesystem::create_directory(dir);
  std::vector<std::int32_t> data(1000);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = std::int32_t(i * 7);
  const std::uint32_t crc = SaveSnapshot(dir, SnapshotName(1, 0), data.data(), data.size() * 4);
  std::vector<std::int32_t> back(1000);
  LoadSnapshot(dir, SnapshotName(1, 0), back.data(), back.size() * 4, crc);
  EXPECT_EQ(back, data);
  EXPECT_THROW(LoadSnapshot(dir, SnapshotName(1, 0), back.data(), back.size() * 4, crc ^ 1), Error);
  EXPECT_THROW(LoadSnapshot(dir, SnapshotName(1, 0), back.data(), back.size() * 4 - 4, crc), Error);
  EXPECT_THROW(LoadSnapshot(dir, SnapshotName(2, 0), back.data(), back.size() * 4, crc), Error);
  // A fresh run refuses a folder with a state; a resumed one a folder without.
  EXPECT_THROW(OpenCheckpointFolder({dir, true, 0}), Error);
  EXPECT_TRUE(OpenCheckpointFolder({dir, false, 0}).empty());
  CheckpointState s;
  s.Set("schedule", "x");
  s.Commit(dir);
  EXPECT_THROW(OpenCheckpointFolder({dir, false, 0}), Error);
  EXPECT_EQ(OpenCheckpointFolder({dir, true, 0}).Get("schedule"), "x");
  RemoveCheckpoint(dir);
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

TEST(Checkpoint, CpuOutOfCoreStoppedAfterARandomRoundResumesToTheSameBytes) {
  const std::uint64_t seed = test::FreshSeed();
  // 1000 vertices: stride 1024; 256 KiB of memory gives blocks of 128, 8 rounds.
  test::StopAndResume<std::int32_t>(Backend::kCpu, 1000, 256 << 10, 0, seed);
  test::StopAndResume<float>(Backend::kCpu, 900, 256 << 10, 0, seed + 1);
  test::StopAndResume<std::int64_t>(Backend::kCpu, 700, 512 << 10, 0, seed + 2);
}

}  // namespace
}  // namespace gdist
