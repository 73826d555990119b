// The graph layer (lib/graph): the one transpose, Tarjan, Dial's queue and
// negative-cycle walk that both engines use.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "lib/graph/csr.hpp"
#include "lib/graph/dial_queue.hpp"
#include "lib/graph/negative_cycle_walk.hpp"
#include "lib/graph/strong_components.hpp"

namespace gdist {
namespace {

// Arcs (u, v, w) of n vertices as CSR, each vertex's arcs in the given order.
CsrArcs<std::int32_t> Arcs(std::size_t n, const std::vector<std::tuple<std::uint32_t, std::uint32_t, int>>& arcs) {
  CsrArcs<std::int32_t> a;
  a.offsets.assign(n + 1, 0);
  for (const auto& [u, v, w] : arcs) ++a.offsets[u + 1];
  for (std::size_t i = 0; i < n; ++i) a.offsets[i + 1] += a.offsets[i];
  a.targets.resize(arcs.size());
  a.weights.resize(arcs.size());
  std::vector<std::uint64_t> next(a.offsets.begin(), a.offsets.end() - 1);
  for (const auto& [u, v, w] : arcs) {
    a.targets[next[u]] = v;
    a.weights[next[u]++] = w;
  }
  return a;
}

TEST(GraphLayer, TransposeKeepsWeightsAndSortsBySource) {
  const CsrArcs<std::int32_t> out = Arcs(3, {{0, 2, 5}, {1, 2, 7}, {2, 0, 1}});
  const CsrArcs<std::int32_t> in = TransposeArcs(3, out);
  EXPECT_EQ(in.offsets, (std::vector<std::uint64_t>{0, 1, 1, 3}));
  EXPECT_EQ(in.targets, (std::vector<std::uint32_t>{2, 0, 1}));
  EXPECT_EQ(in.weights, (std::vector<std::int32_t>{1, 5, 7}));
  EXPECT_EQ(TransposeArcs(0, CsrArcs<std::int32_t>{}).offsets, std::vector<std::uint64_t>{0});
}

TEST(GraphLayer, StrongComponentsInReverseTopologicalOrder) {
  // 0 <-> 1 -> 2 <-> 3 -> 4: components {0,1}, {2,3}, {4}.
  const CsrArcs<std::int32_t> a = Arcs(5, {{0, 1, 1}, {1, 0, 1}, {1, 2, 1}, {2, 3, 1}, {3, 2, 1}, {3, 4, 1}});
  std::size_t count = 0;
  const std::vector<std::uint32_t> id = StrongComponentIds(a.View(5), &count);
  EXPECT_EQ(count, 3u);
  EXPECT_EQ(id[0], id[1]);
  EXPECT_EQ(id[2], id[3]);
  EXPECT_GT(id[0], id[2]);  // an arc between components goes from a higher id to a lower one
  EXPECT_GT(id[2], id[4]);
}

TEST(GraphLayer, DialQueueRunsDijkstraWithZeroWeights) {
  // 0 -0-> 1 -3-> 2, 0 -5-> 2, 1 -0-> 3; vertex 4 unreached.
  const CsrArcs<std::int32_t> a = Arcs(5, {{0, 1, 0}, {0, 2, 5}, {1, 2, 3}, {1, 3, 0}});
  DialQueue q(6);
  std::vector<std::int64_t> dist(5);
  const std::int64_t inf = std::numeric_limits<std::int64_t>::max();
  q.Run(a.View(5), 0, dist.data(), inf);
  EXPECT_EQ(dist, (std::vector<std::int64_t>{0, 0, 3, 0, inf}));
  q.Run(a.View(5), 2, dist.data(), inf);  // reusable: the queue is empty after a run
  EXPECT_EQ(dist, (std::vector<std::int64_t>{inf, inf, 0, inf, inf}));
}

TEST(GraphLayer, DialQueueDrainsInKeyOrderAcrossTheWrap) {
  DialQueue q(4);  // keys pending at once span less than 4
  std::vector<std::pair<std::uint64_t, std::uint32_t>> popped;
  q.Drain(0, [&](std::uint64_t key, std::uint32_t v, auto& push) {
    popped.push_back({key, v});
    if (v < 6) push(key + 3, v + 1);  // 0, 3, 6, ... past the wrap
    if (v == 0) push(key, 9);         // a zero-weight arc: same key, after v
  });
  ASSERT_EQ(popped.size(), 8u);
  EXPECT_EQ(popped[0], (std::pair<std::uint64_t, std::uint32_t>{0, 0}));
  EXPECT_EQ(popped[1], (std::pair<std::uint64_t, std::uint32_t>{0, 9}));
  EXPECT_EQ(popped[7], (std::pair<std::uint64_t, std::uint32_t>{18, 6}));
}

TEST(GraphLayer, NegativeCycleWalkFindsACycleOfThePredecessors) {
  std::vector<std::uint32_t> walk;
  const std::uint32_t none = 0xFFFFFFFFu;
  EXPECT_EQ(VertexOnParentCycle(std::vector<std::uint32_t>{none, 0, 1, 1}, none, &walk), std::nullopt);
  const std::optional<std::uint32_t> v = VertexOnParentCycle(std::vector<std::uint32_t>{none, 3, 1, 2}, none, &walk);
  ASSERT_TRUE(v.has_value());
  EXPECT_TRUE(*v == 1 || *v == 2 || *v == 3);
  // The dense engine's form: size_t predecessors, n for none.
  std::vector<std::size_t> seen;
  EXPECT_EQ(VertexOnParentCycle(std::vector<std::size_t>{1, 0, 2}, std::size_t{3}, &seen), std::size_t{0});
}

}  // namespace
}  // namespace gdist
