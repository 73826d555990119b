// New York (PACE 2016, 264,346 vertices) against an oracle: a plain BFS from
// every vertex over adjacency lists built here from the reader's edges (not
// the CSR graph), on every core (about 50 minutes of one core), so
// GDIST_TEST_LEVEL >= 1 only.
// The bounded answers (diameter, radius, center, periphery, every
// eccentricity, the 1-median and its total) must equal the oracle's.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "formats/read_graph.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "sparse_test_graphs.hpp"

namespace gdist::test {
namespace {

struct Oracle {
  std::vector<std::uint32_t> eccentricity;
  std::vector<std::uint64_t> total;
};

Oracle BfsFromEveryVertex(const Graph& g) {
  std::vector<std::vector<std::uint32_t>> adjacent(g.n);
  for (const Edge& e : g.edges) {
    if (e.from == e.to) continue;
    adjacent[e.from].push_back(e.to);
    adjacent[e.to].push_back(e.from);
  }
  Oracle o;
  o.eccentricity.assign(g.n, 0);
  o.total.assign(g.n, 0);
  const std::int64_t n = static_cast<std::int64_t>(g.n);
#pragma omp parallel
  {
    std::vector<std::int32_t> dist(g.n, -1);
    std::vector<std::uint32_t> queue(g.n);
#pragma omp for schedule(dynamic, 64)
    for (std::int64_t s = 0; s < n; ++s) {
      std::size_t head = 0, tail = 0;
      dist[s] = 0;
      queue[tail++] = static_cast<std::uint32_t>(s);
      std::uint64_t total = 0;
      while (head < tail) {
        const std::uint32_t u = queue[head++];
        total += static_cast<std::uint64_t>(dist[u]);
        for (std::uint32_t v : adjacent[u])
          if (dist[v] < 0) {
            dist[v] = dist[u] + 1;
            queue[tail++] = v;
          }
      }
      EXPECT_EQ(tail, g.n) << "NY is connected";
      o.eccentricity[s] = static_cast<std::uint32_t>(dist[queue[tail - 1]]);
      o.total[s] = total;
      for (std::size_t i = 0; i < tail; ++i) dist[queue[i]] = -1;  // only what this search touched
    }
  }
  return o;
}

TEST(NyOracle, BoundedMetricsEqualBfsFromEveryVertex) {
  if (GDIST_TEST_LEVEL < 1) GTEST_SKIP() << "GDIST_TEST_LEVEL >= 1 (about 50 minutes of one core)";
  const std::string path = SharedData("pace2016-roads/NY.gr.gz");
  if (!Exists(path)) GTEST_SKIP() << "no " << path;
  const Graph g = ReadGraph(path, {});
  ASSERT_FALSE(g.directed);
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
  const Oracle o = BfsFromEveryVertex(g);
  ExpectBoundedAnswers(csr, std::vector<double>(o.eccentricity.begin(), o.eccentricity.end()),
                       std::vector<double>(o.total.begin(), o.total.end()), "bounds");
}

}  // namespace
}  // namespace gdist::test
