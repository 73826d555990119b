#include "lib/matrix/adjacency.hpp"

#include <gtest/gtest.h>

#include "lib/util/error.hpp"

namespace gdist {
namespace {

Graph Make(std::size_t n, std::vector<Edge> edges, bool directed = true) {
  Graph g;
  g.n = n;
  g.directed = directed;
  g.edges = std::move(edges);
  g.labels = VertexLabels::Range(n, 1);
  g.format_name = "test";
  for (const auto& e : g.edges) g.integral_weights &= e.weight == static_cast<long long>(e.weight);
  return g;
}

TEST(Adjacency, DuplicatesKeepMinimumByDefaultOrLastOnRequest) {
  Graph g = Make(3, {{0, 1, 9}, {0, 1, 4}, {0, 1, 7}, {1, 2, 5}});
  auto min = BuildAdjacency<std::int32_t>(g, {DuplicatePolicy::kMin});
  auto last = BuildAdjacency<std::int32_t>(g, {DuplicatePolicy::kLast});
  EXPECT_EQ(min.at(0, 1), 4);
  EXPECT_EQ(last.at(0, 1), 7);
  EXPECT_EQ(min.at(1, 0), DistMatrix<std::int32_t>::kInf);
  EXPECT_EQ(min.at(1, 2), 5);
}

TEST(Adjacency, UndirectedEdgesSetBothArcsAndLastWinsAcrossDirections) {
  // OR-Library semantics: "1 2 30" then "2 1 10" -> both arcs 10.
  Graph g = Make(2, {{0, 1, 30}, {1, 0, 10}}, /*directed=*/false);
  auto last = BuildAdjacency<std::int32_t>(g, {DuplicatePolicy::kLast});
  EXPECT_EQ(last.at(0, 1), 10);
  EXPECT_EQ(last.at(1, 0), 10);
  EXPECT_FALSE(last.meta().directed);
}

TEST(Adjacency, SelfLoopsIgnoredUnlessNegative) {
  auto m = BuildAdjacency<std::int32_t>(Make(2, {{0, 0, 5}}), {});
  EXPECT_EQ(m.at(0, 0), 0);
  try {
    BuildAdjacency<std::int32_t>(Make(2, {{1, 1, -2}}), {});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("negative cycle: vertex 2"), std::string::npos) << e.what();
  }
}

TEST(Adjacency, FractionalWeightsNeedFloat) {
  Graph g = Make(2, {{0, 1, 1.5}});
  EXPECT_EQ(ChooseElementType(g), ElementType::kFloat32);
  EXPECT_THROW(BuildAdjacency<std::int32_t>(g, {}), Error);
  EXPECT_FLOAT_EQ(BuildAdjacency<float>(g, {}).at(0, 1), 1.5f);
}

TEST(Adjacency, TypeChoiceWidensWhenPathSumsCouldReachInf) {
  // 1000 vertices: a path has up to 999 arcs.
  Graph small = Make(1000, {{0, 1, 1000000}});
  EXPECT_EQ(ChooseElementType(small), ElementType::kInt32);  // 999e6 < 2^30-1
  Graph big = Make(1000, {{0, 1, 1100000}});
  EXPECT_EQ(ChooseElementType(big), ElementType::kInt64);  // 1.0989e9 >= 2^30-1
  Graph negative = Make(1000, {{0, 1, -600000}});
  EXPECT_EQ(ChooseElementType(negative), ElementType::kInt64);  // 2 * 5.99e8 >= INF
}

TEST(Adjacency, LabelsAndPaddingCarryOver) {
  auto m = BuildAdjacency<std::int32_t>(Make(130, {{129, 0, 3}}), {});
  EXPECT_EQ(m.stride(), 256u);
  EXPECT_EQ(m.at(129, 0), 3);
  EXPECT_EQ(m.meta().labels.label(129), "130");
  EXPECT_EQ(m.at(200, 0), DistMatrix<std::int32_t>::kInf);
  EXPECT_EQ(m.at(200, 200), 0);
}

}  // namespace
}  // namespace gdist
