// The GPU gain table against the CPU one (its twin): same changes in, the same
// gains and the same best swap out, bit for bit on integer costs and weights;
// then whole solver runs on both backends. Skips without a usable GPU (CI).
// Fresh seeds each run (tests/test_util.hpp: GDIST_SEED replays one).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>

#include "lib/engine/gpu_backend.hpp"
#include "lib/siting/cost_models.hpp"
#include "lib/siting/gain_table.hpp"
#include "lib/siting/siting_device.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/util/error.hpp"
#include "tests/siting/random_changes.hpp"
#include "tests/test_util.hpp"

namespace gdist {
namespace {

#define SKIP_WITHOUT_GPU()                                                          \
  do {                                                                              \
    const GpuStatus gpu_status = ProbeGpu();                                        \
    if (!gpu_status.usable) GTEST_SKIP() << "no usable GPU: " << gpu_status.reason; \
  } while (0)

// Costs of random points in a square (Manhattan, symmetric) or random arcs
// costs with some unreachable pairs (directed).
template <class T> DistMatrix<T> RandomCosts(std::size_t n, bool symmetric, std::mt19937_64& rng) {
  DistMatrix<T> d(n);
  std::uniform_int_distribution<int> coord(0, 1000);
  std::vector<int> x(n), y(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = coord(rng), y[i] = coord(rng);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      T v = static_cast<T>(std::abs(x[i] - x[j]) + std::abs(y[i] - y[j]));
      if constexpr (std::is_floating_point_v<T>) v = v * T(0.37) + T(0.01);
      if (!symmetric && i != j) {
        v = static_cast<T>(v + rng() % 50);
        if (rng() % 97 == 0) v = ElementTraits<T>::kInf;
      }
      d.at(i, j) = i == j ? T(0) : v;
    }
  return d;
}

struct Layout {
  std::size_t n;
  bool symmetric;
  Direction direction;
  bool candidate_subset, zero_weights, integer_weights;
};

SitingInput InputFor(const Layout& L, Backend backend, std::mt19937_64& rng) {
  SitingInput in;
  in.symmetric = L.symmetric;
  in.direction = L.direction;
  in.threads = 2;
  in.backend = backend;
  std::vector<double> w(L.n);
  for (auto& x : w) x = L.integer_weights ? static_cast<double>(1 + rng() % 5) : 0.25 + (rng() % 1000) / 317.0;
  if (L.zero_weights)
    for (std::size_t i = 0; i < L.n; i += 3) w[i] = 0;
  if (L.n) w[L.n - 1] = 1;
  in.weights = w;
  if (L.candidate_subset) {
    std::vector<std::uint32_t> cand;
    for (std::uint32_t v = 0; v < L.n; ++v)
      if (rng() % 3 != 0 || v == 0) cand.push_back(v);
    in.candidates = cand;
  }
  return in;
}

template <class T, class Model> void CompareTables(const SitingProblem<T>& cpu_prob, const SitingProblem<T>& gpu_prob,
                                                   Model model, bool exact, std::mt19937_64& rng) {
  ASSERT_FALSE(cpu_prob.device());
  ASSERT_TRUE(gpu_prob.device()) << gpu_prob.backend_note();
  // The setup pass ran on the device for one and on the host for the other.
  EXPECT_EQ(cpu_prob.max_finite(), gpu_prob.max_finite());
  EXPECT_EQ(cpu_prob.any_unreachable(), gpu_prob.any_unreachable());
  auto cpu = MakeGainTable(cpu_prob, model);
  auto gpu = MakeGainTable(gpu_prob, model);
  const std::size_t m = cpu_prob.num_candidates();
  for (std::size_t slots : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
    SCOPED_TRACE("slots " + std::to_string(slots));
    cpu->Clear(slots);
    gpu->Clear(slots);
    const double top = std::is_same_v<Model, CoverCost<T>> ? 2.0 : 1.3 * cpu_prob.max_finite() + 1;
    for (int round = 0; round < 3; ++round) {
      const auto changes = RandomChanges(cpu_prob.weights(), slots, top, round > 0, rng);
      cpu->Apply(changes);
      gpu->Apply(changes);
      const std::vector<double> a = cpu->Gains(), b = gpu->Gains();
      ASSERT_EQ(a.size(), m);
      ASSERT_EQ(b.size(), m);
      for (std::size_t k = 0; k < m; ++k) {
        if (exact) ASSERT_EQ(a[k], b[k]) << "gain of candidate " << k;
        else ASSERT_NEAR(a[k], b[k], 1e-9 * (1 + std::abs(a[k]))) << "gain of candidate " << k;
      }
      if (slots == 0) continue;
      std::vector<double> loss(slots);
      for (auto& x : loss) x = std::floor(std::uniform_real_distribution<double>(0, top * 4)(rng));
      std::vector<std::int32_t> slot_of(m, -1);
      for (std::size_t j = 0; j < slots && j < m; ++j) slot_of[rng() % m] = static_cast<std::int32_t>(j);
      for (std::size_t fixed : {std::size_t{0}, slots - 1}) {
        const SwapChoice x = cpu->BestSwap(loss, slot_of, fixed, 1e-9), y = gpu->BestSwap(loss, slot_of, fixed, 1e-9);
        ASSERT_EQ(x.found(), y.found());
        if (!x.found()) continue;
        if (exact) {
          EXPECT_EQ(x.profit, y.profit);
          EXPECT_EQ(x.slot, y.slot);
          EXPECT_EQ(x.cand, y.cand);
        } else {
          EXPECT_NEAR(x.profit, y.profit, 1e-9 * (1 + std::abs(x.profit)));
        }
      }
    }
  }
}

const Layout kLayouts[] = {
    {1, true, Direction::kOut, false, false, true},    {2, false, Direction::kOut, false, false, true},
    {127, true, Direction::kOut, false, true, true},   {300, false, Direction::kOut, false, false, true},
    {300, false, Direction::kIn, true, true, true},    {1000, true, Direction::kOut, true, false, true},
    {1500, false, Direction::kOut, false, true, true}, {2100, true, Direction::kIn, false, false, false},
};

TEST(GpuGainTable, EqualsTheCpuTableOnInt32) {
  SKIP_WITHOUT_GPU();
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  for (const Layout& L : kLayouts) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " n " + std::to_string(L.n));
    const DistMatrix<std::int32_t> d = RandomCosts<std::int32_t>(L.n, L.symmetric, rng);
    std::mt19937_64 r1(rng()), r2 = r1;
    const SitingProblem<std::int32_t> cpu(d.view(), InputFor(L, Backend::kCpu, r1));
    const SitingProblem<std::int32_t> gpu(d.view(), InputFor(L, Backend::kGpu, r2));
    const double penalty = UnreachablePenalty(cpu.max_finite());
    CompareTables(cpu, gpu, MedianCost<std::int32_t>{penalty}, L.integer_weights, rng);
    CompareTables(cpu, gpu, CoverCost<std::int32_t>{400, 1.0}, L.integer_weights, rng);
  }
}

TEST(GpuGainTable, MatchesTheCpuTableOnFloat) {
  SKIP_WITHOUT_GPU();
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  for (const Layout& L : kLayouts) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " n " + std::to_string(L.n));
    const DistMatrix<float> d = RandomCosts<float>(L.n, L.symmetric, rng);
    std::mt19937_64 r1(rng()), r2 = r1;
    const SitingProblem<float> cpu(d.view(), InputFor(L, Backend::kCpu, r1));
    const SitingProblem<float> gpu(d.view(), InputFor(L, Backend::kGpu, r2));
    CompareTables(cpu, gpu, MedianCost<float>{UnreachablePenalty(cpu.max_finite())}, false, rng);
    CompareTables(cpu, gpu, CoverCost<float>{150.0f, 1.0}, false, rng);
  }
}

// p-center's device passes against plain loops over SitingProblem::Cost.
template <class T> void CheckPCenterPasses(const SitingProblem<T>& prob) {
  ASSERT_TRUE(prob.device()) << prob.backend_note();
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  auto dist = [&](std::size_t u, std::size_t k) {
    const T v = prob.Cost(u, k);
    return SitingProblem<T>::Reachable(v) ? static_cast<double>(v) : INFINITY;
  };
  std::vector<double> far, near;
  DeviceCostExtremes(*prob.device(), &far, &near);
  ASSERT_EQ(far.size(), m);
  ASSERT_EQ(near.size(), nd);
  for (std::size_t k = 0; k < m; ++k) {
    double want = 0;
    for (std::size_t u = 0; u < nd; ++u) want = std::max(want, dist(u, k));
    ASSERT_EQ(far[k], want) << "candidate " << k;
  }
  for (std::size_t u = 0; u < nd; ++u) {
    double want = INFINITY;
    for (std::size_t k = 0; k < m; ++k) want = std::min(want, dist(u, k));
    ASSERT_EQ(near[u], want) << "demand " << u;
  }
  const double lo = nd ? near[0] : 0, hi = 2.5 * lo + 40;
  std::vector<double> got;
  const bool done = DeviceDistinctCosts(*prob.device(), lo, hi, std::size_t{1} << 30, &got);
  ASSERT_EQ(done, std::is_integral_v<T>);
  if (!done) return;
  std::set<double> want;
  for (std::size_t u = 0; u < nd; ++u)
    for (std::size_t k = 0; k < m; ++k)
      if (dist(u, k) >= lo && dist(u, k) <= hi) want.insert(dist(u, k));
  EXPECT_EQ(got, std::vector<double>(want.begin(), want.end()));
}

TEST(GpuPCenterPasses, EqualPlainLoops) {
  SKIP_WITHOUT_GPU();
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  for (const Layout& L : kLayouts) {
    if (L.n > 1000) continue;
    SCOPED_TRACE("seed " + std::to_string(seed) + " n " + std::to_string(L.n));
    const DistMatrix<std::int32_t> di = RandomCosts<std::int32_t>(L.n, L.symmetric, rng);
    CheckPCenterPasses(SitingProblem<std::int32_t>(di.view(), InputFor(L, Backend::kGpu, rng)));
    const DistMatrix<float> df = RandomCosts<float>(L.n, L.symmetric, rng);
    CheckPCenterPasses(SitingProblem<float>(df.view(), InputFor(L, Backend::kGpu, rng)));
  }
}

// Whole runs: with integer data and no wall-clock limit both backends take
// the same decisions, so the sites are the same.
TEST(GpuSiting, PMedianAndMaxCoverEqualTheCpuRun) {
  SKIP_WITHOUT_GPU();
  const unsigned seed = test::TestSeed();
  std::mt19937_64 rng(seed);
  SitingOptions options;
  options.time_limit_s = 0;
  options.max_rounds = 60;
  for (const Layout& L : kLayouts) {
    if (L.n < 100 || !L.integer_weights) continue;
    SCOPED_TRACE("seed " + std::to_string(seed) + " n " + std::to_string(L.n));
    const DistMatrix<std::int32_t> d = RandomCosts<std::int32_t>(L.n, L.symmetric, rng);
    std::mt19937_64 r1(rng()), r2 = r1;
    const SitingProblem<std::int32_t> cpu(d.view(), InputFor(L, Backend::kCpu, r1));
    const SitingProblem<std::int32_t> gpu(d.view(), InputFor(L, Backend::kGpu, r2));
    for (std::size_t p : {1, 5, 12}) {
      // A directed layout's missing arcs can leave no p sites reaching every demand: then both refuse
      // (p-median serves every demand or reports it cannot).
      bool cpu_refused = false;
      SitingResult a, b;
      try {
        a = SolvePMedian(cpu, p, options);
      } catch (const Error&) {
        cpu_refused = true;
      }
      if (cpu_refused) {
        EXPECT_THROW(SolvePMedian(gpu, p, options), Error) << "p-median p=" << p;
      } else {
        b = SolvePMedian(gpu, p, options);
        EXPECT_EQ(a.sites, b.sites) << "p-median p=" << p;
        EXPECT_EQ(a.objective, b.objective) << "p-median p=" << p;
      }
      const SitingResult c = SolveMaxCover(cpu, 300, p, options), e = SolveMaxCover(gpu, 300, p, options);
      EXPECT_EQ(c.sites, e.sites) << "max-cover p=" << p;
      EXPECT_EQ(c.objective, e.objective) << "max-cover p=" << p;
    }
    // p-center's radius search has a wall-clock guard: compare quality, not sites.
    const SitingResult pc = SolvePCenter(cpu, 6, SitingOptions{}), pg = SolvePCenter(gpu, 6, SitingOptions{});
    EXPECT_LE(pg.objective, pc.objective * 1.05 + 1) << "p-center";
  }
}

}  // namespace
}  // namespace gdist
