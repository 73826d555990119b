#include "lib/engine/cpu_out_of_core.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#include "kernels/cpu/tile_kernels.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/engine/super_tile_schedule.hpp"
#include "lib/matrix/page_buffer.hpp"

namespace gdist {
namespace {

constexpr std::size_t kB = cpu::kCpuTile;

// One resident block: side x side elements (rows side apart), a copy of block
// `id` of the matrix.
template <class T> struct Slot {
  PageBuffer buf;
  BlockId id;
  bool loaded = false, dirty = false;
  std::size_t last_use = 0;
  T* data() const { return static_cast<T*>(buf.data()); }
};

// c <- min(c, a (x) b) on blocks of rows x cols (depth: a's columns, b's rows),
// all with ld elements per row, tile by tile. Where c aliases an operand the
// threads split along the dimension that keeps each thread's reads of c to its
// own tiles (columns for the row panel, rows for the column panel); the
// aliased reads then see values that are already lengths of real paths, which
// leaves the result exact because (R,R) is closed (tile_kernels.hpp).
// Threads never outnumber the work items: a team larger than the work (a
// block of one tile has one) only adds a fork and a join per step, which on a
// busy machine, where the idle members spin for their cores, made a run in
// blocks of 128 over a hundred times slower than in core (issue 28).
int ThreadsFor(int threads, std::size_t items) {
  return static_cast<int>(std::max<std::size_t>(1, std::min<std::size_t>(std::size_t(threads), items)));
}

template <class T> void MinPlusBlocks(const cpu::TileKernels<T>& k, SuperOp op, T* c, const T* a, const T* b,
                                      std::size_t rows, std::size_t cols, std::size_t depth, std::size_t ld,
                                      int threads) {
  const std::size_t tr = rows / kB, tc = cols / kB, td = depth / kB;
  threads = ThreadsFor(threads, op == SuperOp::kRowPanel ? tc : op == SuperOp::kColumnPanel ? tr : tr * tc);
  auto at = [ld](auto* p, std::size_t ti, std::size_t tj) { return p + ti * kB * ld + tj * kB; };
  if (op == SuperOp::kRowPanel) {
#pragma omp parallel for schedule(dynamic) num_threads(threads)
    for (std::size_t tj = 0; tj < tc; ++tj)
      for (std::size_t ti = 0; ti < tr; ++ti)
        for (std::size_t kt = 0; kt < td; ++kt) k.min_plus(at(c, ti, tj), at(a, ti, kt), at(b, kt, tj), ld);
  } else if (op == SuperOp::kColumnPanel) {
#pragma omp parallel for schedule(dynamic) num_threads(threads)
    for (std::size_t ti = 0; ti < tr; ++ti)
      for (std::size_t tj = 0; tj < tc; ++tj)
        for (std::size_t kt = 0; kt < td; ++kt) k.min_plus(at(c, ti, tj), at(a, ti, kt), at(b, kt, tj), ld);
  } else {
#pragma omp parallel for collapse(2) schedule(dynamic) num_threads(threads)
    for (std::size_t ti = 0; ti < tr; ++ti)
      for (std::size_t tj = 0; tj < tc; ++tj)
        for (std::size_t kt = 0; kt < td; ++kt) k.min_plus(at(c, ti, tj), at(a, ti, kt), at(b, kt, tj), ld);
  }
}

template <class T> class BlockCache {
 public:
  BlockCache(T* d, const SuperTileGrid& grid, int threads) : d_(d), grid_(grid), threads_(threads) {
    for (int q = 0; q < kCpuOutOfCoreSlots; ++q) {
      Slot<T> s;
      s.buf = PageBuffer(grid.side() * grid.side() * sizeof(T));
      slots_.push_back(std::move(s));
    }
  }

  // The resident copy of block id, loaded if needed; never evicts a block in `keep`.
  T* Get(BlockId id, const BlockId* keep, int nkeep) {
    ++clock_;
    for (Slot<T>& s : slots_)
      if (s.loaded && s.id == id) {
        s.last_use = clock_;
        return s.data();
      }
    Slot<T>* victim = nullptr;
    for (Slot<T>& s : slots_) {
      bool kept = false;
      for (int q = 0; q < nkeep; ++q) kept |= s.loaded && s.id == keep[q];
      if (kept) continue;
      if (!victim || !s.loaded || (victim->loaded && s.last_use < victim->last_use)) victim = &s;
    }
    Evict(*victim);
    Copy(*victim, id, /*to_matrix=*/false);
    victim->id = id;
    victim->loaded = true;
    victim->last_use = clock_;
    return victim->data();
  }
  void MarkDirty(BlockId id) {
    for (Slot<T>& s : slots_)
      if (s.loaded && s.id == id) s.dirty = true;
  }
  void Flush() {
    for (Slot<T>& s : slots_) Evict(s);
  }

 private:
  void Evict(Slot<T>& s) {
    if (s.loaded && s.dirty) Copy(s, s.id, /*to_matrix=*/true);
    s.loaded = s.dirty = false;
  }
  void Copy(Slot<T>& s, BlockId id, bool to_matrix) {
    const std::size_t rows = grid_.extent(id.i), cols = grid_.extent(id.j), side = grid_.side();
    const std::size_t stride = grid_.stride();
    T* block = s.data();
    T* origin = d_ + grid_.begin(id.i) * stride + grid_.begin(id.j);
    // One thread per MiB or so: a small block is copied faster than a team forms.
    const int threads = ThreadsFor(threads_, rows * cols * sizeof(T) >> 20);
#pragma omp parallel for schedule(static) num_threads(threads)
    for (std::size_t r = 0; r < rows; ++r) {
      if (to_matrix) std::memcpy(origin + r * stride, block + r * side, cols * sizeof(T));
      else std::memcpy(block + r * side, origin + r * stride, cols * sizeof(T));
    }
  }

  T* d_;
  const SuperTileGrid& grid_;
  int threads_;
  std::vector<Slot<T>> slots_;
  std::size_t clock_ = 0;
};

}  // namespace

template <class T> void CpuOutOfCoreFloydWarshall(T* d, std::size_t stride, std::size_t side, int threads,
                                                  const ProgressFn& progress, RoundCheckpoints* checkpoints) {
  if (threads <= 0) threads = omp_get_max_threads();
  const SuperTileGrid grid(stride, side);
  const cpu::TileKernels<T> k = ActiveCpuTileKernels<T>();
  BlockCache<T> cache(d, grid, threads);
  const auto t0 = std::chrono::steady_clock::now();
  double relaxations = 0;
  std::size_t first = 0;
  if (checkpoints && checkpoints->first_round() > 0) {
    checkpoints->Restore(d);
    first = checkpoints->first_round();
  }
  for (std::size_t round = first; round < grid.blocks(); ++round) {
    for (const SuperStep& s : SuperRoundSteps(grid.blocks(), round)) {
      const BlockId keep[3] = {s.c, s.a, s.b};
      // Operands first, so that loading c cannot evict them.
      const T* a = cache.Get(s.a, keep, 3);
      const T* b = cache.Get(s.b, keep, 3);
      T* c = cache.Get(s.c, keep, 3);
      if (s.op == SuperOp::kClose) CpuFloydWarshallBlock(c, grid.extent(round), grid.side(), threads);
      else
        MinPlusBlocks(k, s.op, c, a, b, grid.extent(s.c.i), grid.extent(s.c.j), grid.extent(round), grid.side(),
                      threads);
      cache.MarkDirty(s.c);
    }
    relaxations += double(stride) * double(stride) * double(grid.extent(round));
    if (checkpoints && round + 1 < grid.blocks() && checkpoints->Due()) {
      cache.Flush();  // the matrix then holds exactly the state after this round
      checkpoints->Save(round + 1, d);
    }
    if (progress) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      progress(MakeProgress("cpu", "out-of-core", round + 1, grid.blocks(), seconds, relaxations, 0));
    }
  }
  cache.Flush();
}

#define GDIST_INSTANTIATE(T) \
  template void CpuOutOfCoreFloydWarshall<T>(T*, std::size_t, std::size_t, int, const ProgressFn&, RoundCheckpoints*);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
GDIST_INSTANTIATE(std::int16_t)  // an int32 matrix narrowed in place (apsp.cpp)
#undef GDIST_INSTANTIATE

}  // namespace gdist
