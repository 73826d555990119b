// Checkpoints of a long Floyd-Warshall run (the CPU out-of-core schedule):
// at a round boundary, once `every_s` seconds of work have passed since the
// last one, the whole matrix is saved to DIR as a snapshot, and a small state
// file names it with the round the run goes on from. A run killed at any point
// (SIGKILL included) resumes from the last snapshot to the bytes of an
// uninterrupted run: the snapshot is the exact state after that round, and
// the rounds are deterministic. The state file is replaced only after its
// snapshot is complete (temp + fsync + rename, both), so it always names a
// whole snapshot; a checkpoint of another input or another schedule is
// refused. Whole snapshots, rather than the live matrix file, because a round
// killed half-way leaves a mixed state that only integer arithmetic forgives.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "lib/core/element_traits.hpp"

namespace gdist {

struct CheckpointOptions {
  std::string dir;       // empty: no checkpoints
  bool resume = false;   // go on from the checkpoint in dir (else dir must hold none)
  double every_s = 300;  // seconds of work between checkpoints (0: after every round)
};

// One run's checkpoints in options.dir. The constructor checks the folder
// before any work: a fresh run refuses a folder that holds a checkpoint, a
// resumed one a folder without one, or one of another input (the adjacency's
// crc32), element type, size or block schedule. Throws gdist::Error.
class RoundCheckpoints {
 public:
  RoundCheckpoints(const CheckpointOptions& options, ElementType type, const void* adjacency, std::size_t stride,
                   std::size_t side, std::size_t rounds);
  std::size_t first_round() const { return first_round_; }  // 0, or where the checkpoint goes on
  // Resumed runs: the snapshot into d (stride x stride), its checksum checked.
  void Restore(void* d) const;
  // True when a checkpoint is due at this round boundary.
  bool Due() const;
  // Saves d, the state after the rounds before next_round.
  void Save(std::size_t next_round, const void* d);

 private:
  CheckpointOptions options_;
  ElementType type_;
  std::size_t stride_, side_, rounds_, bytes_;
  std::uint32_t input_crc_ = 0;
  std::size_t first_round_ = 0;
  std::string snapshot_;  // the current snapshot's file name in dir ("" before the first)
  std::uint32_t snapshot_crc_ = 0;
  double last_save_s_ = 0;
};

// After the run's outputs are committed: the state file and the snapshots go.
void RemoveCheckpoint(const std::string& dir);

}  // namespace gdist
