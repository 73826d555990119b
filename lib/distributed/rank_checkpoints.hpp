// Checkpoints of the distributed schedule: lib/engine/checkpoint.hpp's
// pieces (one state-file format), per rank. At a round boundary that every
// rank agrees on (rank 0's clock decides, broadcast), each rank saves its
// packed tiles as its own snapshot (DIR/snapshot-R-rank-Q.bin, temp + fsync +
// rename); only once every rank's snapshot is durable (an agreement, itself a
// barrier) does rank 0 replace the state file naming round R and every
// rank's snapshot and checksum; only after that does any rank remove its
// snapshot of the round before. A kill at any moment thus leaves a state file
// naming whole snapshots of one round. DIR must be one folder for all ranks
// (shared storage across hosts).
//
// A resumed run needs the same number of ranks and process grid, element
// type, size and input (each rank's tiles as loaded or built: their crc32);
// anything else, or a damaged snapshot, is refused by every rank with the
// same message (the first refusing rank's), so no rank waits on another.
// Implemented in rank_checkpoints_with_mpi.cpp (builds with MPI only).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "lib/distributed/process_grid.hpp"
#include "lib/engine/checkpoint.hpp"

namespace gdist {

// Runs body on every rank, then agrees: when it threw on any rank, every rank
// throws gdist::Error with the lowest such rank's message. Every rank together.
void OnEveryRank(const std::function<void()>& body);

class RankCheckpoints {
 public:
  // Every rank together; local: this rank's tiles as loaded or built (bytes of them).
  RankCheckpoints(const CheckpointOptions& options, int rank, int ranks, const ProcessGrid& grid, ElementType type,
                  std::size_t stride, const void* local, std::size_t bytes);
  std::size_t first_round() const { return first_round_; }  // 0, or the round the checkpoint goes on from
  // Every rank together: the rank's snapshot into local.
  void Restore(void* local) const;
  // Every rank together; the same answer on all (rank 0's clock).
  bool Due() const;
  // Every rank together: local is this rank's tiles after the rounds before next_round.
  void Save(std::size_t next_round, const void* local);

 private:
  CheckpointOptions options_;
  int rank_, ranks_;
  ProcessGrid grid_;
  ElementType type_;
  std::size_t stride_, bytes_;
  std::vector<std::uint32_t> input_crcs_;  // every rank's (rank 0); this rank's in [0] elsewhere
  std::size_t first_round_ = 0;
  std::string snapshot_;  // this rank's current snapshot ("" before the first)
  std::uint32_t snapshot_crc_ = 0;
  double last_save_s_ = 0;
};

}  // namespace gdist
