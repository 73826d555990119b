// GPU engine == CPU engine, bit for bit, on a real device (skipped where
// ProbeGpu() finds none, e.g. in CI), float32 with fractional weights too.
// Fresh seeds every run, printed on failure. Sizes around the 128 tile: 1, 2,
// 63, 64, 65, 1000, 4097.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

#include "lib/core/range_check.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/matrix/dist_matrix.hpp"

namespace gdist {
namespace {

const std::size_t kSizes[] = {1, 2, 63, 64, 65, 1000, 4097};

// A macro, since GTEST_SKIP only leaves the function it is written in.
#define SKIP_WITHOUT_GPU()                                                          \
  do {                                                                              \
    const GpuStatus gpu_status = ProbeGpu();                                        \
    if (!gpu_status.usable) GTEST_SKIP() << "no usable GPU: " << gpu_status.reason; \
  } while (0)

struct GraphSpec {
  double density;               // probability of an arc
  int min_w, max_w;             // integer weights (before potentials)
  bool potentials;              // w'(u,v) = w + p(u) - p(v): negative arcs, no negative cycle
  double scale = 1.0;           // float weights = integer / scale (dyadic scales keep sums exact)
  bool negative_zeros = false;  // about 1 arc in 16 weighs -0 (SolveApsp reads it as +0 on both backends)
};

template <class T> DistMatrix<T> RandomGraph(std::size_t n, const GraphSpec& g, std::mt19937_64& rng) {
  DistMatrix<T> m(n);
  m.meta().labels = VertexLabels::Range(n, 0);
  std::uniform_real_distribution<double> coin(0, 1);
  std::uniform_int_distribution<int> w(g.min_w, g.max_w), pot(0, 50);
  std::vector<int> p(n);
  for (auto& x : p) x = g.potentials ? pot(rng) : 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j && coin(rng) < g.density) {
        m.at(i, j) = static_cast<T>((w(rng) + p[i] - p[j]) / g.scale);
        if (g.negative_zeros && coin(rng) < 1.0 / 16) m.at(i, j) = static_cast<T>(-0.0);
      }
  return m;
}

template <class T> void ExpectGpuEqualsCpu(const GraphSpec& g, const char* what) {
  const std::uint64_t seed = std::random_device{}() * 0x9e3779b97f4a7c15ull ^ std::random_device{}();
  std::mt19937_64 rng(seed);
  for (std::size_t n : kSizes) {
    DistMatrix<T> gpu = RandomGraph<T>(n, g, rng);
    DistMatrix<T> cpu(n);
    std::copy(gpu.data(), gpu.data() + gpu.stride() * gpu.stride(), cpu.data());
    cpu.meta() = gpu.meta();
    ApspOptions on_gpu, on_cpu;
    on_gpu.backend = Backend::kGpu;
    on_cpu.backend = Backend::kCpu;
    ApspReport rg = SolveApsp(gpu, on_gpu);
    ApspReport rc = SolveApsp(cpu, on_cpu);
    ASSERT_EQ(rg.used, Backend::kGpu) << rg.note;
    ASSERT_EQ(rc.used, Backend::kCpu);
    std::size_t bad = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        const T a = gpu.at(i, j), b = cpu.at(i, j);
        const bool same = std::memcmp(&a, &b, sizeof(T)) == 0;  // bits: +0 and -0 differ
        if (!same && bad++ < 5)
          ADD_FAILURE() << what << " seed " << seed << " n " << n << " (" << i << "," << j << "): gpu " << a << " cpu "
                        << b;
      }
    ASSERT_EQ(bad, 0u) << what << " seed " << seed << " n " << n;
  }
}

TEST(GpuDevice, Int32DenseRandom) {
  SKIP_WITHOUT_GPU();
  ExpectGpuEqualsCpu<std::int32_t>({0.3, 1, 1000, false}, "int32 dense");
}

TEST(GpuDevice, Int32SparseInfHeavy) {
  SKIP_WITHOUT_GPU();
  ExpectGpuEqualsCpu<std::int32_t>({0.002, 1, 100000, false}, "int32 INF-heavy");
}

TEST(GpuDevice, Int32NegativeWeights) {
  SKIP_WITHOUT_GPU();
  ExpectGpuEqualsCpu<std::int32_t>({0.05, 0, 100, true}, "int32 negative");
}

// Weights up to 16 on n <= 1000 pass Int16ModeFits: the GPU runs in 16 bits
// there (4097 does not fit and runs in int32); results must still be identical.
TEST(GpuDevice, Int32SmallWeightsUseInt16Mode) {
  SKIP_WITHOUT_GPU();
  ASSERT_TRUE(Int16ModeFits(1000, 16, false));
  ASSERT_EQ(PlanGpuRun(ElementType::kInt32, 1024, GpuRunInfo{16, false, 1000}, std::size_t{1} << 30).mode,
            GpuMode::kInt16);
  ExpectGpuEqualsCpu<std::int32_t>({0.01, 0, 16, false}, "int16 mode");
}

// n = 4097 and 9000 with weights 1..3 fail the n rule; the graph's own bound
// (a connected random graph: distances around 10) picks 16 bits. Arcs of
// weight >= INF16 that lie on no shortest path test the clamped narrowing.
// Reference: the CPU engine in 32 bits.
TEST(GpuDevice, Int16ModeFromTheGraphsBound) {
  SKIP_WITHOUT_GPU();
  const std::uint64_t seed = std::random_device{}() * 0x9e3779b97f4a7c15ull ^ std::random_device{}();
  std::mt19937_64 rng(seed);
  for (std::size_t n : {4097u, 9000u}) {
    DistMatrix<std::int32_t> gpu = RandomGraph<std::int32_t>(n, {8.0 / double(n), 1, 3, false}, rng);
    for (std::size_t u = 0; u + 2 < n; u += 5)
      if (gpu.at(u, u + 1) < kInt16Inf && gpu.at(u + 1, u + 2) < kInt16Inf) gpu.at(u, u + 2) = 20000 + int(u);
    DistMatrix<std::int32_t> cpu(n);
    std::copy(gpu.data(), gpu.data() + gpu.stride() * gpu.stride(), cpu.data());
    cpu.meta() = gpu.meta();
    ApspOptions cpu32, on_gpu;
    cpu32.backend = Backend::kCpu;
    cpu32.allow_int16 = false;
    on_gpu.backend = Backend::kGpu;
    const ApspReport rg = SolveApsp(gpu, on_gpu);
    const ApspReport rc = SolveApsp(cpu, cpu32);
    ASSERT_EQ(rg.used, Backend::kGpu) << rg.note;
    EXPECT_EQ(rg.element_bits, 16) << rg.precision_reason;
    EXPECT_EQ(rc.element_bits, 32);
    EXPECT_EQ(std::memcmp(gpu.data(), cpu.data(), gpu.payload_bytes()), 0) << "seed " << seed << " n " << n;
  }
}

// Quarter-integer weights: every path sum is exact in float32, so any
// difference would be a wrong relaxation, not rounding.
TEST(GpuDevice, Float32DyadicWeights) {
  SKIP_WITHOUT_GPU();
  ExpectGpuEqualsCpu<float>({0.1, 1, 4000, false, 4.0}, "float32");
}

TEST(GpuDevice, Float32NegativeWeights) {
  SKIP_WITHOUT_GPU();
  ExpectGpuEqualsCpu<float>({0.05, 0, 400, true, 4.0}, "float32 negative");
}

// Weights in sevenths: path sums round, so only the same sums on both backends
// (the same tiles, phases and panel rule: lib/testing/fw_device_twin.hpp) give
// the same bits. Weights >= 1/7 before potentials: every cycle stays positive
// after the arcs' rounding. Some arcs weigh -0.
TEST(GpuDevice, Float32FractionalWeights) {
  SKIP_WITHOUT_GPU();
  ExpectGpuEqualsCpu<float>({0.1, 1, 4000, false, 7.0, true}, "float32 sevenths");
}

TEST(GpuDevice, Float32FractionalNegativeWeights) {
  SKIP_WITHOUT_GPU();
  ExpectGpuEqualsCpu<float>({0.05, 1, 400, true, 7.0}, "float32 sevenths negative");
}

}  // namespace
}  // namespace gdist
