#include <mpi.h>
#include <omp.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/cpu/tile_kernels.hpp"
#include "lib/distributed/distributed_fw.hpp"
#include "lib/distributed/process_grid.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

constexpr std::size_t kB = cpu::kCpuTile;

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
  DistributedRun(const MpiSession& session, T* d, std::size_t stride, int threads, const ProgressFn& progress)
      : session_(session), d_(d), stride_(stride), threads_(threads > 0 ? threads : omp_get_max_threads()),
        progress_(progress), k_(ActiveCpuTileKernels<T>()) {
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
    local_ = PageBuffer(lr_ * kB * ld_ * sizeof(T));
    for (int s = 0; s < 2; ++s) {
      row_buf_[s].resize(kB * ld_);
      col_buf_[s].resize(lr_ * kB * kB);
    }
    diag_.resize(kB * kB);
    pivot_.resize(kB * ld_);
    scratch_.resize(std::size_t(threads_) * kB * ld_);
  }
  ~DistributedRun() {
    MPI_Comm_free(&row_comm_);
    MPI_Comm_free(&col_comm_);
  }

  void Run() {
    Scatter();
    const auto t0 = std::chrono::steady_clock::now();
    const std::size_t rounds = tiles_.tiles;
    std::vector<MPI_Request> pending = Pivot(0, 0);
    Check(MPI_Waitall(int(pending.size()), pending.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    for (std::size_t r = 0; r < rounds; ++r) {
      const int slot = int(r % 2);
      if (r + 1 < rounds) {
        // Look-ahead: row and column r+1 first, then round r+1's pivot work
        // and broadcasts, then the rest of round r while they travel.
        Update(r, slot, Part::kNext, nullptr);
        pending = Pivot(r + 1, 1 - slot);
        Update(r, slot, Part::kRest, &pending);
        Check(MPI_Waitall(int(pending.size()), pending.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
      } else {
        Update(r, slot, Part::kAll, nullptr);
      }
      if (progress_) Report(r + 1, rounds, t0);
    }
    Gather();
  }

 private:
  enum class Part { kNext, kRest, kAll };

  T* LocalTile(std::size_t a, std::size_t b) { return static_cast<T*>(local_.data()) + a * kB * ld_ + b * kB; }

  void Scatter() {
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (std::size_t a = 0; a < lr_; ++a)
      for (std::size_t b = 0; b < lc_; ++b) {
        const T* src = d_ + tiles_.global_row(a) * kB * stride_ + tiles_.global_col(b) * kB;
        T* dst = LocalTile(a, b);
        for (std::size_t q = 0; q < kB; ++q) std::memcpy(dst + q * ld_, src + q * stride_, kB * sizeof(T));
      }
  }

  // Round r's steps 1 and 2 on this rank, and its panel broadcasts posted
  // into buffer set `slot`. Returns the broadcasts' requests.
  std::vector<MPI_Request> Pivot(std::size_t r, int slot) {
    const int prow = int(r % tiles_.grid.rows), pcol = int(r % tiles_.grid.cols);
    const bool row_owner = tiles_.owns_row(r), col_owner = tiles_.owns_col(r);
    if (row_owner && col_owner) {
      T* t = LocalTile(tiles_.local_row(r), tiles_.local_col(r));
      k_.close_diagonal(t, ld_);
      for (std::size_t q = 0; q < kB; ++q) std::memcpy(diag_.data() + q * kB, t + q * ld_, kB * sizeof(T));
    }
    // The closed pivot tile is small (64 KiB for int32) and every panel update
    // needs it: a blocking broadcast to all.
    Check(MPI_Bcast(diag_.data(), Bytes(kB * kB * sizeof(T)), MPI_BYTE, tiles_.grid.rank_at(prow, pcol),
                    MPI_COMM_WORLD),
          "MPI_Bcast");
    if (ld_ > 0)
      for (std::size_t q = 0; q < kB; ++q) std::memcpy(pivot_.data() + q * ld_, diag_.data() + q * kB, kB * sizeof(T));
    if (row_owner) {
      const std::size_t a = tiles_.local_row(r);
#pragma omp parallel for schedule(dynamic) num_threads(threads_)
      for (std::size_t b = 0; b < lc_; ++b)
        if (tiles_.global_col(b) != r) k_.min_plus(LocalTile(a, b), pivot_.data(), LocalTile(a, b), ld_);
    }
    if (col_owner) {
      const std::size_t b = tiles_.local_col(r);
#pragma omp parallel for schedule(dynamic) num_threads(threads_)
      for (std::size_t a = 0; a < lr_; ++a) {
        if (tiles_.global_row(a) != r) k_.min_plus(LocalTile(a, b), LocalTile(a, b), pivot_.data(), ld_);
        T* dst = col_buf_[slot].data() + a * kB * kB;
        const T* src = LocalTile(a, b);
        for (std::size_t q = 0; q < kB; ++q) std::memcpy(dst + q * kB, src + q * ld_, kB * sizeof(T));
      }
    }
    std::vector<MPI_Request> req(2);
    // Row panel: this rank's tiles of row r, one contiguous slice of the
    // owner's local matrix (left untouched until the broadcast completes).
    T* row = row_owner ? LocalTile(tiles_.local_row(r), 0) : row_buf_[slot].data();
    Check(MPI_Ibcast(row, Bytes(kB * ld_ * sizeof(T)), MPI_BYTE, prow, col_comm_, &req[0]), "MPI_Ibcast");
    Check(MPI_Ibcast(col_buf_[slot].data(), Bytes(lr_ * kB * kB * sizeof(T)), MPI_BYTE, pcol, row_comm_, &req[1]),
          "MPI_Ibcast");
    row_panel_[slot] = row;
    return req;
  }

  // Step 3 of round r on this rank's tiles off row/column r: all of them, or
  // those in row/column r+1 (kNext), or the others (kRest). While `pending`
  // broadcasts travel, the main thread tests them between tile rows so that
  // MPI makes progress.
  void Update(std::size_t r, int slot, Part part, std::vector<MPI_Request>* pending) {
    const T* row = row_panel_[slot];
    const T* col = col_buf_[slot].data();
#pragma omp parallel for schedule(dynamic) num_threads(threads_)
    for (std::size_t a = 0; a < lr_; ++a) {
      if (pending && omp_get_thread_num() == 0) {
        int done = 0;
        MPI_Testall(int(pending->size()), pending->data(), &done, MPI_STATUSES_IGNORE);
      }
      const std::size_t i = tiles_.global_row(a);
      if (i == r) continue;
      // The tile (i, r) with the local matrix's row pitch, as the kernels take one stride.
      T* a_tile = scratch_.data() + std::size_t(omp_get_thread_num()) * kB * ld_;
      bool copied = false;
      for (std::size_t b = 0; b < lc_; ++b) {
        const std::size_t j = tiles_.global_col(b);
        if (j == r) continue;
        const bool next = i == r + 1 || j == r + 1;
        if ((part == Part::kNext && !next) || (part == Part::kRest && next)) continue;
        if (!copied) {
          for (std::size_t q = 0; q < kB; ++q)
            std::memcpy(a_tile + q * ld_, col + a * kB * kB + q * kB, kB * sizeof(T));
          copied = true;
        }
        k_.min_plus(LocalTile(a, b), a_tile, row + b * kB, ld_);
      }
    }
  }

  // Every rank's tiles back into rank 0's matrix, one tile row per message.
  void Gather() {
    if (session_.rank() != 0) {
      for (std::size_t a = 0; a < lr_; ++a)
        Check(MPI_Send(LocalTile(a, 0), Bytes(kB * ld_ * sizeof(T)), MPI_BYTE, 0, int(a), MPI_COMM_WORLD), "MPI_Send");
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
          src = LocalTile(a, 0);
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
    p.worker = session_.where() + " (cpu)";
    p.schedule = "distributed";
    p.rounds_done = done;
    p.rounds_total = rounds;
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    p.relaxations = double(lr_ * kB) * double(lc_ * kB) * double(done * kB);
    p.relax_per_second = p.seconds > 0 ? p.relaxations / p.seconds : 0;
    progress_(p);
  }

  const MpiSession& session_;
  T* d_;
  std::size_t stride_;
  int threads_;
  ProgressFn progress_;
  cpu::TileKernels<T> k_;
  LocalTiles tiles_;
  std::size_t lr_ = 0, lc_ = 0, ld_ = 0;
  MPI_Comm row_comm_ = MPI_COMM_NULL, col_comm_ = MPI_COMM_NULL;
  PageBuffer local_;
  std::vector<T> row_buf_[2], col_buf_[2], diag_, pivot_, scratch_;
  T* row_panel_[2] = {nullptr, nullptr};
};

}  // namespace

void DistributedFloydWarshall(const MpiSession& session, void* d, std::size_t stride, ElementType type, int threads,
                              const ProgressFn& progress) {
  switch (type) {
    case ElementType::kInt32:
      return DistributedRun<std::int32_t>(session, static_cast<std::int32_t*>(d), stride, threads, progress).Run();
    case ElementType::kInt64:
      return DistributedRun<std::int64_t>(session, static_cast<std::int64_t*>(d), stride, threads, progress).Run();
    case ElementType::kFloat32:
      return DistributedRun<float>(session, static_cast<float*>(d), stride, threads, progress).Run();
    default: throw Error(std::string("distributed engine: no kernels for ") + ElementName(type));
  }
}

}  // namespace gdist
