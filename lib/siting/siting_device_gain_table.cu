// The GPU gain table (lib/siting/gain_table.hpp): the same TermsFor arithmetic
// and BetterSwap tie rule as the CPU table, with one thread per candidate.
//
// Apply: block (x, y) covers 256 candidates and the y-th slice of the
// changes; each thread walks the slice's rows at its candidate (a warp reads
// 32 consecutive costs of one row), sums its gain in a register and adds it
// once; extra entries are added as they come (they belong to one row per
// change, so slices rarely collide). Double atomics change the order of the
// sums only: with integer costs and weights every partial sum is an exact
// integer below 2^53 and the table equals the CPU's bit for bit.
#include <algorithm>
#include <type_traits>
#include <vector>

#include "kernels/cuda/cuda_check.cuh"
#include "lib/siting/cost_models.hpp"
#include "lib/siting/siting_device.cuh"
#include "lib/siting/siting_device.hpp"

namespace gdist {

namespace {

constexpr int kApplyThreads = 256;
constexpr int kChunk = 32;  // changes staged in shared memory at a time
constexpr int kScanThreads = 256;
constexpr int kScanBlocks = 264;  // 2 per SM of an H100

template <class T, class Model> __global__ void __launch_bounds__(kApplyThreads)
    ApplyChangesKernel(const T* costs, std::size_t row_stride, const std::uint32_t* demand_row,
                       const UserChange* changes, std::uint32_t num_changes, std::uint32_t per_block, std::uint32_t m,
                       Model model, double* gain, double* extra) {
  __shared__ UserChange chunk[kChunk];
  __shared__ const T* rows[kChunk];
  __shared__ double reach[kChunk];
  __shared__ T bound[kChunk];
  const std::uint32_t k = blockIdx.x * kApplyThreads + threadIdx.x;
  const std::uint32_t first = blockIdx.y * per_block;
  const std::uint32_t last = min(num_changes, first + per_block);
  double g = 0;
  for (std::uint32_t c0 = first; c0 < last; c0 += kChunk) {
    const std::uint32_t count = min(static_cast<std::uint32_t>(kChunk), last - c0);
    if (threadIdx.x < count) {
      const UserChange ch = changes[c0 + threadIdx.x];
      chunk[threadIdx.x] = ch;
      rows[threadIdx.x] = costs + static_cast<std::size_t>(demand_row[ch.user]) * row_stride;
      reach[threadIdx.x] = ch.reach();
      if constexpr (std::is_integral_v<T>) bound[threadIdx.x] = model.Below(ch.reach());
    }
    __syncthreads();
    if (k < m) {
#pragma unroll 4
      for (std::uint32_t i = 0; i < count; ++i) {
        const T raw = rows[i][k];
        double c;
        if constexpr (std::is_integral_v<T>) {
          if (raw >= bound[i]) continue;  // compare raw entries, convert the few that pass
          c = model(raw);
        } else {
          c = model(raw);
          if (!(c < reach[i])) continue;
        }
        const GainTerms t = TermsFor(chunk[i], c);
        g += t.gain;
        if (extra) {
          if (t.extra_old != 0) atomicAdd(extra + static_cast<std::size_t>(chunk[i].old_slot) * m + k, t.extra_old);
          if (t.extra_new != 0) atomicAdd(extra + static_cast<std::size_t>(chunk[i].new_slot) * m + k, t.extra_new);
        }
      }
    }
    __syncthreads();
  }
  if (k < m && g != 0) atomicAdd(gain + k, g);
}

struct Best {
  double profit;
  unsigned long long index;
};

__device__ Best BetterOf(Best a, Best b) { return BetterSwap(b.profit, b.index, a.profit, a.index) ? b : a; }

// Per block: the best (profit, slot * m + cand) over its share of the table.
__global__ void __launch_bounds__(kScanThreads)
    BestSwapKernel(const double* gain, const double* extra, const double* loss, const std::int32_t* slot_of,
                   std::size_t first, std::size_t end, std::uint32_t m, SwapTolerance tol, Best* block_best) {
  Best best{tol.absolute, ~0ull};
  for (std::size_t idx = first + blockIdx.x * std::size_t{kScanThreads} + threadIdx.x; idx < end;
       idx += std::size_t{gridDim.x} * kScanThreads) {
    const std::size_t r = idx / m, f = idx % m;
    const double profit = gain[f] + (-loss[r]) + extra[idx];
    if (Improves(profit, gain[f], loss[r], extra[idx], tol) && slot_of[f] < 0 &&
        BetterSwap(profit, idx, best.profit, best.index))
      best = Best{profit, idx};
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    Best other{__shfl_down_sync(0xffffffffu, best.profit, offset), __shfl_down_sync(0xffffffffu, best.index, offset)};
    best = BetterOf(best, other);
  }
  __shared__ Best warp_best[kScanThreads / 32];
  if (threadIdx.x % 32 == 0) warp_best[threadIdx.x / 32] = best;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < kScanThreads / 32; ++w) best = BetterOf(best, warp_best[w]);
    block_best[blockIdx.x] = best;
  }
}

template <class T, class Model> class GpuGainTable final : public GainTable {
 public:
  GpuGainTable(std::shared_ptr<const SitingDevice> device, Model model)
      : dev_(std::move(device)), model_(model), m_(dev_->m), gain_(m_), block_best_(kScanBlocks) {
    host_gain_.resize(m_);
  }

  void Clear(std::size_t slots) override {
    slots_ = slots;
    if (!extra_ || extra_->count() < slots * m_) extra_ = std::make_unique<cuda::DeviceBuffer<double>>(slots * m_);
    GDIST_CUDA_CHECK(cudaMemset(gain_.get(), 0, gain_.bytes()));
    if (slots != 0 && m_ != 0) GDIST_CUDA_CHECK(cudaMemset(extra_->get(), 0, slots * m_ * sizeof(double)));
  }

  void Apply(const std::vector<UserChange>& changes) override {
    if (changes.empty() || m_ == 0) return;
    if (!changes_ || changes_->count() < changes.size())
      changes_ = std::make_unique<cuda::DeviceBuffer<UserChange>>(std::max(changes.size(), dev_->nd));
    GDIST_CUDA_CHECK(
        cudaMemcpy(changes_->get(), changes.data(), changes.size() * sizeof(UserChange), cudaMemcpyHostToDevice));
    // Enough blocks to fill the GPU (~8 per SM), each with at least kChunk changes.
    const std::uint32_t blocks_x = static_cast<std::uint32_t>((m_ + kApplyThreads - 1) / kApplyThreads);
    const std::uint32_t want_y = std::max<std::uint32_t>(1, 1056 / blocks_x);
    const std::uint32_t n = static_cast<std::uint32_t>(changes.size());
    const std::uint32_t per_block = std::max<std::uint32_t>(kChunk, (n + want_y - 1) / want_y);
    const dim3 grid(blocks_x, (n + per_block - 1) / per_block);
    ApplyChangesKernel<T, Model><<<grid, kApplyThreads>>>(dev_->rows<T>(), dev_->row_stride, dev_->demand_row.get(),
                                                          changes_->get(), n, per_block, static_cast<std::uint32_t>(m_),
                                                          model_, gain_.get(), slots_ ? extra_->get() : nullptr);
    GDIST_CUDA_CHECK_LAUNCH("ApplyChangesKernel");
  }

  const std::vector<double>& Gains() override {
    GDIST_CUDA_CHECK(cudaMemcpy(host_gain_.data(), gain_.get(), gain_.bytes(), cudaMemcpyDeviceToHost));
    return host_gain_;
  }

  SwapChoice BestSwap(const std::vector<double>& loss, const std::vector<std::int32_t>& slot_of, std::size_t num_fixed,
                      SwapTolerance tol) override {
    SwapChoice choice;
    choice.profit = tol.absolute;
    const std::size_t slots = loss.size();
    if (num_fixed >= slots || m_ == 0) return choice;
    if (!loss_ || loss_->count() < slots) loss_ = std::make_unique<cuda::DeviceBuffer<double>>(slots);
    if (!slot_of_) slot_of_ = std::make_unique<cuda::DeviceBuffer<std::int32_t>>(m_);
    GDIST_CUDA_CHECK(cudaMemcpy(loss_->get(), loss.data(), slots * sizeof(double), cudaMemcpyHostToDevice));
    GDIST_CUDA_CHECK(cudaMemcpy(slot_of_->get(), slot_of.data(), m_ * sizeof(std::int32_t), cudaMemcpyHostToDevice));
    BestSwapKernel<<<kScanBlocks, kScanThreads>>>(gain_.get(), extra_->get(), loss_->get(), slot_of_->get(),
                                                  num_fixed * m_, slots * m_, static_cast<std::uint32_t>(m_), tol,
                                                  block_best_.get());
    GDIST_CUDA_CHECK_LAUNCH("BestSwapKernel");
    std::vector<Best> blocks(kScanBlocks);
    GDIST_CUDA_CHECK(cudaMemcpy(blocks.data(), block_best_.get(), block_best_.bytes(), cudaMemcpyDeviceToHost));
    Best best{tol.absolute, ~0ull};
    for (const Best& b : blocks)
      if (b.index != ~0ull && BetterSwap(b.profit, b.index, best.profit, best.index)) best = b;
    if (best.index != ~0ull) {
      choice.profit = best.profit;
      choice.slot = static_cast<std::uint32_t>(best.index / m_);
      choice.cand = static_cast<std::uint32_t>(best.index % m_);
    }
    return choice;
  }

 private:
  std::shared_ptr<const SitingDevice> dev_;
  Model model_;
  std::size_t m_, slots_ = 0;
  cuda::DeviceBuffer<double> gain_;
  std::unique_ptr<cuda::DeviceBuffer<double>> extra_;  // slots_ x m_
  std::unique_ptr<cuda::DeviceBuffer<UserChange>> changes_;
  std::unique_ptr<cuda::DeviceBuffer<double>> loss_;
  std::unique_ptr<cuda::DeviceBuffer<std::int32_t>> slot_of_;
  cuda::DeviceBuffer<Best> block_best_;
  std::vector<double> host_gain_;
};

}  // namespace

template <class T, class Model>
std::unique_ptr<GainTable> MakeGpuGainTable(std::shared_ptr<const SitingDevice> device, Model model) {
  return std::make_unique<GpuGainTable<T, Model>>(std::move(device), model);
}

#define GDIST_INSTANTIATE(T, M) \
  template std::unique_ptr<GainTable> MakeGpuGainTable<T, M<T>>(std::shared_ptr<const SitingDevice>, M<T>);
GDIST_FOR_EACH_GPU_SITING_INSTANCE(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
