// The metrics dispatcher's host logic, on any machine: the device-memory plan
// (resident or streamed, block sizes, why not feasible), the backend choice
// (when the GPU is probed at all, errors for --backend gpu), the row
// functions shared with the GPU kernels against naive loops, and the CPU path
// of ComputeDistanceMetrics against Summarize + ComputeCentrality.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "lib/engine/gpu_backend.hpp"
#include "lib/metrics/distance_metrics.hpp"
#include "lib/metrics/metrics_gpu_plan.hpp"
#include "lib/metrics/row_reduction.hpp"
#include "lib/util/error.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20, kGiB = kMiB << 10;

std::size_t FixedBytes(std::size_t n) {
  return n * (sizeof(SummaryRow) + sizeof(CentralityRow)) + DeviceBudget::kHeadroomBytes;
}

TEST(GpuMetricsPlan, ResidentWhenTheMatrixFits) {
  const GpuMetricsPlan p = PlanGpuMetrics(1000, 1024, 4, kGiB, {});
  ASSERT_TRUE(p.feasible) << p.reason;
  EXPECT_TRUE(p.resident);
  EXPECT_EQ(p.block_rows, 1000u);  // 16 MiB of 4 KiB rows is more than n
  EXPECT_EQ(p.blocks, 1u);
  EXPECT_EQ(p.device_bytes, FixedBytes(1000) + 1000 * 1024 * 4);
  EXPECT_EQ(p.staging_bytes, 1000 * 1024 * 4u);  // one block: one staging buffer
}

TEST(GpuMetricsPlan, StreamsWhenItDoesNot) {
  // n = 32768 int32: 4 GiB of rows, 1 GiB free.
  const GpuMetricsPlan p = PlanGpuMetrics(32768, 32768, 4, kGiB, {});
  ASSERT_TRUE(p.feasible) << p.reason;
  EXPECT_FALSE(p.resident);
  EXPECT_EQ(p.block_rows, 128u);  // 16 MiB / 128 KiB rows
  EXPECT_EQ(p.blocks, 256u);
  EXPECT_EQ(p.device_bytes, FixedBytes(32768) + 2 * 128 * 32768 * 4);
  EXPECT_EQ(p.staging_bytes, 2 * 128 * 32768 * 4u);
  EXPECT_LE(p.device_bytes, kGiB);
}

TEST(GpuMetricsPlan, HalvesBlocksUntilTwoFit) {
  const std::size_t free_bytes = FixedBytes(32768) + 10 * kMiB;  // two 16 MiB blocks do not fit, two 4 MiB do
  const GpuMetricsPlan p = PlanGpuMetrics(32768, 32768, 4, free_bytes, {});
  ASSERT_TRUE(p.feasible) << p.reason;
  EXPECT_FALSE(p.resident);
  EXPECT_EQ(p.block_rows, 32u);
  EXPECT_LE(p.device_bytes, free_bytes);
}

TEST(GpuMetricsPlan, NotFeasibleSaysWhy) {
  const GpuMetricsPlan p = PlanGpuMetrics(32768, 32768, 4, 10 * kMiB, {});
  EXPECT_FALSE(p.feasible);
  EXPECT_NE(p.reason.find("10 MiB are free"), std::string::npos) << p.reason;
  const GpuMetricsPlan bad_stride = PlanGpuMetrics(1000, 1000, 4, kGiB, {});
  EXPECT_FALSE(bad_stride.feasible);
  EXPECT_NE(bad_stride.reason.find("stride"), std::string::npos);
  EXPECT_FALSE(PlanGpuMetrics(1000, 1024, 8, kGiB, {}).feasible);  // int64
  EXPECT_FALSE(PlanGpuMetrics(0, 128, 4, kGiB, {}).feasible);
}

TEST(GpuMetricsPlan, ForcedStreamingWithTinyBlocks) {
  GpuMetricsOptions o;
  o.force_streaming = true;
  o.block_rows = 3;
  const GpuMetricsPlan p = PlanGpuMetrics(1000, 1024, 4, kGiB, o);
  ASSERT_TRUE(p.feasible);
  EXPECT_FALSE(p.resident);
  EXPECT_EQ(p.block_rows, 3u);
  EXPECT_EQ(p.blocks, 334u);
  EXPECT_EQ(p.device_bytes, FixedBytes(1000) + 2 * 3 * 1024 * 4);
  EXPECT_EQ(p.staging_bytes, 2 * 3 * 1024 * 4u);
  o.block_rows = 5000;  // more than n: one block of n rows
  EXPECT_EQ(PlanGpuMetrics(1000, 1024, 4, kGiB, o).block_rows, 1000u);
}

struct CountingProbe {
  GpuStatus status;
  int calls = 0;
  std::function<GpuStatus()> fn() {
    return [this] {
      ++calls;
      return status;
    };
  }
};

// The cost model's break-even (distance_metrics.hpp): 0.6 GB/s per CPU thread
// against 0.4 s + bytes / 35 GB/s on the GPU.
TEST(MetricsBackend, GpuPaysOnlyForLargeMatrices) {
  const auto bytes = [](double n) { return n * n * 4; };
  EXPECT_FALSE(GpuMetricsPays(bytes(16384), 16));  // CPU 0.11 s, GPU 0.43 s
  EXPECT_FALSE(GpuMetricsPays(bytes(32768), 16));  // CPU 0.45 s, GPU 0.52 s (gcenter measured 0.58 vs 0.72)
  EXPECT_TRUE(GpuMetricsPays(bytes(40000), 16));   // CPU 0.67 s, GPU 0.58 s
  EXPECT_FALSE(GpuMetricsPays(bytes(8192), 2));    // CPU 0.22 s, GPU 0.41 s
  EXPECT_TRUE(GpuMetricsPays(bytes(16384), 2));    // CPU 0.89 s, GPU 0.43 s
}

TEST(MetricsBackend, CpuAndSmallMatricesNeverProbe) {
  CountingProbe probe{{true, "test GPU", kGiB}};
  EXPECT_EQ(ChooseMetricsBackend(Backend::kCpu, ElementType::kInt32, 100000, 16, probe.fn()).backend, Backend::kCpu);
  const MetricsBackendDecision small = ChooseMetricsBackend(Backend::kAuto, ElementType::kInt32, 16384, 16, probe.fn());
  EXPECT_EQ(small.backend, Backend::kCpu);
  EXPECT_NE(small.note.find("16 threads"), std::string::npos) << small.note;
  EXPECT_EQ(ChooseMetricsBackend(Backend::kAuto, ElementType::kInt64, 100000, 2, probe.fn()).backend, Backend::kCpu);
  EXPECT_EQ(probe.calls, 0);
}

TEST(MetricsBackend, AutoUsesAUsableGpuForLargeMatrices) {
  CountingProbe probe{{true, "test GPU", kGiB}};
  const MetricsBackendDecision d = ChooseMetricsBackend(Backend::kAuto, ElementType::kFloat32, 16384, 2, probe.fn());
  EXPECT_EQ(d.backend, Backend::kGpu);
  EXPECT_EQ(d.note, "test GPU");
  EXPECT_EQ(probe.calls, 1);
  // --backend gpu ignores the cost model.
  EXPECT_EQ(ChooseMetricsBackend(Backend::kGpu, ElementType::kInt32, 2, 16, probe.fn()).backend, Backend::kGpu);
}

TEST(MetricsBackend, NoGpuFallsBackOnAutoAndThrowsOnGpu) {
  CountingProbe probe{{false, "no NVIDIA GPU or driver found", 0}};
  const MetricsBackendDecision d = ChooseMetricsBackend(Backend::kAuto, ElementType::kInt32, 40000, 16, probe.fn());
  EXPECT_EQ(d.backend, Backend::kCpu);
  EXPECT_NE(d.note.find("no NVIDIA GPU or driver found"), std::string::npos) << d.note;
  try {
    ChooseMetricsBackend(Backend::kGpu, ElementType::kInt32, 10000, 16, probe.fn());
    ADD_FAILURE() << "no exception";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no usable GPU (no NVIDIA GPU or driver found)"), std::string::npos);
  }
  CountingProbe good{{true, "test GPU", kGiB}};
  EXPECT_THROW(ChooseMetricsBackend(Backend::kGpu, ElementType::kInt64, 10000, 16, good.fn()), Error);
}

// Ties: the first column of the largest value wins however the row is split.
TEST(RowReduction, FarthestKeepsTheFirstColumnOfTheMax) {
  EXPECT_EQ(Merge({5, 7}, {5, 3}).column, 3u);
  EXPECT_EQ(Merge({5, 3}, {5, 7}).column, 3u);
  EXPECT_EQ(Merge({4, 1}, {5, 9}).column, 9u);
  EXPECT_EQ(Merge({}, {}).column, kNoColumn);
}

// The CPU row scans against plain loops over the same rows (sums exact for
// integers; the harmonic sum in another order, so to 1e-12).
TEST(RowReduction, RowScansAgainstNaiveLoops) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  const std::int32_t inf = ElementTraits<std::int32_t>::kInf;
  for (std::size_t n : {1u, 5u, 127u, 128u, 129u, 300u, 1000u}) {
    std::vector<std::int32_t> row(n);
    std::uniform_int_distribution<int> value(-3, 40), kind(0, 9);
    for (auto& v : row) v = kind(rng) == 0 ? inf : value(rng);
    const std::size_t i = n / 2;
    row[i] = 0;
    const SummaryRow s = ScanSummaryRow(row.data(), n);
    const CentralityRow c = ScanCentralityRow(row.data(), i, n);
    double total = 0, harmonic = 0, best = 0, lo = INFINITY, hi = -INFINITY;
    std::uint64_t unreachable = 0, first_unreachable = kNoColumn, far = kNoColumn;
    for (std::size_t j = 0; j < n; ++j) {
      if (row[j] >= inf) {
        ++unreachable;
        if (first_unreachable == kNoColumn) first_unreachable = j;
        continue;
      }
      total += row[j];
      if (row[j] > best) best = row[j], far = j;
      if (j == i) continue;
      if (row[j] > 0) harmonic += 1.0 / row[j];
      lo = std::min<double>(lo, row[j]);
      hi = std::max<double>(hi, row[j]);
    }
    EXPECT_EQ(s.total, total) << n;
    EXPECT_EQ(s.farthest.value, best) << n;
    EXPECT_EQ(s.farthest.column, far) << n;
    EXPECT_EQ(s.unreachable, unreachable) << n;
    EXPECT_EQ(s.first_unreachable, first_unreachable) << n;
    EXPECT_NEAR(c.harmonic, harmonic, 1e-12 * std::max(1.0, harmonic)) << n;
    EXPECT_EQ(c.lo, lo) << n;
    EXPECT_EQ(c.hi, hi) << n;
  }
}

TEST(RowReduction, HistogramShapes) {
  const HistogramShape unit = ShapeHistogram(1, 3, true, 64);
  EXPECT_TRUE(unit.unit_bins);
  EXPECT_EQ(unit.bins, 3u);
  const HistogramShape wide = ShapeHistogram(0, 1000, true, 64);
  EXPECT_EQ(wide.width, 16);  // ceil(1001 / 64)
  EXPECT_EQ(wide.bins, 63u);  // floor(1000 / 16) + 1
  EXPECT_EQ(HistogramBin(1000, 0, 16, wide.bins), 62u);
  const HistogramShape real = ShapeHistogram(0.5, 2.5, false, 4);
  EXPECT_EQ(real.width, 0.5);
  EXPECT_EQ(real.bins, 4u);
  EXPECT_EQ(HistogramBin(2.5, 0.5, 0.5, 4), 3u);  // the last bin is closed
  EXPECT_EQ(ShapeHistogram(INFINITY, -INFINITY, true, 64).bins, 0u);
}

TEST(DistanceMetrics, CpuPathIsSummarizePlusCentrality) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  DistMatrix<float> m(300);
  std::uniform_real_distribution<float> value(0.1f, 50.f);
  std::uniform_int_distribution<int> kind(0, 19);
  for (std::size_t i = 0; i < 300; ++i)
    for (std::size_t j = 0; j < 300; ++j)
      if (i != j && kind(rng) != 0) m.at(i, j) = value(rng);
  MetricsOptions o;
  o.backend = Backend::kCpu;
  o.reachable_only = true;
  const DistanceMetrics got = ComputeDistanceMetrics(m.view(), true, o);
  EXPECT_EQ(got.used, Backend::kCpu);
  const DistanceSummary s = Summarize(m.view(), o);
  const Centrality c = ComputeCentrality(m.view(), s, true);
  EXPECT_EQ(got.summary.eccentricity, s.eccentricity);
  EXPECT_EQ(got.summary.total, s.total);
  EXPECT_EQ(got.summary.center, s.center);
  EXPECT_EQ(got.centrality.harmonic, c.harmonic);
  EXPECT_EQ(got.centrality.histogram.counts, c.histogram.counts);
  // auto on a small matrix stays on the CPU without touching the GPU.
  o.backend = Backend::kAuto;
  const DistanceMetrics small = ComputeDistanceMetrics(m.view(), true, o);
  EXPECT_EQ(small.used, Backend::kCpu);
  EXPECT_NE(small.note.find("the CPU passes are faster"), std::string::npos) << small.note;
}

// Where no GPU is usable (CI), --backend gpu is an error that says why.
TEST(DistanceMetrics, GpuRequiredWithoutAGpuIsAnError) {
  const GpuStatus gpu = ProbeGpu();
  if (gpu.usable) GTEST_SKIP() << "a GPU is present: tests/gpu/metrics_gpu_test.cu covers this machine";
  DistMatrix<std::int32_t> m(10);
  MetricsOptions o;
  o.backend = Backend::kGpu;
  EXPECT_THROW(ComputeDistanceMetrics(m.view(), false, o), Error);
}

}  // namespace
}  // namespace gdist
