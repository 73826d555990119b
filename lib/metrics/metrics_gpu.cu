// GPU passes of the distance metrics (lib/metrics/metrics_gpu.hpp).
//
// RowPassKernel: one warp per row. Thread t reads columns 4t..4t+3 of every
// 128-column block with one 16-byte load (4 blocks in flight per batch), so
// it holds lanes 4t..4t+3 of the lane order of lib/metrics/row_reduction.hpp
// and the warp's shuffle-down is that file's fixed tree: totals and harmonic
// sums come out bit-identical to the CPU's. Max, min, counts and "first
// column" need no order. HistogramKernel: one warp per row again, counts in
// per-warp shared-memory bins, added to global counts once per block.
//
// Host side: rows are copied into two pinned staging buffers by a pool of host threads,
// then sent with cudaMemcpyAsync on a copy stream; the compute stream waits on
// each block's copy event, so the host copy of block b+1, the PCIe copy of
// block b and the kernel of block b-1 overlap.
#include <cuda_runtime.h>
#include <math_constants.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "lib/matrix/element_type.hpp"
#include "lib/metrics/metrics_gpu.hpp"
#include "lib/util/error.hpp"
#include "lib/util/phase_timer.hpp"

namespace gdist {
namespace {

constexpr int kWarpsPerBlock = 8;
constexpr int kThreads = kWarpsPerBlock * 32;
constexpr int kBatch = 4;  // 128-column blocks whose loads are issued together
constexpr unsigned kFull = 0xFFFFFFFFu;

template <class T> struct Quad;
template <> struct Quad<std::int32_t> { using type = int4; };
template <> struct Quad<float> { using type = float4; };

template <class V> __device__ __forceinline__ auto Component(const V& v, int c) {
  return c == 0 ? v.x : c == 1 ? v.y : c == 2 ? v.z : v.w;
}

__device__ __forceinline__ double WarpSumTree(double v) {
#pragma unroll
  for (int h = 16; h >= 1; h /= 2) v += __shfl_down_sync(kFull, v, h);
  return v;
}

// One warp's pass over its row from column block first_block on: kBatch
// 128-column blocks' loads are issued together (each lane reads 4 adjacent
// columns with one streaming load), then visit(c, j, value) runs for each of
// them, c = j % 4 being the lane's component. Both kernels scan rows this way.
template <class T, class Visit> __device__ __forceinline__ void ScanRow(const T* row, unsigned first_block,
                                                                        unsigned col_blocks, unsigned lane,
                                                                        Visit&& visit) {
  using V = typename Quad<T>::type;
  const V* quads = reinterpret_cast<const V*>(row);
  for (unsigned k0 = first_block; k0 < col_blocks; k0 += kBatch) {
    V v[kBatch];
#pragma unroll
    for (int u = 0; u < kBatch; ++u)
      if (k0 + u < col_blocks) v[u] = __ldcs(quads + size_t(k0 + u) * 32 + lane);
#pragma unroll
    for (int u = 0; u < kBatch; ++u) {
      if (k0 + u >= col_blocks) break;
#pragma unroll
      for (int c = 0; c < 4; ++c) visit(c, (k0 + u) * kSumLanes + 4 * lane + c, Component(v[u], c));
    }
  }
}

// block: rows [first_row, first_row + rows) of the matrix, `stride` apart.
template <class T> __global__ void __launch_bounds__(kThreads)
    RowPassKernel(const T* __restrict__ block, size_t stride, unsigned n, unsigned first_row, unsigned rows, T inf,
                  const std::uint32_t* __restrict__ row_vertices, SummaryRow* __restrict__ summary,
                  CentralityRow* __restrict__ centrality) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned r = blockIdx.x * kWarpsPerBlock + threadIdx.x / 32;
  if (r >= rows) return;                                              // whole warps only: no barrier below
  const unsigned i = row_vertices ? row_vertices[r] : first_row + r;  // the row's vertex: its diagonal
  const unsigned col_blocks = (n + kSumLanes - 1) / kSumLanes;        // all inside the padded row

  double total[4] = {0, 0, 0, 0}, harmonic[4] = {0, 0, 0, 0};
  Farthest far;
  unsigned unreachable = 0, first_unreachable = 0xFFFFFFFFu;
  double lo = CUDART_INF, hi = -CUDART_INF;
  ScanRow(block + size_t(r) * stride, 0, col_blocks, lane, [&](int c, unsigned j, T raw) {
    const bool in = j < n;
    const bool finite = in && raw < inf;
    const double x = finite ? static_cast<double>(raw) : 0.0;
    total[c] += x;  // +0.0 for the others: the sum is unchanged (row_reduction.hpp)
    Offer(far, x, j);
    if (in && !finite) {
      ++unreachable;
      first_unreachable = min(first_unreachable, j);
    }
    const bool off = finite && j != i;
    harmonic[c] += off ? HarmonicTerm(x) : 0.0;
    if (off) {
      lo = fmin(lo, x);
      hi = fmax(hi, x);
    }
  });
  const double t = WarpSumTree(SumQuad(total[0], total[1], total[2], total[3]));
  const double h = WarpSumTree(SumQuad(harmonic[0], harmonic[1], harmonic[2], harmonic[3]));
#pragma unroll
  for (int s = 16; s >= 1; s /= 2) {
    Farthest other;
    other.value = __shfl_down_sync(kFull, far.value, s);
    other.column = __shfl_down_sync(kFull, far.column, s);
    far = Merge(far, other);
    unreachable += __shfl_down_sync(kFull, unreachable, s);
    first_unreachable = min(first_unreachable, __shfl_down_sync(kFull, first_unreachable, s));
    lo = fmin(lo, __shfl_down_sync(kFull, lo, s));
    hi = fmax(hi, __shfl_down_sync(kFull, hi, s));
  }
  if (lane == 0) {
    SummaryRow sr;
    sr.total = t;
    sr.farthest = far;
    sr.unreachable = unreachable;
    sr.first_unreachable = first_unreachable == 0xFFFFFFFFu ? kNoColumn : first_unreachable;
    summary[first_row + r] = sr;
    CentralityRow cr;
    cr.harmonic = h;
    cr.lo = lo;
    cr.hi = hi;
    centrality[first_row + r] = cr;
  }
}

// Counts finite d(i, j), j != i (j > i when undirected), into `bins` bins.
// Per-warp shared bins when they fit (warp_bins), else global atomics.
template <class T> __global__ void __launch_bounds__(kThreads)
    HistogramKernel(const T* __restrict__ block, size_t stride, unsigned n, unsigned first_row, unsigned rows, T inf,
                    const std::uint32_t* __restrict__ row_vertices, bool directed, double min, double width,
                    unsigned bins, bool warp_bins, unsigned long long* __restrict__ counts) {
  extern __shared__ unsigned shared_bins[];
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (warp_bins)
    for (unsigned b = threadIdx.x; b < kWarpsPerBlock * bins; b += blockDim.x) shared_bins[b] = 0;
  __syncthreads();
  const unsigned r = blockIdx.x * kWarpsPerBlock + warp;
  if (r < rows) {
    const unsigned i = row_vertices ? row_vertices[r] : first_row + r;
    const unsigned j_begin = directed ? 0 : i + 1;
    const unsigned col_blocks = (n + kSumLanes - 1) / kSumLanes;
    unsigned* mine = shared_bins + warp * bins;
    ScanRow(block + size_t(r) * stride, j_begin / kSumLanes, col_blocks, lane, [&](int, unsigned j, T raw) {
      if (j < j_begin || j >= n || j == i || !(raw < inf)) return;
      const auto b = static_cast<unsigned>(HistogramBin(static_cast<double>(raw), min, width, bins));
      if (warp_bins) atomicAdd(mine + b, 1u);
      else atomicAdd(counts + b, 1ull);
    });
  }
  if (!warp_bins) return;
  __syncthreads();
  for (unsigned b = threadIdx.x; b < bins; b += blockDim.x) {
    unsigned long long sum = 0;
    for (int w = 0; w < kWarpsPerBlock; ++w) sum += shared_bins[w * bins + b];
    if (sum) atomicAdd(counts + b, sum);
  }
}

// Host threads that fill the staging buffers: created once per run (a block
// is 16 MiB, so spawning threads per block would cost as much as the copy).
// The calling thread copies the first chunk itself.
class CopyPool {
 public:
  explicit CopyPool(int threads) {
    for (int w = 1; w < threads; ++w) workers_.emplace_back([this, w] { Work(w); });
    parts_ = threads;
  }
  ~CopyPool() {
    {
      std::lock_guard<std::mutex> lock(m_);
      stop_ = true;
    }
    start_.notify_all();
    for (auto& t : workers_) t.join();
  }
  CopyPool(const CopyPool&) = delete;
  CopyPool& operator=(const CopyPool&) = delete;

  void Copy(void* dst, const void* src, std::size_t bytes) {
    constexpr std::size_t kMinChunk = std::size_t{1} << 20;
    if (workers_.empty() || bytes < 2 * kMinChunk) {
      std::memcpy(dst, src, bytes);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(m_);
      dst_ = static_cast<char*>(dst);
      src_ = static_cast<const char*>(src);
      bytes_ = bytes;
      chunk_ = (bytes + parts_ - 1) / parts_;
      pending_ = static_cast<int>(workers_.size());
      ++generation_;
    }
    start_.notify_all();
    CopyChunk(0);
    std::unique_lock<std::mutex> lock(m_);
    done_.wait(lock, [this] { return pending_ == 0; });
  }

 private:
  void CopyChunk(int part) {
    const std::size_t begin = std::min(bytes_, part * chunk_), end = std::min(bytes_, begin + chunk_);
    if (end > begin) std::memcpy(dst_ + begin, src_ + begin, end - begin);
  }
  void Work(int part) {
    std::uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(m_);
        start_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
      }
      CopyChunk(part);
      std::lock_guard<std::mutex> lock(m_);
      if (--pending_ == 0) done_.notify_one();
    }
  }

  std::mutex m_;
  std::condition_variable start_, done_;
  std::vector<std::thread> workers_;
  int parts_ = 1;
  int pending_ = 0;
  bool stop_ = false;
  std::uint64_t generation_ = 0;
  char* dst_ = nullptr;
  const char* src_ = nullptr;
  std::size_t bytes_ = 0, chunk_ = 0;
};

double SecondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

template <class T> GpuMetricsPasses RunGpuMetricsPasses(const MatrixView<T>& d, bool directed, std::size_t max_bins,
                                                        const GpuMetricsOptions& options) {
  static_assert(std::is_same_v<T, std::int32_t> || std::is_same_v<T, float>);
  GpuMetricsPasses out;
  const std::size_t n = d.n, stride = d.stride;
  if (n >= (std::size_t{1} << 31)) throw Error("GPU metrics: n is too large for 32-bit column indices");
  std::size_t free_b = 0, total_b = 0;
  GDIST_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  out.plan = PlanGpuMetrics(n, stride, sizeof(T), free_b, options);
  if (!out.plan.feasible) throw Error(out.plan.reason);
  const GpuMetricsPlan& plan = out.plan;
  const int copy_threads = options.copy_threads > 0
                               ? options.copy_threads
                               : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const T inf = ElementTraits<T>::kInf;

  StepLog steps("gpu metrics");
  cuda::DeviceBuffer<SummaryRow> summary(n);
  cuda::DeviceBuffer<CentralityRow> centrality(n);
  cuda::DeviceBuffer<T> matrix(plan.resident ? n * stride : 2 * plan.block_rows * stride);
  cuda::PinnedHostBuffer staging(plan.staging_bytes);
  cuda::Stream copy, compute;
  cuda::Event copied[2], computed[2];
  CopyPool pool(copy_threads);
  steps.Step("allocate (pinned staging too)", 0);
  const double matrix_bytes = double(n) * stride * sizeof(T);

  // One pass over the rows: host copy -> staging[slot] -> device -> launch(block on device, first row, rows).
  auto stream_rows = [&](auto launch) {
    for (std::size_t b = 0; b < plan.blocks; ++b) {
      const int slot = static_cast<int>(b % 2);
      const std::size_t r0 = b * plan.block_rows, rows = std::min(plan.block_rows, n - r0);
      const std::size_t bytes = rows * stride * sizeof(T);
      // staging[slot] last served block b-2: its copy to the device must be done.
      if (b >= 2) GDIST_CUDA_CHECK(cudaEventSynchronize(copied[slot].get()));
      // One staging buffer when the matrix is one block (plan.staging_bytes).
      const int stage = plan.blocks > 1 ? slot : 0;
      char* host = static_cast<char*>(staging.get()) + stage * plan.block_rows * stride * sizeof(T);
      pool.Copy(host, d.row(r0), bytes);
      T* dev = plan.resident ? matrix.get() + r0 * stride : matrix.get() + slot * plan.block_rows * stride;
      // Streaming: device slot reused; block b-2's kernel must have read it.
      if (!plan.resident && b >= 2) GDIST_CUDA_CHECK(cudaStreamWaitEvent(copy.get(), computed[slot].get(), 0));
      GDIST_CUDA_CHECK(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, copy.get()));
      GDIST_CUDA_CHECK(cudaEventRecord(copied[slot].get(), copy.get()));
      GDIST_CUDA_CHECK(cudaStreamWaitEvent(compute.get(), copied[slot].get(), 0));
      launch(dev, r0, rows);
      GDIST_CUDA_CHECK(cudaEventRecord(computed[slot].get(), compute.get()));
    }
    // Any fault of any kernel or copy above surfaces here.
    GDIST_CUDA_CHECK(cudaStreamSynchronize(copy.get()));
    GDIST_CUDA_CHECK(cudaStreamSynchronize(compute.get()));
  };
  auto grid = [](std::size_t rows) { return static_cast<unsigned>((rows + kWarpsPerBlock - 1) / kWarpsPerBlock); };

  auto t0 = std::chrono::steady_clock::now();
  stream_rows([&](const T* dev, std::size_t r0, std::size_t rows) {
    RowPassKernel<T><<<grid(rows), kThreads, 0, compute.get()>>>(dev, stride, unsigned(n), unsigned(r0), unsigned(rows),
                                                                 inf, nullptr, summary.get(), centrality.get());
    GDIST_CUDA_CHECK_LAUNCH("RowPassKernel");
  });
  out.summary.resize(n);
  out.centrality.resize(n);
  GDIST_CUDA_CHECK(cudaMemcpy(out.summary.data(), summary.get(), summary.bytes(), cudaMemcpyDeviceToHost));
  GDIST_CUDA_CHECK(cudaMemcpy(out.centrality.data(), centrality.get(), centrality.bytes(), cudaMemcpyDeviceToHost));
  out.pass1_seconds = SecondsSince(t0);
  steps.Step("pass 1 (rows through PCIe)", matrix_bytes);

  t0 = std::chrono::steady_clock::now();
  double lo, hi;
  RowRange(out.centrality, &lo, &hi);
  out.shape = ShapeHistogram(lo, hi, std::is_integral_v<T>, max_bins);
  if (out.shape.bins == 0) return out;
  const unsigned bins = static_cast<unsigned>(out.shape.bins);
  const std::size_t shared = kWarpsPerBlock * bins * sizeof(unsigned);
  const bool warp_bins = shared <= 48 * 1024;
  cuda::DeviceBuffer<unsigned long long> counts(bins);
  GDIST_CUDA_CHECK(cudaMemsetAsync(counts.get(), 0, counts.bytes(), compute.get()));
  auto histogram = [&](const T* dev, std::size_t r0, std::size_t rows) {
    HistogramKernel<T><<<grid(rows), kThreads, warp_bins ? shared : 0, compute.get()>>>(
        dev, stride, unsigned(n), unsigned(r0), unsigned(rows), inf, nullptr, directed, out.shape.min, out.shape.width,
        bins, warp_bins, counts.get());
    GDIST_CUDA_CHECK_LAUNCH("HistogramKernel");
  };
  if (plan.resident) {
    histogram(matrix.get(), 0, n);  // the matrix is still on the device
    GDIST_CUDA_CHECK(cudaStreamSynchronize(compute.get()));
  } else {
    stream_rows(histogram);
  }
  std::vector<unsigned long long> host_counts(bins);
  GDIST_CUDA_CHECK(cudaMemcpy(host_counts.data(), counts.get(), counts.bytes(), cudaMemcpyDeviceToHost));
  out.counts.assign(host_counts.begin(), host_counts.end());
  out.pass2_seconds = SecondsSince(t0);
  steps.Step(plan.resident ? "pass 2 (histogram, resident)" : "pass 2 (histogram, streamed)", matrix_bytes);
  return out;
}

template <class T> void RowPassOnDevice(const T* rows, std::size_t stride, std::size_t n, std::size_t first_row,
                                        std::size_t count, SummaryRow* summary, CentralityRow* centrality, void* stream,
                                        const std::uint32_t* row_vertices) {
  if (count == 0) return;
  const unsigned grid = static_cast<unsigned>((count + kWarpsPerBlock - 1) / kWarpsPerBlock);
  RowPassKernel<T><<<grid, kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      rows, stride, unsigned(n), unsigned(first_row), unsigned(count), ElementTraits<T>::kInf, row_vertices, summary,
      centrality);
  GDIST_CUDA_CHECK_LAUNCH("RowPassKernel");
}

template <class T> void HistogramOnDevice(const T* rows, std::size_t stride, std::size_t n, std::size_t first_row,
                                          std::size_t count, bool directed, const HistogramShape& shape,
                                          unsigned long long* counts, void* stream, const std::uint32_t* row_vertices) {
  if (count == 0 || shape.bins == 0) return;
  const unsigned bins = static_cast<unsigned>(shape.bins);
  const std::size_t shared = kWarpsPerBlock * bins * sizeof(unsigned);
  const bool warp_bins = shared <= 48 * 1024;
  const unsigned grid = static_cast<unsigned>((count + kWarpsPerBlock - 1) / kWarpsPerBlock);
  HistogramKernel<T><<<grid, kThreads, warp_bins ? shared : 0, static_cast<cudaStream_t>(stream)>>>(
      rows, stride, unsigned(n), unsigned(first_row), unsigned(count), ElementTraits<T>::kInf, row_vertices, directed,
      shape.min, shape.width, bins, warp_bins, counts);
  GDIST_CUDA_CHECK_LAUNCH("HistogramKernel");
}

template void RowPassOnDevice(const std::int32_t*, std::size_t, std::size_t, std::size_t, std::size_t, SummaryRow*,
                              CentralityRow*, void*, const std::uint32_t*);
template void RowPassOnDevice(const float*, std::size_t, std::size_t, std::size_t, std::size_t, SummaryRow*,
                              CentralityRow*, void*, const std::uint32_t*);
template void HistogramOnDevice(const std::int32_t*, std::size_t, std::size_t, std::size_t, std::size_t, bool,
                                const HistogramShape&, unsigned long long*, void*, const std::uint32_t*);
template void HistogramOnDevice(const float*, std::size_t, std::size_t, std::size_t, std::size_t, bool,
                                const HistogramShape&, unsigned long long*, void*, const std::uint32_t*);

template GpuMetricsPasses RunGpuMetricsPasses(const MatrixView<std::int32_t>&, bool, std::size_t,
                                              const GpuMetricsOptions&);
template GpuMetricsPasses RunGpuMetricsPasses(const MatrixView<float>&, bool, std::size_t, const GpuMetricsOptions&);

}  // namespace gdist
