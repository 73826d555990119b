#include <mpi.h>
#include <omp.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "lib/distributed/distributed_fw.hpp"
#include "lib/distributed/process_grid.hpp"
#include "lib/distributed/rank_tiles.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

constexpr std::size_t kB = 128;  // the tile of every engine (kTile)

void Check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw Error(std::string("MPI: ") + what + " failed");
}

// MPI counts are int: every message here is one tile row of a rank's tiles
// (kB x local width), far below 2 GiB for any matrix that fits a rank.
int Bytes(std::size_t bytes) {
  if (bytes > std::size_t(INT32_MAX)) throw Error("MPI: a panel message exceeds 2 GiB; use more ranks");
  return static_cast<int>(bytes);
}

template <class T> class DistributedRun {
 public:
  DistributedRun(const MpiSession& session, T* d, std::size_t stride, const DistributedOptions& options)
      : session_(session), d_(d), stride_(stride), options_(options) {
    tiles_.grid = ChooseProcessGrid(session.size());
    tiles_.pr = tiles_.grid.row_of(session.rank());
    tiles_.pc = tiles_.grid.col_of(session.rank());
    tiles_.tiles = stride / kB;
    lr_ = tiles_.local_rows();
    lc_ = tiles_.local_cols();
    ld_ = lc_ * kB;
    // Ranks of one grid row share their column-panel pieces, ranks of one grid column their row-panel pieces.
    Check(MPI_Comm_split(MPI_COMM_WORLD, tiles_.pr, tiles_.pc, &row_comm_), "MPI_Comm_split");
    Check(MPI_Comm_split(MPI_COMM_WORLD, tiles_.pc, tiles_.pr, &col_comm_), "MPI_Comm_split");
    // The rank's place on its host picks its GPU (one rank per GPU).
    MPI_Comm host_comm;
    Check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, session.rank(), MPI_INFO_NULL, &host_comm),
          "MPI_Comm_split_type");
    int local_rank = 0;
    MPI_Comm_rank(host_comm, &local_rank);
    MPI_Comm_free(&host_comm);
    engine_ =
        options.use_gpu ? MakeGpuRankTiles<T>(lr_, lc_, local_rank) : MakeCpuRankTiles<T>(lr_, lc_, options.threads);
    for (int s = 0; s < 2; ++s) {
      row_buf_[s].resize(kB * ld_);
      col_buf_[s].resize(lr_ * kB * kB);
    }
    diag_.resize(kB * kB);
  }
  ~DistributedRun() {
    MPI_Comm_free(&row_comm_);
    MPI_Comm_free(&col_comm_);
  }

  void Run() {
    {
      std::vector<T> packed(lr_ * kB * ld_);
      Pack(packed.data());
      engine_->Load(packed.data());
    }
    const auto t0 = std::chrono::steady_clock::now();
    const std::size_t rounds = tiles_.tiles;
    std::vector<MPI_Request> pending = Pivot(0, 0);
    Check(MPI_Waitall(int(pending.size()), pending.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    engine_->SetPanels(row_buf_[0].data(), col_buf_[0].data());
    for (std::size_t r = 0; r < rounds; ++r) {
      const int slot = int(r % 2);
      if (r + 1 < rounds) {
        // Look-ahead: row and column r+1 first, then round r+1's pivot work
        // and broadcasts, then the rest of round r while they travel.
        engine_->Update(Mask(r, 1), {});
        pending = Pivot(r + 1, 1 - slot);
        auto poll = [&pending] {
          int done = 0;
          MPI_Testall(int(pending.size()), pending.data(), &done, MPI_STATUSES_IGNORE);
        };
        engine_->Update(Mask(r, 2), poll);
        Check(MPI_Waitall(int(pending.size()), pending.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
        engine_->SetPanels(row_buf_[1 - slot].data(), col_buf_[1 - slot].data());
      } else {
        engine_->Update(Mask(r, 0), {});
      }
      if (options_.progress) Report(r + 1, rounds, t0);
    }
    std::vector<T> packed(lr_ * kB * ld_);
    engine_->Store(packed.data());
    Gather(packed.data());
  }

 private:
  // Round r's update of the local tiles off row/column r: part 0 all, 1 those
  // in row/column r+1, 2 the others.
  RankTileMask Mask(std::size_t r, int part) const {
    RankTileMask m;
    if (tiles_.owns_row(r)) m.skip_row = long(tiles_.local_row(r));
    if (tiles_.owns_col(r)) m.skip_col = long(tiles_.local_col(r));
    if (r + 1 < tiles_.tiles) {
      if (tiles_.owns_row(r + 1)) m.next_row = long(tiles_.local_row(r + 1));
      if (tiles_.owns_col(r + 1)) m.next_col = long(tiles_.local_col(r + 1));
    }
    m.part = part;
    return m;
  }

  // This rank's tiles of d, packed (lr*128 x ld).
  void Pack(T* packed) {
#pragma omp parallel for schedule(static)
    for (std::size_t a = 0; a < lr_; ++a)
      for (std::size_t b = 0; b < lc_; ++b) {
        const T* src = d_ + tiles_.global_row(a) * kB * stride_ + tiles_.global_col(b) * kB;
        T* dst = packed + a * kB * ld_ + b * kB;
        for (std::size_t q = 0; q < kB; ++q) std::memcpy(dst + q * ld_, src + q * stride_, kB * sizeof(T));
      }
  }

  // Round r's steps 1 and 2 on this rank, and its panel broadcasts posted
  // into buffer set `slot`. Returns the broadcasts' requests.
  std::vector<MPI_Request> Pivot(std::size_t r, int slot) {
    const int prow = int(r % tiles_.grid.rows), pcol = int(r % tiles_.grid.cols);
    const bool row_owner = tiles_.owns_row(r), col_owner = tiles_.owns_col(r);
    if (row_owner && col_owner) engine_->CloseDiagonal(tiles_.local_row(r), tiles_.local_col(r), diag_.data());
    // The closed pivot tile is small (64 KiB for int32) and every panel update
    // needs it: a blocking broadcast to all.
    Check(
        MPI_Bcast(diag_.data(), Bytes(kB * kB * sizeof(T)), MPI_BYTE, tiles_.grid.rank_at(prow, pcol), MPI_COMM_WORLD),
        "MPI_Bcast");
    if (row_owner || col_owner) engine_->SetPivot(diag_.data());
    if (row_owner) {
      const std::size_t a = tiles_.local_row(r);
      engine_->UpdateRowPanel(a, col_owner ? long(tiles_.local_col(r)) : -1);
      engine_->CopyRow(a, row_buf_[slot].data());
    }
    if (col_owner) {
      const std::size_t b = tiles_.local_col(r);
      engine_->UpdateColumnPanel(b, row_owner ? long(tiles_.local_row(r)) : -1);
      engine_->CopyColumn(b, col_buf_[slot].data());
    }
    std::vector<MPI_Request> req(2);
    Check(MPI_Ibcast(row_buf_[slot].data(), Bytes(kB * ld_ * sizeof(T)), MPI_BYTE, prow, col_comm_, &req[0]),
          "MPI_Ibcast");
    Check(MPI_Ibcast(col_buf_[slot].data(), Bytes(lr_ * kB * kB * sizeof(T)), MPI_BYTE, pcol, row_comm_, &req[1]),
          "MPI_Ibcast");
    return req;
  }

  // Every rank's tiles back into rank 0's matrix, one tile row per message.
  void Gather(const T* packed) {
    if (session_.rank() != 0) {
      for (std::size_t a = 0; a < lr_; ++a)
        Check(MPI_Send(packed + a * kB * ld_, Bytes(kB * ld_ * sizeof(T)), MPI_BYTE, 0, int(a), MPI_COMM_WORLD),
              "MPI_Send");
      return;
    }
    std::vector<T> rowbuf;
    for (int q = 0; q < session_.size(); ++q) {
      LocalTiles other = tiles_;
      other.pr = tiles_.grid.row_of(q);
      other.pc = tiles_.grid.col_of(q);
      const std::size_t width = other.local_cols() * kB;
      for (std::size_t a = 0; a < other.local_rows(); ++a) {
        const T* src;
        if (q == 0) {
          src = packed + a * kB * ld_;
        } else {
          rowbuf.resize(kB * width);
          Check(MPI_Recv(rowbuf.data(), Bytes(kB * width * sizeof(T)), MPI_BYTE, q, int(a), MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE),
                "MPI_Recv");
          src = rowbuf.data();
        }
        for (std::size_t b = 0; b < other.local_cols(); ++b) {
          T* dst = d_ + other.global_row(a) * kB * stride_ + other.global_col(b) * kB;
          for (std::size_t r = 0; r < kB; ++r) std::memcpy(dst + r * stride_, src + r * width + b * kB, kB * sizeof(T));
        }
      }
    }
  }

  void Report(std::size_t done, std::size_t rounds, std::chrono::steady_clock::time_point t0) {
    ApspProgress p;
    p.worker = session_.where() + " (" + engine_->name() + ")";
    p.schedule = "distributed";
    p.rounds_done = done;
    p.rounds_total = rounds;
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    p.relaxations = double(lr_ * kB) * double(lc_ * kB) * double(done * kB);
    p.relax_per_second = p.seconds > 0 ? p.relaxations / p.seconds : 0;
    if (options_.use_gpu)
      p.ceiling_relax_per_second = std::is_same_v<T, float> ? kH100CeilingFloat32 : kH100CeilingInt32;
    options_.progress(p);
  }

  const MpiSession& session_;
  T* d_;
  std::size_t stride_;
  DistributedOptions options_;
  LocalTiles tiles_;
  std::size_t lr_ = 0, lc_ = 0, ld_ = 0;
  MPI_Comm row_comm_ = MPI_COMM_NULL, col_comm_ = MPI_COMM_NULL;
  std::unique_ptr<RankTiles<T>> engine_;
  std::vector<T> row_buf_[2], col_buf_[2], diag_;
};

}  // namespace

void DistributedFloydWarshall(const MpiSession& session, void* d, std::size_t stride, ElementType type,
                              const DistributedOptions& options) {
  switch (type) {
    case ElementType::kInt32:
      return DistributedRun<std::int32_t>(session, static_cast<std::int32_t*>(d), stride, options).Run();
    case ElementType::kInt64:
      return DistributedRun<std::int64_t>(session, static_cast<std::int64_t*>(d), stride, options).Run();
    case ElementType::kFloat32: return DistributedRun<float>(session, static_cast<float*>(d), stride, options).Run();
    default: throw Error(std::string("distributed engine: no kernels for ") + ElementName(type));
  }
}

}  // namespace gdist
