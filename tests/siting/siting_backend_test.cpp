// Where the siting row passes run: the host-side decision, checked without a GPU.
#include "lib/siting/siting_backend.hpp"

#include <gtest/gtest.h>

#include "lib/engine/gpu_backend.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

SitingCostLayout Square(std::size_t n, ElementType type = ElementType::kInt32) {
  SitingCostLayout L;
  L.type = type;
  L.n = L.nd = L.m = n;
  L.stride = (n + 127) / 128 * 128;
  return L;
}

GpuStatus Gpu(std::size_t free_bytes) { return {true, "Test GPU", free_bytes}; }

TEST(SitingBackend, AutoProbesOnlyForLargeInt32OrFloatProblems) {
  EXPECT_FALSE(SitingGpuWorthProbing(Backend::kAuto, Square(1000)));
  EXPECT_TRUE(SitingGpuWorthProbing(Backend::kAuto, Square(8192)));
  EXPECT_TRUE(SitingGpuWorthProbing(Backend::kAuto, Square(8192, ElementType::kFloat32)));
  EXPECT_FALSE(SitingGpuWorthProbing(Backend::kAuto, Square(8192, ElementType::kInt64)));
  EXPECT_FALSE(SitingGpuWorthProbing(Backend::kCpu, Square(30000)));
  EXPECT_TRUE(SitingGpuWorthProbing(Backend::kGpu, Square(10)));
}

TEST(SitingBackend, DirectLayoutNeedsTheMatrixOnly) {
  SitingCostLayout L = Square(1000);
  EXPECT_TRUE(L.direct());
  EXPECT_EQ(SitingDeviceBytes(L), 1000 * 1024 * 4 + 1000 * 4);
  std::vector<std::uint32_t> cand(600);
  L.cand = cand.data();
  L.m = 600;
  EXPECT_FALSE(L.direct());  // a candidate subset is gathered into a block beside the copy
  EXPECT_EQ(SitingDeviceBytes(L), 1000 * 1024 * 4 + 1000 * 608 * 4 + 2 * 1000 * 4 + 600 * 4);
  L.cand = nullptr;
  L.m = 1000;
  L.rows_are_demands = false;  // directed, facility -> demand: transposed on the device
  EXPECT_FALSE(L.direct());
}

TEST(SitingBackend, Decisions) {
  const SitingCostLayout L = Square(16384);  // 1 GiB matrix
  const std::size_t need = SitingDeviceBytes(L) + GainTableDeviceBytes(L.nd, L.m, kSitingReservedSlots);
  EXPECT_TRUE(ChooseSitingBackend(Backend::kAuto, L, Gpu(need + (std::size_t{1} << 30))).gpu);
  EXPECT_TRUE(ChooseSitingBackend(Backend::kGpu, L, Gpu(need + (std::size_t{1} << 30))).gpu);
  // Too little memory: auto falls back with the reason, gpu refuses.
  const SitingBackendDecision small = ChooseSitingBackend(Backend::kAuto, L, Gpu(need / 2));
  EXPECT_FALSE(small.gpu);
  EXPECT_NE(small.note.find("MiB"), std::string::npos) << small.note;
  EXPECT_THROW(ChooseSitingBackend(Backend::kGpu, L, Gpu(need / 2)), Error);
  // No GPU at all.
  const GpuStatus none{false, "no NVIDIA GPU or driver found", 0};
  EXPECT_FALSE(ChooseSitingBackend(Backend::kAuto, L, none).gpu);
  EXPECT_THROW(ChooseSitingBackend(Backend::kGpu, L, none), Error);
  // int64 stays on the CPU.
  EXPECT_THROW(ChooseSitingBackend(Backend::kGpu, Square(100, ElementType::kInt64), Gpu(need * 4)), Error);
  EXPECT_FALSE(ChooseSitingBackend(Backend::kCpu, L, Gpu(need * 4)).gpu);
}

// On a machine without a usable GPU, --backend gpu is an error and auto a CPU run.
TEST(SitingBackend, WithoutAGpuTheProblemSaysWhy) {
  if (ProbeGpu().usable) GTEST_SKIP() << "a GPU is present: tests/siting/siting_gpu_test.cpp covers it";
  DistMatrix<std::int32_t> d(4);
  SitingInput in;
  in.backend = Backend::kGpu;
  EXPECT_THROW(SitingProblem<std::int32_t>(d.view(), in), Error);
  in.backend = Backend::kAuto;
  const SitingProblem<std::int32_t> prob(d.view(), in);
  EXPECT_FALSE(prob.device());
  EXPECT_EQ(prob.backend_note().rfind("cpu", 0), 0u) << prob.backend_note();
}

}  // namespace
}  // namespace gdist
