#include <cuda_runtime.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/fw_device.cuh"
#include "kernels/cuda/minplus_blocks.cuh"
#include "lib/engine/gpu_out_of_core.hpp"
#include "lib/engine/super_tile_schedule.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

constexpr std::size_t kT = 128;

// One device block buffer and what it holds. `released`: recorded on the
// compute stream after the last kernel that used the slot, so a copy into or
// out of it waits for that kernel; `loaded`: recorded on the copy stream after
// the block arrived, so kernels wait for it.
template <class T> struct DeviceSlot {
  explicit DeviceSlot(std::size_t count) : buf(count) {}
  cuda::DeviceBuffer<T> buf;
  cuda::Event loaded, released;
  BlockId id;
  bool resident = false, dirty = false, used = false;
  std::size_t last_use = 0;
};

template <class T> class DeviceBlockCache {
 public:
  DeviceBlockCache(T* host, const SuperTileGrid& grid, cudaStream_t copy) : host_(host), grid_(grid), copy_(copy) {
    for (int s = 0; s < kGpuOutOfCoreSlots; ++s) slots_.emplace_back(new DeviceSlot<T>(grid.side() * grid.side()));
  }
  ~DeviceBlockCache() {
    for (auto* s : slots_) delete s;
  }

  // The slot holding block id, its load enqueued on the copy stream when it
  // was not resident; slots holding a block in `keep` are never reused.
  DeviceSlot<T>* Acquire(BlockId id, const std::vector<BlockId>& keep) {
    ++clock_;
    for (auto* s : slots_)
      if (s->resident && s->id == id) {
        s->last_use = clock_;
        return s;
      }
    DeviceSlot<T>* victim = nullptr;
    for (auto* s : slots_) {
      bool kept = false;
      for (const BlockId& k : keep) kept |= s->resident && s->id == k;
      if (kept) continue;
      if (!victim || !s->resident || (victim->resident && s->last_use < victim->last_use)) victim = s;
    }
    if (!victim) throw Error("GPU out-of-core engine: no free block slot (schedule error)");
    Release(*victim);
    Copy(*victim, id, cudaMemcpyHostToDevice);
    GDIST_CUDA_CHECK(cudaEventRecord(victim->loaded.get(), copy_));
    victim->id = id;
    victim->resident = true;
    victim->last_use = clock_;
    return victim;
  }

  void FlushAll() {
    for (auto* s : slots_) Release(*s);
  }

 private:
  // Writes the slot's block back if dirty; either way after the last kernel that used it.
  void Release(DeviceSlot<T>& s) {
    if (s.used) GDIST_CUDA_CHECK(cudaStreamWaitEvent(copy_, s.released.get(), 0));
    if (s.resident && s.dirty) Copy(s, s.id, cudaMemcpyDeviceToHost);
    s.resident = s.dirty = s.used = false;
  }
  void Copy(DeviceSlot<T>& s, BlockId id, cudaMemcpyKind kind) {
    const std::size_t rows = grid_.extent(id.i), cols = grid_.extent(id.j);
    T* h = host_ + grid_.begin(id.i) * grid_.stride() + grid_.begin(id.j);
    const std::size_t hp = grid_.stride() * sizeof(T), dp = grid_.side() * sizeof(T);
    if (kind == cudaMemcpyHostToDevice)
      GDIST_CUDA_CHECK(cudaMemcpy2DAsync(s.buf.get(), dp, h, hp, cols * sizeof(T), rows, kind, copy_));
    else GDIST_CUDA_CHECK(cudaMemcpy2DAsync(h, hp, s.buf.get(), dp, cols * sizeof(T), rows, kind, copy_));
  }

  T* host_;
  const SuperTileGrid& grid_;
  cudaStream_t copy_;
  std::vector<DeviceSlot<T>*> slots_;
  std::size_t clock_ = 0;
};

}  // namespace

template <class T> void GpuOutOfCoreFloydWarshall(T* host, std::size_t stride, std::size_t side,
                                                  const ProgressFn& progress, RoundCheckpoints* checkpoints) {
  static_assert(std::is_same_v<T, std::int32_t> || std::is_same_v<T, float> || std::is_same_v<T, std::int16_t>);
  const SuperTileGrid grid(stride, side);
  std::size_t first = 0;
  if (checkpoints && checkpoints->first_round() > 0) {
    checkpoints->Restore(host);
    first = checkpoints->first_round();
  }
  cuda::HostRegistration pin(host, stride * stride * sizeof(T));  // DMA straight from the matrix
  cuda::Stream compute, copy;
  const auto t0 = std::chrono::steady_clock::now();
  double relaxations = 0;
  {
    DeviceBlockCache<T> cache(host, grid, copy.get());
    std::vector<SuperStep> steps;
    for (std::size_t round = first; round < grid.blocks(); ++round) {
      const std::vector<SuperStep> more = SuperRoundSteps(grid.blocks(), round);
      steps.insert(steps.end(), more.begin(), more.end());
    }
    std::size_t round_end = first >= grid.blocks() ? 0 : SuperRoundSteps(grid.blocks(), first).size();
    std::size_t round = first;
    for (std::size_t s = 0; s < steps.size(); ++s) {
      const SuperStep& st = steps[s];
      std::vector<BlockId> keep = {st.a, st.b, st.c};
      DeviceSlot<T>* a = cache.Acquire(st.a, keep);
      DeviceSlot<T>* b = cache.Acquire(st.b, keep);
      DeviceSlot<T>* c = cache.Acquire(st.c, keep);
      // Prefetch: the next step's blocks travel while this one computes.
      if (s + 1 < steps.size()) {
        const SuperStep& nx = steps[s + 1];
        std::vector<BlockId> both = keep;
        both.insert(both.end(), {nx.a, nx.b, nx.c});
        for (BlockId id : {nx.a, nx.b, nx.c}) cache.Acquire(id, both);
      }
      for (DeviceSlot<T>* u : {a, b, c}) GDIST_CUDA_CHECK(cudaStreamWaitEvent(compute.get(), u->loaded.get(), 0));
      const std::size_t ld = grid.side();
      const int rows = int(grid.extent(st.c.i) / kT), cols = int(grid.extent(st.c.j) / kT);
      const int depth = int(grid.extent(st.a.j) / kT);
      if (st.op == SuperOp::kClose) {
        cuda::FloydWarshallOnDeviceBlock(c->buf.get(), grid.extent(st.c.i), ld, compute.get());
      } else {
        cuda::MinPlusBlocksOnDevice(c->buf.get(), ld, a->buf.get(), ld, b->buf.get(), ld, rows, cols, depth,
                                    cuda::TileMask{}, compute.get());
      }
      for (DeviceSlot<T>* u : {a, b, c}) {
        GDIST_CUDA_CHECK(cudaEventRecord(u->released.get(), compute.get()));
        u->used = true;
      }
      c->dirty = true;
      if (s + 1 == round_end) {
        relaxations += double(stride) * double(stride) * double(grid.extent(round));
        ++round;
        if (checkpoints && round < grid.blocks() && checkpoints->Due()) {
          // Every dirty block back in the host matrix, nothing in flight: the
          // matrix is then exactly the state after this round. The blocks
          // prefetched for the next step are dropped (they are reloaded).
          cache.FlushAll();
          GDIST_CUDA_CHECK(cudaStreamSynchronize(copy.get()));
          GDIST_CUDA_CHECK(cudaStreamSynchronize(compute.get()));
          checkpoints->Save(round, host);
        }
        if (progress) {
          GDIST_CUDA_CHECK(cudaStreamSynchronize(compute.get()));
          const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
          progress(MakeProgress("gpu", "out-of-core", round, grid.blocks(), seconds, relaxations,
                                std::is_same_v<T, float>          ? kH100CeilingFloat32
                                : std::is_same_v<T, std::int16_t> ? kH100CeilingInt16
                                                                  : kH100CeilingInt32));
        }
        round_end += grid.blocks() * grid.blocks();
      }
    }
    cache.FlushAll();
    // Any fault of any kernel or copy surfaces here; the host matrix then
    // holds partial results and the caller reports the error instead.
    GDIST_CUDA_CHECK(cudaStreamSynchronize(copy.get()));
    GDIST_CUDA_CHECK(cudaStreamSynchronize(compute.get()));
  }
}

template void GpuOutOfCoreFloydWarshall<std::int32_t>(std::int32_t*, std::size_t, std::size_t, const ProgressFn&,
                                                      RoundCheckpoints*);
template void GpuOutOfCoreFloydWarshall<float>(float*, std::size_t, std::size_t, const ProgressFn&, RoundCheckpoints*);
template void GpuOutOfCoreFloydWarshall<std::int16_t>(std::int16_t*, std::size_t, std::size_t, const ProgressFn&,
                                                      RoundCheckpoints*);

}  // namespace gdist
