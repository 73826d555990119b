// Checkpoints of a long Floyd-Warshall run (the CPU and GPU out-of-core
// schedules, and the distributed one): at a round boundary, once `every_s`
// seconds of work have passed since the last one, the state is saved to DIR
// as a snapshot (the whole matrix; a rank's tiles under MPI), and a small
// state file names it with the round the run goes on from. A run killed at
// any point (SIGKILL included) resumes from the last snapshot to the bytes of
// an uninterrupted run: the snapshot is the exact state after that round, and
// the rounds are deterministic. The state file is replaced only after its
// snapshots are complete (temp + fsync + rename, both), so it always names
// whole snapshots; a checkpoint of another input or another schedule is
// refused. Whole snapshots, rather than the live matrix file, because a round
// killed half-way leaves a mixed state that only integer arithmetic forgives.
//
// The pieces (one state-file format for every schedule): CheckpointState (the
// state file), OpenCheckpointFolder (the folder checks before any work),
// SaveSnapshot / LoadSnapshot (a snapshot file and its crc32). RoundCheckpoints
// composes them for a schedule whose state between rounds is one host matrix;
// the distributed schedule composes them per rank (lib/distributed).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/util/steady_seconds.hpp"  // SteadySeconds: the interval's clock

namespace gdist {

struct CheckpointOptions {
  std::string dir;       // empty: no checkpoints
  bool resume = false;   // go on from the checkpoint in dir (else dir must hold none)
  double every_s = 300;  // seconds of work between checkpoints (0: after every round)
};

// The state file, DIR/checkpoint.txt: "gdist-checkpoint 1", then one
// "key value" line per field, in the order they were set.
class CheckpointState {
 public:
  // The text of a state file; `path` names it in messages. Throws gdist::Error.
  static CheckpointState Parse(const std::string& text, const std::string& path);
  std::string Text() const;
  bool empty() const { return fields_.empty(); }
  const std::string& path() const { return path_; }

  void Set(const std::string& key, const std::string& value);
  void Set(const std::string& key, std::uint64_t value) { Set(key, std::to_string(value)); }
  // The field, or "" when absent.
  std::string Get(const std::string& key) const;
  // A field that must be a whole number (throws naming the file and the key).
  std::uint64_t Number(const std::string& key) const;
  // Replaces DIR's state file with this one (temp + fsync + rename).
  void Commit(const std::string& dir) const;

 private:
  std::string path_;
  std::vector<std::pair<std::string, std::string>> fields_;
};

// Checks options.dir before any work: a folder; a fresh run refuses one that
// holds a checkpoint, a resumed one a folder without one. Removes what a
// killed save left half-written. Returns the state (empty for a fresh run).
// Throws gdist::Error.
CheckpointState OpenCheckpointFolder(const CheckpointOptions& options);

// Refuses a checkpoint of another schedule: the state's "schedule" field
// (names such as "cpu-out-of-core", "distributed") must be `schedule`.
void RequireSchedule(const CheckpointState& state, const std::string& schedule);

// A snapshot's file name: "snapshot-R.bin", or "snapshot-R-rank-Q.bin" for a rank's tiles.
std::string SnapshotName(std::size_t round, int rank = -1);
// Writes bytes to DIR/name durably (temp + fsync + rename); returns their crc32.
std::uint32_t SaveSnapshot(const std::string& dir, const std::string& name, const void* data, std::size_t bytes);
// Reads DIR/name into data: exactly `bytes` bytes whose crc32 is `crc`, else throws.
void LoadSnapshot(const std::string& dir, const std::string& name, void* data, std::size_t bytes, std::uint32_t crc);
// Removes DIR/name (a snapshot the state no longer names); no error when absent.
void RemoveSnapshot(const std::string& dir, const std::string& name);
// A field naming a snapshot file (no folder part), else throws.
std::string SnapshotField(const CheckpointState& state, const std::string& key);

// One run's checkpoints in options.dir, for a schedule whose state between
// rounds is the whole host matrix (the out-of-core ones; `schedule` names it,
// e.g. "cpu-out-of-core"). The constructor checks the folder before any work
// (OpenCheckpointFolder), and a resumed run refuses a checkpoint of another
// schedule, input (the adjacency's crc32), element type, size or block side.
// Throws gdist::Error.
class RoundCheckpoints {
 public:
  RoundCheckpoints(const CheckpointOptions& options, const std::string& schedule, ElementType type,
                   const void* adjacency, std::size_t stride, std::size_t side, std::size_t rounds);
  std::size_t first_round() const { return first_round_; }  // 0, or where the checkpoint goes on
  // Resumed runs: the snapshot into d (stride x stride), its checksum checked.
  void Restore(void* d) const;
  // True when a checkpoint is due at this round boundary.
  bool Due() const;
  // Saves d, the state after the rounds before next_round.
  void Save(std::size_t next_round, const void* d);

 private:
  CheckpointOptions options_;
  std::string schedule_;
  ElementType type_;
  std::size_t stride_, side_, rounds_, bytes_;
  std::uint32_t input_crc_ = 0;
  std::size_t first_round_ = 0;
  std::string snapshot_;  // the current snapshot's file name in dir ("" before the first)
  std::uint32_t snapshot_crc_ = 0;
  double last_save_s_ = 0;
};

// After the run's outputs are committed: the state file, then the snapshots.
void RemoveCheckpoint(const std::string& dir);

}  // namespace gdist
