#include <omp.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/cpu/tile_kernels.hpp"
#include "lib/distributed/rank_tiles.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/matrix/page_buffer.hpp"

namespace gdist {
namespace {

constexpr std::size_t kB = cpu::kCpuTile;

template <class T> class CpuRankTiles final : public RankTiles<T> {
 public:
  CpuRankTiles(std::size_t lr, std::size_t lc, int threads)
      : lr_(lr),
        lc_(lc),
        ld_(lc * kB),
        threads_(threads > 0 ? threads : omp_get_max_threads()),
        k_(ActiveCpuTileKernels<T>()),
        local_(lr * kB * lc * kB * sizeof(T)),
        pivot_(kB * ld_),
        scratch_(std::size_t(threads_) * kB * ld_) {}

  std::string name() const override { return "cpu"; }
  void Load(const T* host) override { std::memcpy(local_.data(), host, lr_ * kB * ld_ * sizeof(T)); }
  void Store(T* host) override { std::memcpy(host, local_.data(), lr_ * kB * ld_ * sizeof(T)); }
  void CloseDiagonal(std::size_t a, std::size_t b, T* out) override {
    T* t = Tile(a, b);
    k_.close_diagonal(t, ld_);
    for (std::size_t q = 0; q < kB; ++q) std::memcpy(out + q * kB, t + q * ld_, kB * sizeof(T));
  }
  void SetPivot(const T* p) override {
    // With the local matrix's row pitch, as the kernels take one stride.
    for (std::size_t q = 0; q < kB; ++q) std::memcpy(pivot_.data() + q * ld_, p + q * kB, kB * sizeof(T));
  }
  void UpdateRowPanel(std::size_t a, long skip_b) override {
#pragma omp parallel for schedule(dynamic) num_threads(threads_)
    for (std::size_t b = 0; b < lc_; ++b)
      if (long(b) != skip_b) k_.min_plus(Tile(a, b), pivot_.data(), Tile(a, b), ld_);
  }
  void UpdateColumnPanel(std::size_t b, long skip_a) override {
#pragma omp parallel for schedule(dynamic) num_threads(threads_)
    for (std::size_t a = 0; a < lr_; ++a)
      if (long(a) != skip_a) k_.min_plus(Tile(a, b), Tile(a, b), pivot_.data(), ld_);
  }
  void CopyRow(std::size_t a, T* dst) override { std::memcpy(dst, Tile(a, 0), kB * ld_ * sizeof(T)); }
  void CopyColumn(std::size_t b, T* dst) override {
    for (std::size_t a = 0; a < lr_; ++a)
      for (std::size_t q = 0; q < kB; ++q) std::memcpy(dst + (a * kB + q) * kB, Tile(a, b) + q * ld_, kB * sizeof(T));
  }
  void SetPanels(const T* row, const T* column) override {
    row_ = row;
    column_ = column;
  }
  void Update(const RankTileMask& m, const std::function<void()>& poll) override {
#pragma omp parallel for schedule(dynamic) num_threads(threads_)
    for (std::size_t a = 0; a < lr_; ++a) {
      if (poll && omp_get_thread_num() == 0) poll();
      if (long(a) == m.skip_row) continue;
      // Tile (a, r) of the column panel with the local row pitch.
      T* a_tile = scratch_.data() + std::size_t(omp_get_thread_num()) * kB * ld_;
      bool copied = false;
      for (std::size_t b = 0; b < lc_; ++b) {
        if (long(b) == m.skip_col) continue;
        const bool next = long(a) == m.next_row || long(b) == m.next_col;
        if ((m.part == 1 && !next) || (m.part == 2 && next)) continue;
        if (!copied) {
          for (std::size_t q = 0; q < kB; ++q)
            std::memcpy(a_tile + q * ld_, column_ + (a * kB + q) * kB, kB * sizeof(T));
          copied = true;
        }
        k_.min_plus(Tile(a, b), a_tile, row_ + b * kB, ld_);
      }
    }
  }

 private:
  T* Tile(std::size_t a, std::size_t b) { return static_cast<T*>(local_.data()) + a * kB * ld_ + b * kB; }

  std::size_t lr_, lc_, ld_;
  int threads_;
  cpu::TileKernels<T> k_;
  PageBuffer local_;
  std::vector<T> pivot_, scratch_;
  const T* row_ = nullptr;
  const T* column_ = nullptr;
};

}  // namespace

template <class T> std::unique_ptr<RankTiles<T>> MakeCpuRankTiles(std::size_t lr, std::size_t lc, int threads) {
  return std::make_unique<CpuRankTiles<T>>(lr, lc, threads);
}
template std::unique_ptr<RankTiles<std::int32_t>> MakeCpuRankTiles(std::size_t, std::size_t, int);
template std::unique_ptr<RankTiles<std::int64_t>> MakeCpuRankTiles(std::size_t, std::size_t, int);
template std::unique_ptr<RankTiles<float>> MakeCpuRankTiles(std::size_t, std::size_t, int);

}  // namespace gdist
