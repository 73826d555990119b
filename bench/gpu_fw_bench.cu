// GPU Floyd-Warshall benchmark: kernel time with the matrix already on the
// device, our engine (int32, 16-bit, float32; look-ahead on and off) against
// the textbook baseline (bench/gpu_fw_baseline.cuh) in the same run, on fresh
// random graphs (30% arcs, weights 1..1000, as in shared/docs/anchors.md).
// Every timed result is checked on the device against the int32 result of our
// engine, and the int32 result itself against the baseline (two different
// algorithms' implementations). --variants adds the schedules and tile-kernel
// variants the engine does not run (bench/gpu_fw_variants.cuh). Prints relax/s (n^3 per run) and the fraction
// of the measured H100 ceilings.
//
//   gpu_fw_bench [--sizes 1000,2500,...] [--reps 3] [--baseline-max 16384]
//                [--seed S] [--variants] [--write-gdm PATH N]   (adjacency file for gapsp)
#include <cuda_runtime.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "bench/gpu_fw_baseline.cuh"
#include "bench/gpu_fw_variants.cuh"
#include "kernels/cuda/cuda_check.cuh"
#include "kernels/cuda/device_memory.cuh"
#include "kernels/cuda/fw_device.cuh"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/matrix_file.hpp"

namespace {

using gdist::cuda::DeviceBuffer;
constexpr int kInf32 = gdist::ElementTraits<std::int32_t>::kInf;
constexpr double kCeilInt32 = 1.60e13, kCeilInt16 = 3.19e13, kCeilFloat = 1.30e13;  // anchors.md

std::uint64_t SplitMix(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Random adjacency: arc with probability 0.3, weight 1..1000; padded like
// DistMatrix. Row i depends only on (seed, i), so rows can be filled in any order.
void FillRandomRow(std::int32_t* m, std::size_t n, std::size_t stride, std::uint64_t seed, std::size_t i) {
  std::uint64_t s = seed ^ (0x632be59bd9b4e019ull * (i + 1));
  std::int32_t* row = m + i * stride;
  for (std::size_t j = 0; j < stride; ++j) {
    std::int32_t v = kInf32;
    if (i < n && j < n) {
      const std::uint64_t r = SplitMix(s);
      if ((r & 1023) < 307) v = 1 + static_cast<std::int32_t>((r >> 10) % 1000);
    }
    row[j] = i == j ? 0 : v;
  }
}

// Rows are split over std::threads (this .cu gets no OpenMP flags).
void FillRandomGraph(std::int32_t* m, std::size_t n, std::size_t stride, std::uint64_t seed) {
  const unsigned workers = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < workers; ++w)
    pool.emplace_back([=] {
      for (std::size_t i = w; i < stride; i += workers) FillRandomRow(m, n, stride, seed, i);
    });
  for (auto& t : pool) t.join();
}

__global__ void CountMismatches(const std::int32_t* a, const std::int32_t* b, std::size_t n, std::size_t stride,
                                unsigned long long* out) {
  unsigned long long bad = 0;
  for (std::size_t e = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x; e < n * n;
       e += (std::size_t)gridDim.x * blockDim.x) {
    const std::size_t i = e / n, j = e % n;
    bad += a[i * stride + j] != b[i * stride + j];
  }
  if (bad) atomicAdd(out, bad);
}

__global__ void IntToFloat(const std::int32_t* a, float* f, std::size_t count) {
  for (std::size_t e = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x; e < count;
       e += (std::size_t)gridDim.x * blockDim.x)
    f[e] = a[e] >= kInf32 ? __int_as_float(0x7f800000) : static_cast<float>(a[e]);
}
__global__ void FloatToInt(const float* f, std::int32_t* a, std::size_t count) {
  for (std::size_t e = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x; e < count;
       e += (std::size_t)gridDim.x * blockDim.x)
    a[e] = isinf(f[e]) ? kInf32 : static_cast<std::int32_t>(f[e]);
}

std::size_t Mismatches(const std::int32_t* a, const std::int32_t* b, std::size_t n, std::size_t stride) {
  DeviceBuffer<unsigned long long> counter(1);
  GDIST_CUDA_CHECK(cudaMemset(counter.get(), 0, sizeof(unsigned long long)));
  CountMismatches<<<1024, 256>>>(a, b, n, stride, counter.get());
  GDIST_CUDA_CHECK_LAUNCH("CountMismatches");
  unsigned long long h = 0;
  GDIST_CUDA_CHECK(cudaMemcpy(&h, counter.get(), sizeof h, cudaMemcpyDeviceToHost));
  return h;
}

struct Timing {
  double median_ms = 0, best_ms = 0;
};

// Times `run` (enqueues on stream 0) reps times after `reset` (untimed).
template <class Reset, class Run> Timing TimeRuns(int reps, Reset reset, Run run) {
  cudaEvent_t e0, e1;
  GDIST_CUDA_CHECK(cudaEventCreate(&e0));
  GDIST_CUDA_CHECK(cudaEventCreate(&e1));
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) {
    reset();
    GDIST_CUDA_CHECK(cudaDeviceSynchronize());
    GDIST_CUDA_CHECK(cudaEventRecord(e0, 0));
    run();
    GDIST_CUDA_CHECK(cudaEventRecord(e1, 0));
    GDIST_CUDA_CHECK(cudaEventSynchronize(e1));
    GDIST_CUDA_CHECK(cudaGetLastError());
    float t = 0;
    GDIST_CUDA_CHECK(cudaEventElapsedTime(&t, e0, e1));
    ms.push_back(t);
  }
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms.front()};
}

void Report(std::size_t n, const char* what, const Timing& t, double ceiling, std::size_t bad) {
  const double relax = static_cast<double>(n) * n * n;
  const double rate = relax / (t.median_ms * 1e-3);
  std::printf("%6zu  %-22s %10.2f %10.2f  %9.3e  %5.1f%%  %s\n", n, what, t.median_ms, t.best_ms, rate,
              100.0 * rate / ceiling, bad == 0 ? "ok" : ("MISMATCH " + std::to_string(bad)).c_str());
  std::fflush(stdout);
}

int WriteGdm(const std::string& path, std::size_t n, std::uint64_t seed) {
  gdist::DistMatrix<std::int32_t> m(n);
  FillRandomGraph(m.data(), n, m.stride(), seed);
  m.meta().labels = gdist::VertexLabels::Range(n, 0);
  gdist::WriteMatrixFile(path, m);
  std::printf("wrote %s: n=%zu seed=%llu\n", path.c_str(), n, (unsigned long long)seed);
  return 0;
}

}  // namespace

int main(int argc, char** argv) try {
  std::vector<std::size_t> sizes = {1000, 2500, 5000, 7500, 10000, 16384, 32768};
  int reps = 3;
  std::size_t baseline_max = 16384;
  bool variants = false;
  std::uint64_t seed = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  std::vector<std::string> write_gdm;
  CLI::App app{"GPU Floyd-Warshall kernels against the textbook baseline, in one run"};
  app.add_option("--sizes", sizes, "vertex counts")->delimiter(',')->check(CLI::PositiveNumber);
  app.add_option("--reps", reps, "runs per kernel (median and best reported)")->check(CLI::PositiveNumber);
  app.add_option("--baseline-max", baseline_max, "largest n the textbook baseline runs on");
  app.add_flag("--variants", variants, "also time the schedules and tile-kernel variants the engine does not run");
  app.add_option("--seed", seed, "random graph seed (default: the clock)");
  app.add_option("--write-gdm", write_gdm, "PATH N: write an n-vertex random adjacency .gdm for gapsp and exit")
      ->expected(2);
  CLI11_PARSE(app, argc, argv);
  if (!write_gdm.empty()) return WriteGdm(write_gdm[0], std::stoul(write_gdm[1]), seed);
  cudaDeviceProp prop{};
  GDIST_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs; seed %llu; reps %d (median and best of reps)\n", prop.name, prop.multiProcessorCount,
              (unsigned long long)seed, reps);
  std::printf("%6s  %-22s %10s %10s  %9s  %6s  %s\n", "n", "kernel", "median ms", "best ms", "relax/s", "ceil",
              "check");

  for (std::size_t n : sizes) {
    const std::size_t stride = gdist::PaddedSize(n), count = stride * stride;
    gdist::DistMatrix<std::int32_t> host(n);
    FillRandomGraph(host.data(), n, stride, seed + n);
    DeviceBuffer<std::int32_t> orig(count), work(count), ref(count);
    GDIST_CUDA_CHECK(cudaMemcpy(orig.get(), host.data(), count * 4, cudaMemcpyHostToDevice));
    auto reset32 = [&] { GDIST_CUDA_CHECK(cudaMemcpy(work.get(), orig.get(), count * 4, cudaMemcpyDeviceToDevice)); };

    using gdist::bench::FwSchedule;
    using gdist::bench::FwVariant;
    using gdist::bench::VariantFloydWarshall;
    {
      Timing t = TimeRuns(reps, reset32, [&] { gdist::cuda::FloydWarshallOnDevice(work.get(), stride, 0); });
      GDIST_CUDA_CHECK(cudaMemcpy(ref.get(), work.get(), count * 4, cudaMemcpyDeviceToDevice));
      Report(n, "int32 lookahead", t, kCeilInt32, 0);
    }
    for (FwSchedule sched : {FwSchedule::kSerial, FwSchedule::kDataflow}) {
      if (!variants) break;
      FwVariant v;
      v.schedule = sched;
      Timing t = TimeRuns(reps, reset32, [&] { VariantFloydWarshall(work.get(), stride, 0, v); });
      const std::string label = std::string("int32 ") + gdist::bench::FwScheduleName(sched);
      Report(n, label.c_str(), t, kCeilInt32, Mismatches(work.get(), ref.get(), n, stride));
    }
    if (variants) {
      FwVariant v;
      v.late_c = false;
      Timing t = TimeRuns(reps, reset32, [&] { VariantFloydWarshall(work.get(), stride, 0, v); });
      Report(n, "int32 lookahead C first", t, kCeilInt32, Mismatches(work.get(), ref.get(), n, stride));
    }
    for (int unroll : {1, 2, 4}) {
      if (!variants) break;
      FwVariant v;
      v.k_unroll = unroll;
      Timing t = TimeRuns(reps, reset32, [&] { VariantFloydWarshall(work.get(), stride, 0, v); });
      const std::string label = "int32 lookahead unroll " + std::to_string(unroll);
      Report(n, label.c_str(), t, kCeilInt32, Mismatches(work.get(), ref.get(), n, stride));
    }
    if (n <= baseline_max) {
      Timing t = TimeRuns(reps > 1 && n > 10000 ? 1 : reps, reset32,
                          [&] { gdist::bench::BaselineFloydWarshall(work.get(), stride, 0); });
      Report(n, "int32 textbook 32x32", t, kCeilInt32, Mismatches(work.get(), ref.get(), n, stride));
    }
    {
      DeviceBuffer<std::int16_t> w16(count);
      Timing t = TimeRuns(
          reps, [&] { gdist::cuda::NarrowToInt16(orig.get(), w16.get(), count, 0); },
          [&] { gdist::cuda::FloydWarshallOnDevice(w16.get(), stride, 0); });
      gdist::cuda::WidenFromInt16(w16.get(), work.get(), count, 0);
      Report(n, "int16 lookahead (forced)", t, kCeilInt16, Mismatches(work.get(), ref.get(), n, stride));
      if (variants) {
        FwVariant v;
        v.late_c = false;
        Timing tv = TimeRuns(
            reps, [&] { gdist::cuda::NarrowToInt16(orig.get(), w16.get(), count, 0); },
            [&] { VariantFloydWarshall(w16.get(), stride, 0, v); });
        gdist::cuda::WidenFromInt16(w16.get(), work.get(), count, 0);
        Report(n, "int16 lookahead C first", tv, kCeilInt16, Mismatches(work.get(), ref.get(), n, stride));
      }
      for (int unroll : {1, 2, 4}) {
        if (!variants) break;
        FwVariant v;
        v.k_unroll = unroll;
        Timing tv = TimeRuns(
            reps, [&] { gdist::cuda::NarrowToInt16(orig.get(), w16.get(), count, 0); },
            [&] { VariantFloydWarshall(w16.get(), stride, 0, v); });
        gdist::cuda::WidenFromInt16(w16.get(), work.get(), count, 0);
        const std::string label = "int16 lookahead unroll " + std::to_string(unroll);
        Report(n, label.c_str(), tv, kCeilInt16, Mismatches(work.get(), ref.get(), n, stride));
      }
    }
    {
      DeviceBuffer<float> wf(count);
      Timing t = TimeRuns(
          reps, [&] { IntToFloat<<<4096, 256>>>(orig.get(), wf.get(), count); },
          [&] { gdist::cuda::FloydWarshallOnDevice(wf.get(), stride, 0); });
      FloatToInt<<<4096, 256>>>(wf.get(), work.get(), count);
      GDIST_CUDA_CHECK_LAUNCH("FloatToInt");
      Report(n, "float32 lookahead", t, kCeilFloat, Mismatches(work.get(), ref.get(), n, stride));
    }
  }
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "gpu_fw_bench: %s\n", e.what());
  return 2;
}
