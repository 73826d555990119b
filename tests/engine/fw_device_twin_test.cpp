// float32 identity of the backends (issue #27): the CPU engine forms the same
// sums as the GPU's in-core schedule, so its float32 results equal the GPU's
// bit for bit. Here (CI, no GPU) against the GPU schedule's CPU twin
// (lib/testing/fw_device_twin), on every kernel build this CPU runs, with
// fractional weights (path sums round, so a different association shows),
// sizes off the 128 tile, negative arcs without negative cycles and
// unreachable pairs. The twin itself is checked against the triple loop on
// exact weights. On the device: test_gpu's GpuDevice.Float32FractionalWeights.
#include "lib/testing/fw_device_twin.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "lib/engine/cpu_backend.hpp"
#include "lib/testing/reference_fw.hpp"
#include "tests/engine/test_graphs.hpp"

namespace gdist {
namespace {

// About `degree` random out-arcs per vertex with weights uniform in
// [0.5, 100.5) as float32, plus w + p(u) - p(v) for a random potential p in
// [0, potential): negative arcs, while every cycle keeps its positive weights'
// sum, far above the rounding of the arcs. About 1 vertex in 8 gets no
// incoming arc: unreachable pairs. `integral`: weights rounded to integers, so
// every path sum is exact.
DistMatrix<float> RandomFloatGraph(std::size_t n, std::size_t degree, double potential, bool integral,
                                   std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> weight(0.5, 100.5), pot(0, potential), coin(0, 1);
  std::uniform_int_distribution<std::size_t> vertex(0, n - 1);
  std::vector<double> p(n);
  std::vector<bool> no_in(n);
  for (std::size_t v = 0; v < n; ++v) {
    p[v] = potential > 0 ? pot(rng) : 0;
    no_in[v] = coin(rng) < 0.125;
  }
  if (integral)
    for (double& x : p) x = std::round(x);
  DistMatrix<float> m(n);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t e = 0; e < degree; ++e) {
      const std::size_t v = vertex(rng);
      if (u == v || no_in[v]) continue;
      const double w = (integral ? std::round(weight(rng)) : weight(rng)) + p[u] - p[v];
      m.at(u, v) = std::min(m.at(u, v), static_cast<float>(w));
    }
  return m;
}

DistMatrix<float> CopyOf(const DistMatrix<float>& m) {
  DistMatrix<float> c(m.n(), DistMatrix<float>::Uninitialized{});
  std::memcpy(c.data(), m.data(), m.payload_bytes());
  return c;
}

std::string Text(float x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", double(x));  // 9 digits: the float itself
  return buf;
}

std::vector<CpuIsa> IsasHere() {
  std::vector<CpuIsa> isas;
  for (CpuIsa isa : {CpuIsa::kPortable, CpuIsa::kAvx2, CpuIsa::kAvx512})
    if (isa <= DetectCpuIsa()) isas.push_back(isa);
  return isas;
}

// Cells of the padded matrices whose bits differ, and the first of them.
std::string BitDifferences(const DistMatrix<float>& got, const DistMatrix<float>& want) {
  std::size_t count = 0;
  std::string first;
  for (std::size_t i = 0; i < got.stride(); ++i)
    for (std::size_t j = 0; j < got.stride(); ++j)
      if (std::memcmp(&got.data()[i * got.stride() + j], &want.data()[i * got.stride() + j], sizeof(float)) != 0 &&
          count++ == 0)
        first = "d(" + std::to_string(i) + "," + std::to_string(j) + ") = " + Text(got.at(i, j)) +
                ", the GPU schedule's " + Text(want.at(i, j));
  return count == 0 ? "" : std::to_string(count) + " cells differ, first " + first;
}

// Sizes: one tile and less, one more than a tile, several tiles with a ragged last one.
constexpr std::size_t kSizes[] = {1, 127, 129, 300, 515};

TEST(FwDeviceTwin, CpuEngineFloat32IsBitIdentical) {
  for (std::size_t n : kSizes) {
    const std::uint64_t seed = test::FreshSeed();
    std::cout << "n " << n << ": " << test::SeedNote(seed) << "\n";
    SCOPED_TRACE(test::SeedNote(seed) + ", n " + std::to_string(n));
    const DistMatrix<float> g = RandomFloatGraph(n, 16, 40.0, false, seed);
    DistMatrix<float> twin = CopyOf(g);
    FloydWarshallOnDeviceTwin(twin.data(), twin.stride());
    for (CpuIsa isa : IsasHere())
      for (int threads : {1, 3}) {
        DistMatrix<float> m = CopyOf(g);
        CpuFloydWarshallIsa(m.data(), m.stride(), threads, isa);
        ASSERT_EQ(BitDifferences(m, twin), "") << CpuIsaName(isa) << ", threads " << threads;
      }
  }
}

// The twin is Floyd-Warshall: equal to the triple loop where every sum is exact.
TEST(FwDeviceTwin, EqualsTheTripleLoopOnExactWeights) {
  for (std::size_t n : {1, 129, 300}) {
    const std::uint64_t seed = test::FreshSeed();
    SCOPED_TRACE(test::SeedNote(seed) + ", n " + std::to_string(n));
    DistMatrix<float> twin = RandomFloatGraph(n, 8, 40.0, true, seed);
    DistMatrix<float> ref = CopyOf(twin);
    FloydWarshallOnDeviceTwin(twin.data(), twin.stride());
    ReferenceFloydWarshall(ref.data(), ref.n(), ref.stride());
    ASSERT_EQ(BitDifferences(twin, ref), "");
  }
}

}  // namespace
}  // namespace gdist
