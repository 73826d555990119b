// Host-side logic of the GPU path, tested without a GPU (CI): tiling and
// padding, the 16-bit safety proof (against a CPU emulation of the 16-bit
// arithmetic), the run plan and the backend fallback decisions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "lib/core/range_check.hpp"
#include "lib/engine/backend_choice.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

constexpr std::int32_t kInf32 = ElementTraits<std::int32_t>::kInf;
constexpr std::size_t kMiB = std::size_t{1} << 20;

// What the GPU's 16-bit mode computes, emulated: narrow (>= INF32 -> INF16),
// plain Floyd-Warshall with min(c, a + b) where every stored value is an
// int16 and sums are formed in 16-bit two's complement like VIADDMNMX.S16x2,
// then widen (INF16 -> INF32).
std::vector<std::int32_t> EmulateInt16Fw(const std::vector<std::int32_t>& adj, std::size_t n) {
  std::vector<std::int16_t> d(n * n);
  for (std::size_t e = 0; e < n * n; ++e) d[e] = adj[e] >= kInf32 ? kInt16Inf : static_cast<std::int16_t>(adj[e]);
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        const auto sum = static_cast<std::int16_t>(static_cast<std::uint16_t>(d[i * n + k] + d[k * n + j]));
        d[i * n + j] = std::min(d[i * n + j], sum);
      }
  std::vector<std::int32_t> out(n * n);
  for (std::size_t e = 0; e < n * n; ++e) out[e] = d[e] == kInt16Inf ? kInf32 : d[e];
  return out;
}

// Directed path 0 -> 1 -> ... -> n-1 with weight w: d(i, j) = (j - i) * w for
// i <= j, unreachable otherwise (hand-checked closed form).
std::vector<std::int32_t> PathGraph(std::size_t n, std::int32_t w) {
  std::vector<std::int32_t> a(n * n, kInf32);
  for (std::size_t i = 0; i < n; ++i) {
    a[i * n + i] = 0;
    if (i + 1 < n) a[i * n + i + 1] = w;
  }
  return a;
}
std::int32_t PathDistance(std::size_t i, std::size_t j, std::int32_t w) {
  return i <= j ? static_cast<std::int32_t>(j - i) * w : kInf32;
}

TEST(GpuTiling, PaddedStrideIsWholeGpuTiles) {
  GpuPlan probe = PlanGpuRun(ElementType::kInt32, 128, {}, 0);
  for (std::size_t n : {0, 1, 2, 63, 64, 65, 127, 128, 129, 1000, 4097, 10000, 16384, 32768}) {
    const std::size_t s = PaddedSize(n);
    EXPECT_EQ(s % probe.tile, 0u) << n;
    EXPECT_GE(s, std::max<std::size_t>(n, 1)) << n;
    EXPECT_LT(s, std::max<std::size_t>(n, 1) + probe.tile) << n;
  }
  EXPECT_EQ(PlanGpuRun(ElementType::kInt32, 10112, {}, 0).rounds, 79u);  // n = 10000
  EXPECT_EQ(PlanGpuRun(ElementType::kFloat32, 32768, {}, 0).rounds, 256u);
}

TEST(GpuTiling, RejectsStridesThatAreNotWholeTiles) {
  EXPECT_THROW(PlanGpuRun(ElementType::kInt32, 0, {}, 0), Error);
  EXPECT_THROW(PlanGpuRun(ElementType::kInt32, 100, {}, 0), Error);
  EXPECT_THROW(PlanGpuRun(ElementType::kInt32, 192, {}, 0), Error);
  EXPECT_THROW(PlanGpuRun(ElementType::kInt64, 128, {}, 0), Error);
}

TEST(Int16Proof, BoundaryCases) {
  EXPECT_TRUE(Int16ModeFits(0, 1e9, false));  // no arcs at all
  EXPECT_TRUE(Int16ModeFits(1, 1e9, false));  // one vertex: only d(0,0) = 0
  EXPECT_TRUE(Int16ModeFits(2, 16382, false));
  EXPECT_FALSE(Int16ModeFits(2, 16383, false));  // a distance of 16383 would read as INF16
  EXPECT_TRUE(Int16ModeFits(16383, 1, false));   // (n-1)*1 = 16382
  EXPECT_FALSE(Int16ModeFits(16384, 1, false));
  EXPECT_TRUE(Int16ModeFits(1000, 16, false));   // 999*16 = 15984
  EXPECT_FALSE(Int16ModeFits(1000, 17, false));  // 999*17 = 16983
  EXPECT_FALSE(Int16ModeFits(10, 1, true));      // negative weights: never
  EXPECT_EQ(kInt16Inf, 16383);
  EXPECT_LT(2 * kInt16Inf, 32767);  // INF16 + INF16 fits the non-saturating add
}

// At the largest bound the proof admits, the emulated 16-bit run equals the
// closed form; one more unit and the farthest pair would come back as INF.
TEST(Int16Proof, EmulationExactAtTheBoundAndWrongPastIt) {
  const std::size_t n = 7;
  const std::int32_t w_ok = 16382 / 6, w_bad = 16383 / 6 + 1;  // 6*2730 = 16380; 6*2731 = 16386
  ASSERT_TRUE(Int16ModeFits(n, w_ok, false));
  ASSERT_FALSE(Int16ModeFits(n, w_bad, false));
  auto ok = EmulateInt16Fw(PathGraph(n, w_ok), n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) EXPECT_EQ(ok[i * n + j], PathDistance(i, j, w_ok)) << i << "," << j;
  auto bad = EmulateInt16Fw(PathGraph(n, w_bad), n);
  EXPECT_EQ(bad[0 * n + 6], kInf32);  // 16386 clamps to INF16: why the proof must refuse
  EXPECT_EQ(PathDistance(0, 6, w_bad), 16386);

  // Exactly 16383 (= INF16) must be refused too: it would read back as INF.
  const std::size_t n2 = 2;
  ASSERT_FALSE(Int16ModeFits(n2, 16383, false));
  EXPECT_EQ(EmulateInt16Fw(PathGraph(n2, 16383), n2)[1], kInf32);
  ASSERT_TRUE(Int16ModeFits(n2, 16382, false));
  EXPECT_EQ(EmulateInt16Fw(PathGraph(n2, 16382), n2)[1], 16382);
}

// Random graphs inside the proof: the emulated 16-bit run is bit-identical to
// the CPU engine's int32 result (fresh seed each run, printed on failure).
TEST(Int16Proof, EmulationMatchesCpuEngineOnRandomGraphs) {
  const unsigned seed = std::random_device{}();
  std::mt19937 rng(seed);
  for (std::size_t n : {2, 17, 64, 130}) {
    const std::int32_t max_w = static_cast<std::int32_t>(16382 / (n - 1));
    ASSERT_TRUE(Int16ModeFits(n, max_w, false));
    DistMatrix<std::int32_t> m(n);
    std::vector<std::int32_t> adj(n * n, kInf32);
    std::uniform_int_distribution<int> w(0, max_w), coin(0, 9);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        std::int32_t v = i == j ? 0 : (coin(rng) < 3 ? w(rng) : kInf32);
        adj[i * n + j] = v;
        m.at(i, j) = v;
      }
    CpuFloydWarshall(m.data(), m.stride(), 1);
    auto emu = EmulateInt16Fw(adj, n);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        ASSERT_EQ(emu[i * n + j], m.at(i, j)) << "seed " << seed << " n " << n << " at " << i << "," << j;
  }
}

TEST(GpuPlan, ChoosesModeByTypeProofAndMemory) {
  const std::size_t s = 1024, m32 = s * s * 4, m16 = s * s * 2;
  GpuRunInfo small{16, false, 1000};  // 999*16 fits 16 bits
  GpuRunInfo large{1000, false, 1000};
  GpuRunInfo neg{16, true, 1000};
  GpuPlan p = PlanGpuRun(ElementType::kInt32, s, small, 1 << 30);
  EXPECT_EQ(p.mode, GpuMode::kInt16);
  EXPECT_EQ(p.device_bytes, GpuBytesNeeded(ElementType::kInt32, s) + m16);
  EXPECT_EQ(PlanGpuRun(ElementType::kInt32, s, large, 1 << 30).mode, GpuMode::kInt32);
  EXPECT_EQ(PlanGpuRun(ElementType::kInt32, s, neg, 1 << 30).mode, GpuMode::kInt32);
  EXPECT_EQ(PlanGpuRun(ElementType::kFloat32, s, small, 1 << 30).mode, GpuMode::kFloat32);
  // The 16-bit buffer does not fit beside the int32 one: stay in int32.
  const std::size_t just32 = GpuBytesNeeded(ElementType::kInt32, s);
  GpuPlan tight = PlanGpuRun(ElementType::kInt32, s, small, just32 + m16 - 1);
  EXPECT_EQ(tight.mode, GpuMode::kInt32);
  EXPECT_EQ(tight.device_bytes, just32);
  EXPECT_EQ(just32, m32 + 64 * kMiB);
  EXPECT_STREQ(GpuModeName(GpuMode::kInt16), "int16");
}

TEST(GpuPlan, SixteenBitsFromTheGraphsDistanceBound) {
  const std::size_t s = 32768;
  // n = 32768 with unit weights fails the (n-1) x max|w| rule ...
  GpuRunInfo info{1, false, 32768};
  EXPECT_EQ(PlanGpuRun(ElementType::kInt32, s, info, std::size_t{80} << 30).mode, GpuMode::kInt32);
  // ... but a proven bound below INF16 admits it, unless negative or refused.
  info.distance_bound = 17;
  EXPECT_EQ(PlanGpuRun(ElementType::kInt32, s, info, std::size_t{80} << 30).mode, GpuMode::kInt16);
  info.distance_bound = kInt16Inf - 1;
  EXPECT_EQ(PlanGpuRun(ElementType::kInt32, s, info, std::size_t{80} << 30).mode, GpuMode::kInt16);
  info.distance_bound = kInt16Inf;  // would read as INF16
  EXPECT_EQ(PlanGpuRun(ElementType::kInt32, s, info, std::size_t{80} << 30).mode, GpuMode::kInt32);
  info.distance_bound = 17;
  info.allow_int16 = false;
  EXPECT_EQ(PlanGpuRun(ElementType::kInt32, s, info, std::size_t{80} << 30).mode, GpuMode::kInt32);
  info.allow_int16 = true;
  info.has_negative = true;
  EXPECT_EQ(PlanGpuRun(ElementType::kInt32, s, info, std::size_t{80} << 30).mode, GpuMode::kInt32);
  EXPECT_FALSE(Int16BoundFits(-1));
  EXPECT_TRUE(Int16BoundFits(0));
}

TEST(BackendChoice, FallbackDecisions) {
  GpuStatus none{false, "no CUDA device", 0};
  GpuStatus big{true, "Test GPU", std::size_t{80} << 30};
  GpuStatus tiny{true, "Test GPU", 100 * kMiB};
  EXPECT_EQ(ChooseBackend(Backend::kCpu, ElementType::kInt32, 128, big).backend, Backend::kCpu);
  BackendDecision d = ChooseBackend(Backend::kAuto, ElementType::kInt32, 128, none);
  EXPECT_EQ(d.backend, Backend::kCpu);
  EXPECT_NE(d.note.find("no CUDA device"), std::string::npos);
  EXPECT_THROW(ChooseBackend(Backend::kGpu, ElementType::kInt32, 128, none), Error);
  EXPECT_EQ(ChooseBackend(Backend::kAuto, ElementType::kInt64, 128, big).backend, Backend::kCpu);
  EXPECT_THROW(ChooseBackend(Backend::kGpu, ElementType::kInt64, 128, big), Error);
  EXPECT_EQ(ChooseBackend(Backend::kAuto, ElementType::kInt32, 32768, big).backend, Backend::kGpu);
  EXPECT_EQ(ChooseBackend(Backend::kGpu, ElementType::kFloat32, 32768, big).backend, Backend::kGpu);
  // 32768^2 * 4 bytes = 4 GiB > 100 MiB: out of core on the GPU, six blocks in
  // what the head-room and 1/16 leave: sqrt(29.75 MiB / 6 / 4) = 1140 -> 1024.
  BackendDecision f = ChooseBackend(Backend::kGpu, ElementType::kInt32, 32768, tiny);
  EXPECT_EQ(f.backend, Backend::kGpu);
  EXPECT_EQ(f.out_of_core_side, 1024u);
  EXPECT_NE(f.note.find("4160 MiB"), std::string::npos) << f.note;
  EXPECT_NE(f.note.find("100 MiB"), std::string::npos) << f.note;
  // --device-memory caps the budget: 8192^2 * 4 + 64 MiB = 320 MiB > 128 MiB.
  BackendDecision capped = ChooseBackend(Backend::kAuto, ElementType::kInt32, 8192, big, 128 * kMiB);
  EXPECT_EQ(capped.backend, Backend::kGpu);
  EXPECT_EQ(capped.out_of_core_side, 1536u);  // sqrt((128 - 64 - 8) MiB / 6 / 4) = 1564 -> 1536
  EXPECT_EQ(ChooseBackend(Backend::kAuto, ElementType::kInt32, 8192, big, 400 * kMiB).out_of_core_side, 0u);
  // A budget under the head-room holds no blocks: the CPU, saying why.
  BackendDecision none_fit = ChooseBackend(Backend::kAuto, ElementType::kInt32, 8192, big, 32 * kMiB);
  EXPECT_EQ(none_fit.backend, Backend::kCpu);
  EXPECT_NE(none_fit.note.find("not even the smallest"), std::string::npos) << none_fit.note;
  // ... and --backend gpu is then an error, not the CPU (one GPU policy).
  EXPECT_THROW(ChooseBackend(Backend::kGpu, ElementType::kInt32, 8192, big, 32 * kMiB), Error);
  // 1024^2*4 + 64 MiB = 68 MiB fits in 100 MiB.
  EXPECT_EQ(ChooseBackend(Backend::kAuto, ElementType::kInt32, 1024, tiny).backend, Backend::kGpu);
}

}  // namespace
}  // namespace gdist
