// The CPU twin of the GPU sweep (lib/road/gpu_phast.hpp): its batches of
// kPhastGpuLanes sources, seeds, levels and vertex-major lines give the rows
// of plain Dijkstra bit for bit (integer weights, and float quarters whose
// sums are exact), across several batches; the levels only read earlier
// levels. The device compares the GPU with this twin (tests/gpu/gpu_phast_test.cpp).
#include "lib/testing/gpu_phast_twin.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "lib/road/ch_table.hpp"
#include "lib/road/contraction_hierarchy.hpp"
#include "lib/road/gpu_phast.hpp"
#include "lib/util/error.hpp"
#include "tests/road/road_test_graphs.hpp"
#include "tests/test_util.hpp"

namespace gdist::test {
namespace {

template <class W> void ExpectTwinEqualsDijkstra(const Graph& g, std::size_t k, const std::string& where) {
  const CsrGraph<W> csr = BuildCsrGraph<W>(g);
  const ContractionHierarchy<W> ch = BuildContractionHierarchy(csr);
  std::vector<std::uint32_t> sources(k);
  for (std::size_t i = 0; i < k; ++i) sources[i] = static_cast<std::uint32_t>((i * 7919) % csr.n);
  const std::size_t stride = csr.n + 3;
  std::vector<W> twin(k * stride, W{-1});
  PhastRowsTwin(ch, sources, twin.data(), stride, 2);
  const std::vector<W> expected = DijkstraRows(csr, sources);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < k && wrong < 5; ++i)
    for (std::size_t v = 0; v < csr.n && wrong < 5; ++v)
      if (twin[i * stride + v] != expected[i * csr.n + v]) {
        ++wrong;
        ADD_FAILURE() << where << ": source " << sources[i] << ", vertex " << v << ": twin " << twin[i * stride + v]
                      << ", Dijkstra " << expected[i * csr.n + v];
      }
  // The padding columns are the caller's: untouched.
  EXPECT_EQ(twin[stride - 1], W{-1}) << where;
}

// The table twin (the GPU table's logic: rows by batches, gathered at the
// targets) equals the CPU's bucket many-to-many and Dijkstra, entry by entry.
TEST(GpuPhastTwin, TableEqualsTheBucketTableAndDijkstra) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.rows = 30;
  spec.cols = 30;
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(MakeGridRoads(spec, seed));
  const ContractionHierarchy<std::int32_t> ch = BuildContractionHierarchy(csr);
  const std::vector<std::uint32_t> sources = SomeSources(csr.n, kPhastGpuLanes + 45, seed + 1);
  const std::vector<std::uint32_t> targets = SomeSources(csr.n, 77, seed + 2);
  std::vector<std::int32_t> twin(sources.size() * targets.size(), -1);
  PhastTableTwin(ch, sources, targets, twin.data(), 2);
  std::vector<std::int32_t> buckets(sources.size() * targets.size(), -1);
  ChTable(ch, sources, targets, buckets.data(), targets.size(), 2);
  const std::vector<std::int32_t> rows = DijkstraRows(csr, sources);
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (std::size_t j = 0; j < targets.size(); ++j) {
      ASSERT_EQ(twin[i * targets.size() + j], rows[i * csr.n + targets[j]]) << "row " << i << ", target " << j;
      ASSERT_EQ(twin[i * targets.size() + j], buckets[i * targets.size() + j]) << "row " << i << ", target " << j;
    }
  const std::vector<std::uint32_t> outside{static_cast<std::uint32_t>(csr.n)};
  EXPECT_THROW(PhastTableTwin(ch, sources, outside, twin.data(), 2), Error);
}

TEST(GpuPhastTwin, RowsEqualDijkstraAcrossBatches) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  GridSpec spec;
  spec.rows = 18;
  spec.cols = 20;
  // More sources than one batch holds, so that batches follow each other.
  ExpectTwinEqualsDijkstra<std::int32_t>(MakeGridRoads(spec, seed), kPhastGpuLanes + 37, "directed grid, int32");
  spec.directed = false;
  spec.quarters = true;
  ExpectTwinEqualsDijkstra<float>(MakeGridRoads(spec, seed + 1), 40, "undirected grid, float quarters");
  GeometricSpec geo;
  ExpectTwinEqualsDijkstra<std::int32_t>(MakeGeometricRoads(geo, seed + 2), 100, "geometric, int32");
}

TEST(GpuPhastTwin, LevelsReadOnlyEarlierLevels) {
  GridSpec spec;
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(MakeGridRoads(spec, TestSeed() + 3));
  const ContractionHierarchy<std::int32_t> ch = BuildContractionHierarchy(csr);
  const PhastLevels levels = PhastSweepLevels(ch);
  ASSERT_EQ(levels.vertices.size(), ch.n);
  std::vector<std::size_t> level_of(ch.n, SIZE_MAX);
  for (std::size_t l = 0; l + 1 < levels.offsets.size(); ++l)
    for (std::uint32_t i = levels.offsets[l]; i < levels.offsets[l + 1]; ++i) level_of[levels.vertices[i]] = l;
  for (std::size_t v = 0; v < ch.n; ++v) {
    ASSERT_NE(level_of[v], SIZE_MAX) << "position " << v << " is in no level";
    for (std::uint64_t a = ch.down.offsets[v]; a < ch.down.offsets[v + 1]; ++a)
      EXPECT_LT(level_of[ch.down.ends[a]], level_of[v]) << "arc into position " << v;
  }
}

#ifndef GDIST_HAVE_CUDA
TEST(GpuPhastTwin, NoCudaBuildSaysSo) {
  GridSpec spec;
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(MakeGridRoads(spec, 1));
  const ContractionHierarchy<std::int32_t> ch = BuildContractionHierarchy(csr);
  const std::uint32_t s = 0;
  std::vector<std::int32_t> row(csr.n);
  try {
    GpuPhastRows<std::int32_t>(ch, {&s, 1}, row.data(), csr.n, 1);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no CUDA backend"), std::string::npos) << e.what();
  }
}
#endif

}  // namespace
}  // namespace gdist::test
