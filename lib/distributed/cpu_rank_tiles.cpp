#include <omp.h>

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernels/cpu/tile_kernels.hpp"
#include "lib/core/range_check.hpp"
#include "lib/distributed/rank_tiles.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/summary.hpp"

namespace gdist {
namespace {

constexpr std::size_t kB = cpu::kCpuTile;

// Both lanes are the calling thread: ForkSide / JoinSide order nothing.
template <class T> class CpuRankTiles final : public RankTiles<T> {
 public:
  CpuRankTiles(const LocalTiles& tiles, int threads)
      : tiles_(tiles),
        lr_(tiles.local_rows()),
        lc_(tiles.local_cols()),
        ld_(lc_ * kB),
        threads_(threads > 0 ? threads : omp_get_max_threads()),
        k_(ActiveCpuTileKernels<T>()),
        local_(lr_ * kB * lc_ * kB * sizeof(T)),
        pivot_(kB * kB),
        pivot_pitched_(kB * ld_),
        scratch_(std::size_t(threads_) * kB * ld_) {
    for (int s = 0; s < 2; ++s) {
      row_[s].resize(kB * ld_);
      column_[s].resize(lr_ * kB * kB);
    }
  }

  std::string name() const override { return "cpu"; }
  bool on_gpu() const override { return false; }
  void* side_stream() override { return nullptr; }
  void BindThread() override {}
  T* pivot() override { return pivot_.data(); }
  T* row_panel(int slot) override { return row_[slot].data(); }
  T* column_panel(int slot) override { return column_[slot].data(); }

  // A rank may hold no tile (more ranks than tile rows): then both pointers
  // may be null, which memcpy does not allow even for 0 bytes.
  void Load(const T* host) override {
    if (local_.bytes() > 0) std::memcpy(local_.data(), host, lr_ * kB * ld_ * sizeof(T));
  }
  void Store(T* host) override {
    if (local_.bytes() > 0) std::memcpy(host, local_.data(), lr_ * kB * ld_ * sizeof(T));
  }
  void Build(const std::vector<LocalEntry<T>>& entries) override {
    T* d = Data();
    const T inf = ElementTraits<T>::kInf;
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (std::size_t li = 0; li < lr_ * kB; ++li) {
      T* row = d + li * ld_;
      std::fill(row, row + ld_, inf);
      const std::size_t gi = tiles_.global_row(li / kB) * kB + li % kB;
      // The diagonal element of global row gi, when this rank holds its column.
      if (tiles_.owns_col(gi / kB)) row[tiles_.local_col(gi / kB) * kB + gi % kB] = T(0);
    }
    for (const LocalEntry<T>& e : entries) d[e.offset] = e.value;
  }
  void ClampAbove(T bound) override {
    T* d = Data();
    const T inf = ElementTraits<T>::kInf;
    const std::size_t count = lr_ * kB * ld_;
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (std::size_t e = 0; e < count; ++e) d[e] = d[e] > bound ? inf : d[e];
  }

  void ForkSide() override {}
  void JoinSide() override {}
  void CloseDiagonal(std::size_t a, std::size_t b) override {
    T* t = Tile(a, b);
    k_.close_diagonal(t, ld_);
    for (std::size_t q = 0; q < kB; ++q) std::memcpy(pivot_.data() + q * kB, t + q * ld_, kB * sizeof(T));
  }
  void PivotArrived() override {
    // With the local matrix's row pitch, as the kernels take one stride.
    for (std::size_t q = 0; q < kB; ++q)
      std::memcpy(pivot_pitched_.data() + q * ld_, pivot_.data() + q * kB, kB * sizeof(T));
  }
  void UpdateRowPanel(std::size_t a, long skip_b) override {
#pragma omp parallel for schedule(dynamic) num_threads(threads_)
    for (std::size_t b = 0; b < lc_; ++b)
      if (long(b) != skip_b) k_.min_plus(Tile(a, b), pivot_pitched_.data(), Tile(a, b), ld_);
  }
  void UpdateColumnPanel(std::size_t b, long skip_a) override {
#pragma omp parallel for schedule(dynamic) num_threads(threads_)
    for (std::size_t a = 0; a < lr_; ++a)
      if (long(a) != skip_a) k_.min_plus(Tile(a, b), Tile(a, b), pivot_pitched_.data(), ld_);
  }
  void ExportRow(std::size_t a, int slot) override { std::memcpy(row_[slot].data(), Tile(a, 0), kB * ld_ * sizeof(T)); }
  void ExportColumn(std::size_t b, int slot) override {
    T* dst = column_[slot].data();
    for (std::size_t a = 0; a < lr_; ++a)
      for (std::size_t q = 0; q < kB; ++q) std::memcpy(dst + (a * kB + q) * kB, Tile(a, b) + q * ld_, kB * sizeof(T));
  }
  void UsePanels(int slot) override { slot_ = slot; }
  void Update(const RankTileMask& m, const std::function<void()>& poll) override {
    const T* row = row_[slot_].data();
    const T* column = column_[slot_].data();
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
            std::memcpy(a_tile + q * ld_, column + (a * kB + q) * kB, kB * sizeof(T));
          copied = true;
        }
        k_.min_plus(Tile(a, b), a_tile, row + b * kB, ld_);
      }
    }
  }
  void Finish() override {}

  void MetricRows(std::size_t n, std::vector<SummaryRow>& summary, std::vector<CentralityRow>& centrality) override {
#pragma omp parallel num_threads(threads_)
    {
      std::vector<M> wide;
#pragma omp for schedule(dynamic, 16)
      for (std::size_t li = 0; li < lr_ * kB; ++li) {
        const std::size_t i = tiles_.global_row(li / kB) * kB + li % kB;
        if (i >= n) continue;
        const M* row = MetricRow(li, n, wide);
        summary[i] = ScanSummaryRow(row, n);
        centrality[i] = ScanCentralityRow(row, i, n);
      }
    }
  }
  void MetricHistogram(std::size_t n, bool directed, const HistogramShape& shape,
                       std::vector<std::uint64_t>& counts) override {
    const M inf = ElementTraits<M>::kInf;
#pragma omp parallel num_threads(threads_)
    {
      std::vector<std::uint64_t> mine(shape.bins, 0);
      std::vector<M> wide;
#pragma omp for schedule(dynamic, 16)
      for (std::size_t li = 0; li < lr_ * kB; ++li) {
        const std::size_t i = tiles_.global_row(li / kB) * kB + li % kB;
        if (i >= n) continue;
        const M* row = MetricRow(li, n, wide);
        for (std::size_t j = directed ? 0 : i + 1; j < n; ++j) {
          if (j == i || row[j] >= inf) continue;
          ++mine[HistogramBinOf(row[j], shape)];
        }
      }
#pragma omp critical
      for (std::size_t b = 0; b < shape.bins; ++b) counts[b] += mine[b];
    }
  }

 private:
  // The metrics read int16 tiles as the int32 matrix they stand for (INF16: unreachable).
  using M = std::conditional_t<std::is_same_v<T, std::int16_t>, std::int32_t, T>;
  // Local row li's first n values as M: the row itself, or widened into `wide`.
  const M* MetricRow(std::size_t li, std::size_t n, std::vector<M>& wide) {
    const T* row = Data() + li * ld_;
    if constexpr (std::is_same_v<M, T>) {
      return row;
    } else {
      wide.resize(n);
      for (std::size_t j = 0; j < n; ++j) wide[j] = WidenFromInt16Mode(row[j]);
      return wide.data();
    }
  }
  T* Data() { return static_cast<T*>(local_.data()); }
  T* Tile(std::size_t a, std::size_t b) { return Data() + a * kB * ld_ + b * kB; }

  LocalTiles tiles_;
  std::size_t lr_, lc_, ld_;
  int threads_;
  cpu::TileKernels<T> k_;
  PageBuffer local_;
  std::vector<T> pivot_, pivot_pitched_, scratch_;
  std::vector<T> row_[2], column_[2];
  int slot_ = 0;
};

}  // namespace

template <class T> std::unique_ptr<RankTiles<T>> MakeCpuRankTiles(const LocalTiles& tiles, int threads) {
  return std::make_unique<CpuRankTiles<T>>(tiles, threads);
}
template std::unique_ptr<RankTiles<std::int16_t>> MakeCpuRankTiles(const LocalTiles&, int);
template std::unique_ptr<RankTiles<std::int32_t>> MakeCpuRankTiles(const LocalTiles&, int);
template std::unique_ptr<RankTiles<std::int64_t>> MakeCpuRankTiles(const LocalTiles&, int);
template std::unique_ptr<RankTiles<float>> MakeCpuRankTiles(const LocalTiles&, int);

}  // namespace gdist
