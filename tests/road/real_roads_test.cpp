// Real road graphs from ../shared/data (skipped when absent): rome99 (DIMACS,
// directed) every PHAST row against Dijkstra, a table and routes; weighted
// NY samples at GDIST_TEST_LEVEL 1.
#include <gtest/gtest.h>

#include "formats/read_graph.hpp"
#include "lib/road/ch_route.hpp"
#include "lib/road/ch_table.hpp"
#include "lib/road/hierarchy_file.hpp"
#include "lib/road/phast.hpp"
#include "road_test_graphs.hpp"
#include "test_util.hpp"

namespace gdist::test {
namespace {

void ExpectHierarchyAnswersAsDijkstra(const CsrGraph<std::int32_t>& g, std::size_t sources_count, std::uint64_t seed) {
  const auto ch = BuildContractionHierarchy(g);
  const std::vector<std::uint32_t> sources = SomeSources(g.n, sources_count, seed);
  const std::vector<std::int32_t> want = DijkstraRows(g, sources);
  std::vector<std::int32_t> rows(want.size());
  PhastTrees<std::int32_t>(ch).Rows(sources, rows.data(), g.n, 2);
  ASSERT_EQ(rows, want);
  const std::vector<std::uint32_t> targets = SomeSources(g.n, 50, seed + 1);
  std::vector<std::int32_t> table(sources.size() * targets.size());
  ChTable(ch, std::span<const std::uint32_t>(sources), std::span<const std::uint32_t>(targets), table.data(),
          targets.size(), 2);
  ChRouter<std::int32_t> router(ch);
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (std::size_t j = 0; j < targets.size(); ++j) {
      ASSERT_EQ(table[i * targets.size() + j], want[i * g.n + targets[j]]) << sources[i] << " " << targets[j];
      if (j < 5) {
        ASSERT_EQ(router.Route(sources[i], targets[j]).distance, want[i * g.n + targets[j]]);
      }
    }
}

TEST(RealRoads, Rome99) {
  const std::string path = SharedData("dimacs9/rome99.gr");
  if (!Exists(path)) GTEST_SKIP() << path << " absent";
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(ReadGraph(path));
  ASSERT_TRUE(g.directed);
  ExpectHierarchyAnswersAsDijkstra(g, 200, seed);
}

TEST(RealRoads, WeightedNewYorkSample) {
  if (GDIST_TEST_LEVEL < 1) GTEST_SKIP() << "GDIST_TEST_LEVEL 1 runs the NY sample";
  const std::string path = SharedData("pace2016-roads/NY.gr.gz");
  if (!Exists(path)) GTEST_SKIP() << path << " absent";
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  // scripts/weight_edges.py's weights, 1 + splitmix64(min << 32 | max) % 1000.
  Graph graph = ReadGraph(path);
  auto splitmix = [](std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  };
  for (Edge& e : graph.edges) {
    const std::uint64_t a = std::min(e.from, e.to) + 1, b = std::max(e.from, e.to) + 1;  // file ids are 1-based
    e.weight = static_cast<double>(1 + splitmix((a << 32) | b) % 1000);
  }
  graph.integral_weights = true;
  ExpectHierarchyAnswersAsDijkstra(BuildCsrGraph<std::int32_t>(graph), 64, seed);
}

}  // namespace
}  // namespace gdist::test
