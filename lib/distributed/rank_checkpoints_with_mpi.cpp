#include <mpi.h>

#include <exception>
#include <filesystem>

#include "lib/distributed/rank_checkpoints.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

constexpr const char* kSchedule = "distributed";

void Check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw Error(std::string("MPI: ") + what + " failed");
}

std::string Key(const char* what, int rank) { return std::string(what) + "." + std::to_string(rank); }

}  // namespace

void OnEveryRank(const std::function<void()>& body) {
  std::string error;
  try {
    body();
  } catch (const std::exception& e) {
    error = e.what();
    if (error.empty()) error = "error";
  }
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int mine = error.empty() ? size : rank, first = size;
  Check(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD), "MPI_Allreduce");
  if (first == size) return;
  unsigned long long length = error.size();
  Check(MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, first, MPI_COMM_WORLD), "MPI_Bcast");
  error.resize(length);
  Check(MPI_Bcast(error.data(), int(length), MPI_CHAR, first, MPI_COMM_WORLD), "MPI_Bcast");
  throw Error(error);
}

RankCheckpoints::RankCheckpoints(const CheckpointOptions& options, int rank, int ranks, const ProcessGrid& grid,
                                 ElementType type, std::size_t stride, const void* local, std::size_t bytes)
    : options_(options), rank_(rank), ranks_(ranks), grid_(grid), type_(type), stride_(stride), bytes_(bytes) {
  // Rank 0 checks the folder (and clears a killed save's temporaries) while no rank writes.
  std::string text;
  OnEveryRank([&] {
    if (rank_ == 0) {
      const CheckpointState state = OpenCheckpointFolder(options_);
      if (!state.empty()) text = state.Text();
    }
  });
  unsigned long long length = text.size();
  Check(MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD), "MPI_Bcast");
  text.resize(length);
  Check(MPI_Bcast(text.data(), int(length), MPI_CHAR, 0, MPI_COMM_WORLD), "MPI_Bcast");
  // Every rank's input checksum, on rank 0 for the state file.
  const std::uint32_t crc = ParallelCrc32(local, bytes_);
  input_crcs_.assign(rank_ == 0 ? std::size_t(ranks_) : 1, crc);
  Check(MPI_Gather(&crc, 1, MPI_UINT32_T, input_crcs_.data(), 1, MPI_UINT32_T, 0, MPI_COMM_WORLD), "MPI_Gather");
  if (!options_.resume) {
    last_save_s_ = SteadySeconds();
    return;
  }
  OnEveryRank([&] {
    const CheckpointState state =
        CheckpointState::Parse(text, (std::filesystem::path(options_.dir) / "checkpoint.txt").string());
    RequireSchedule(state, kSchedule);
    if (state.Number("ranks") != std::uint64_t(ranks_) || state.Number("grid_rows") != std::uint64_t(grid_.rows) ||
        state.Number("grid_cols") != std::uint64_t(grid_.cols))
      throw Error(state.path() + ": the checkpoint was saved by " + state.Get("ranks") + " MPI ranks (a " +
                  state.Get("grid_rows") + " x " + state.Get("grid_cols") + " grid), this run has " +
                  std::to_string(ranks_) + " (a " + std::to_string(grid_.rows) + " x " + std::to_string(grid_.cols) +
                  " grid): resume it with as many ranks");
    if (state.Get("type") != ElementName(type_) || state.Number("stride") != stride_)
      throw Error(state.path() + ": the checkpoint is of another matrix (type or size), not of this input");
    if (state.Number(Key("input_crc", rank_)) != crc)
      throw Error(state.path() + ": the checkpoint is of another input (rank " + std::to_string(rank_) +
                  "'s tiles differ)");
    first_round_ = state.Number("round");
    if (first_round_ > state.Number("rounds") || state.Number("rounds") != stride_ / kTile)
      throw Error(state.path() + ": round " + std::to_string(first_round_) + " of " + state.Get("rounds"));
    snapshot_ = SnapshotField(state, Key("snapshot", rank_));
    snapshot_crc_ = static_cast<std::uint32_t>(state.Number(Key("snapshot_crc", rank_)));
  });
  last_save_s_ = SteadySeconds();
}

void RankCheckpoints::Restore(void* local) const {
  OnEveryRank([&] { LoadSnapshot(options_.dir, snapshot_, local, bytes_, snapshot_crc_); });
}

bool RankCheckpoints::Due() const {
  int due = rank_ == 0 && SteadySeconds() - last_save_s_ >= options_.every_s ? 1 : 0;
  Check(MPI_Bcast(&due, 1, MPI_INT, 0, MPI_COMM_WORLD), "MPI_Bcast");
  return due == 1;
}

void RankCheckpoints::Save(std::size_t next_round, const void* local) {
  const std::string name = SnapshotName(next_round, rank_);
  std::uint32_t crc = 0;
  // Every rank's snapshot durable before the state names any of them.
  OnEveryRank([&] { crc = SaveSnapshot(options_.dir, name, local, bytes_); });
  std::vector<std::uint32_t> crcs(rank_ == 0 ? std::size_t(ranks_) : 1);
  Check(MPI_Gather(&crc, 1, MPI_UINT32_T, crcs.data(), 1, MPI_UINT32_T, 0, MPI_COMM_WORLD), "MPI_Gather");
  OnEveryRank([&] {
    if (rank_ != 0) return;
    CheckpointState state;
    state.Set("schedule", kSchedule);
    state.Set("type", ElementName(type_));
    state.Set("stride", stride_);
    state.Set("ranks", std::uint64_t(ranks_));
    state.Set("grid_rows", std::uint64_t(grid_.rows));
    state.Set("grid_cols", std::uint64_t(grid_.cols));
    state.Set("rounds", stride_ / kTile);
    state.Set("round", next_round);
    for (int q = 0; q < ranks_; ++q) {
      state.Set(Key("input_crc", q), input_crcs_[q]);
      state.Set(Key("snapshot", q), SnapshotName(next_round, q));
      state.Set(Key("snapshot_crc", q), crcs[q]);
    }
    state.Commit(options_.dir);
  });
  // The state names the new snapshots now: the ones before may go.
  if (!snapshot_.empty() && snapshot_ != name) RemoveSnapshot(options_.dir, snapshot_);
  snapshot_ = name;
  snapshot_crc_ = crc;
  last_save_s_ = SteadySeconds();
}

}  // namespace gdist
