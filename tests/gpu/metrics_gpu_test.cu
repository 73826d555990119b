// GPU metrics == CPU metrics, on a real device (skipped where ProbeGpu()
// finds none, e.g. in CI). Every field is compared exactly, float totals and
// harmonic sums included: both sides add in the lane order of
// lib/metrics/row_reduction.hpp, so the tolerance is zero. Fresh random
// matrices each run (the seed is printed; GDIST_SEED replays), n around the
// 128-column blocks, connected or not, directed or not, reachable_only on and
// off, value ranges with many ties, resident and forced streaming with tiny
// blocks, and an mmapped .gdm file.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "lib/engine/gpu_backend.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/metrics/distance_metrics.hpp"
#include "lib/metrics/metrics_gpu.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

const std::size_t kSizes[] = {1, 2, 127, 128, 129, 1000, 5000};

#define SKIP_WITHOUT_GPU()                                                          \
  do {                                                                              \
    const GpuStatus gpu_status = ProbeGpu();                                        \
    if (!gpu_status.usable) GTEST_SKIP() << "no usable GPU: " << gpu_status.reason; \
  } while (0)

struct Shape {
  bool directed;
  double unreachable;  // fraction of INF entries (plus one isolated vertex when > 0)
  bool ties;           // a small value range, so maxima and minima repeat
};

// A distance-like matrix: 0 on the diagonal, some zero and negative values
// (zero-length and negative arcs exist), symmetric when undirected.
template <class T> DistMatrix<T> RandomDistances(std::size_t n, const Shape& s, std::mt19937_64& rng) {
  DistMatrix<T> m(n);
  std::uniform_real_distribution<double> coin(0, 1);
  const double top = s.ties ? 12 : 1e6;
  std::uniform_real_distribution<double> value(-1, top);
  auto draw = [&]() -> T {
    if (coin(rng) < s.unreachable) return ElementTraits<T>::kInf;
    double v = value(rng);
    if constexpr (std::is_integral_v<T>) v = std::floor(v);
    else if (s.ties) v = std::floor(v * 4) / 4;
    return static_cast<T>(v);
  };
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = s.directed ? 0 : i + 1; j < n; ++j) {
      if (i == j) continue;
      m.at(i, j) = draw();
      if (!s.directed) m.at(j, i) = m.at(i, j);
    }
  if (s.unreachable > 0 && n > 2) {  // vertex n/2 reaches nobody and nobody reaches it
    for (std::size_t j = 0; j < n; ++j)
      if (j != n / 2) m.at(n / 2, j) = m.at(j, n / 2) = ElementTraits<T>::kInf;
  }
  return m;
}

bool Same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }
bool Same(const MetricNumber& a, const MetricNumber& b) { return a == b; }

template <class V> void ExpectSameVector(const std::vector<V>& a, const std::vector<V>& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  std::size_t bad = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!Same(a[i], b[i]) && bad++ < 5) ADD_FAILURE() << what << "[" << i << "]: gpu " << a[i] << " cpu " << b[i];
  EXPECT_EQ(bad, 0u) << what;
}

void ExpectSameMetrics(const DistanceMetrics& g, const DistanceMetrics& c, const std::string& what) {
  const DistanceSummary &a = g.summary, &b = c.summary;
  EXPECT_EQ(a.n, b.n) << what;
  ExpectSameVector(a.eccentricity, b.eccentricity, what + " eccentricity");
  ExpectSameVector(a.total, b.total, what + " total");
  EXPECT_EQ(a.unreachable_from, b.unreachable_from) << what;
  EXPECT_TRUE(Same(a.diameter, b.diameter)) << what << " diameter " << a.diameter << " vs " << b.diameter;
  EXPECT_EQ(a.diameter_from, b.diameter_from) << what;
  EXPECT_EQ(a.diameter_to, b.diameter_to) << what;
  EXPECT_TRUE(Same(a.radius, b.radius)) << what;
  EXPECT_EQ(a.center, b.center) << what;
  EXPECT_EQ(a.periphery, b.periphery) << what;
  EXPECT_EQ(a.median, b.median) << what;
  EXPECT_TRUE(Same(a.median_total, b.median_total)) << what;
  EXPECT_EQ(a.unreachable_pairs, b.unreachable_pairs) << what;
  const Centrality &x = g.centrality, &y = c.centrality;
  ExpectSameVector(x.closeness, y.closeness, what + " closeness");
  ExpectSameVector(x.harmonic, y.harmonic, what + " harmonic");
  EXPECT_TRUE(Same(x.average_path_length, y.average_path_length)) << what;
  EXPECT_TRUE(Same(x.wiener_index, y.wiener_index)) << what;
  EXPECT_EQ(x.reachable_pairs, y.reachable_pairs) << what;
  EXPECT_EQ(x.histogram.min, y.histogram.min) << what;
  EXPECT_EQ(x.histogram.bin_width, y.histogram.bin_width) << what;
  EXPECT_EQ(x.histogram.unit_bins, y.histogram.unit_bins) << what;
  EXPECT_EQ(x.histogram.counts, y.histogram.counts) << what;
}

template <class T>
void CompareOn(const MatrixView<T>& v, bool directed, const GpuMetricsOptions& gpu, const std::string& what) {
  for (bool reachable_only : {false, true}) {
    MetricsOptions o;
    o.reachable_only = reachable_only;
    o.backend = Backend::kCpu;
    const DistanceMetrics cpu = ComputeDistanceMetrics(v, directed, o);
    o.backend = Backend::kGpu;
    const DistanceMetrics g = ComputeDistanceMetrics(v, directed, o, gpu);
    ASSERT_EQ(g.used, Backend::kGpu) << what << ": " << g.note;
    ExpectSameMetrics(g, cpu, what + (reachable_only ? " reachable_only" : ""));
  }
}

std::uint64_t Seed() {
  const std::uint64_t seed = test::TestSeed();
  std::cout << "seed " << seed << " (GDIST_SEED=" << seed << " replays)\n";
  return seed;
}

template <class T> void CompareAllShapes(const char* type) {
  const std::uint64_t seed = Seed();
  std::mt19937_64 rng(seed);
  for (std::size_t n : kSizes)
    for (bool directed : {false, true})
      for (double unreachable : {0.0, 0.2}) {
        const Shape s{directed, unreachable, (n + (directed ? 1 : 0)) % 2 == 0};
        const DistMatrix<T> m = RandomDistances<T>(n, s, rng);
        CompareOn(m.view(), directed, {},
                  std::string(type) + " seed " + std::to_string(seed) + " n " + std::to_string(n) +
                      (directed ? " directed" : " undirected") + (unreachable > 0 ? " unreachable" : " connected") +
                      (s.ties ? " ties" : ""));
      }
}

TEST(GpuMetrics, Int32SameAsCpu) {
  SKIP_WITHOUT_GPU();
  CompareAllShapes<std::int32_t>("int32");
}

TEST(GpuMetrics, FloatSameAsCpu) {
  SKIP_WITHOUT_GPU();
  CompareAllShapes<float>("float");
}

// Two streamed passes through device blocks of 1, 3 or 7 rows.
TEST(GpuMetrics, ForcedStreamingWithTinyBlocks) {
  SKIP_WITHOUT_GPU();
  const std::uint64_t seed = Seed();
  std::mt19937_64 rng(seed);
  for (std::size_t rows : {1, 3, 7})
    for (std::size_t n : {1, 2, 129, 1000}) {
      GpuMetricsOptions g;
      g.force_streaming = true;
      g.block_rows = rows;
      const std::string what =
          "seed " + std::to_string(seed) + " n " + std::to_string(n) + " block rows " + std::to_string(rows);
      const DistMatrix<std::int32_t> a = RandomDistances<std::int32_t>(n, {rows % 2 == 1, 0.1, false}, rng);
      const GpuMetricsPasses p = RunGpuMetricsPasses(a.view(), true, kHistogramBins, g);
      EXPECT_FALSE(p.plan.resident) << what;
      EXPECT_EQ(p.plan.blocks, (n + rows - 1) / rows) << what;
      CompareOn(a.view(), rows % 2 == 1, g, "int32 " + what);
      const DistMatrix<float> f = RandomDistances<float>(n, {rows % 2 == 0, 0.1, true}, rng);
      CompareOn(f.view(), rows % 2 == 0, g, "float " + what);
    }
}

// The matrix straight from an mmapped .gdm file (no DistMatrix in between).
TEST(GpuMetrics, MappedMatrixFile) {
  SKIP_WITHOUT_GPU();
  const std::uint64_t seed = Seed();
  std::mt19937_64 rng(seed);
  DistMatrix<std::int32_t> m = RandomDistances<std::int32_t>(1500, {false, 0.05, false}, rng);
  m.meta().directed = false;
  m.meta().kind = MatrixKind::kDistance;
  m.meta().labels = VertexLabels::Range(1500, 0);
  test::TempDir dir;
  WriteMatrixFile(dir.file("d.gdm"), m);
  MappedMatrixFile file(dir.file("d.gdm"));
  for (bool streaming : {false, true}) {
    GpuMetricsOptions g;
    g.force_streaming = streaming;
    g.block_rows = streaming ? 100 : 0;
    CompareOn(file.view<std::int32_t>(), false, g, "mmapped seed " + std::to_string(seed));
  }
}

}  // namespace
}  // namespace gdist
