// Negative cycles are detected after the run (lib/engine/negative_cycle.hpp):
// the answer is compared with Boost.Graph's Bellman-Ford on random graphs with
// and without a planted negative cycle, and the certificate is shown to hold
// even when the "distances" it reads are garbage (a wrapped integer run).
#include "lib/engine/negative_cycle.hpp"

#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/bellman_ford_shortest_paths.hpp>
#include <limits>
#include <random>

#include "engine/test_graphs.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/matrix/arc_list.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

using test::RandomGraph;
using test::SeedNote;
using test::TestGraph;

// Boost's Bellman-Ford from a virtual source joined to every vertex by a 0 arc.
bool BoostHasNegativeCycle(const TestGraph& g) {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                      boost::property<boost::edge_weight_t, long long>>;
  Graph bg(g.n + 1);
  for (const auto& a : g.arcs) boost::add_edge(a.tail, a.head, a.weight, bg);
  for (std::size_t v = 0; v < g.n; ++v) boost::add_edge(g.n, v, 0LL, bg);
  std::vector<long long> dist(g.n + 1, std::numeric_limits<long long>::max() / 4);
  dist[g.n] = 0;
  return !boost::bellman_ford_shortest_paths(bg, g.n + 1, boost::distance_map(dist.data()).root_vertex(g.n));
}

// Plants a cycle of `len` random vertices whose arcs sum to -1.
void PlantNegativeCycle(TestGraph* g, std::size_t len, std::mt19937_64& rng) {
  std::vector<std::size_t> vs(g->n);
  for (std::size_t i = 0; i < g->n; ++i) vs[i] = i;
  std::shuffle(vs.begin(), vs.end(), rng);
  std::erase_if(g->arcs, [&](const test::TestArc& a) {
    for (std::size_t i = 0; i < len; ++i)
      if (a.tail == vs[i] && a.head == vs[(i + 1) % len]) return true;
    return false;
  });
  for (std::size_t i = 0; i < len; ++i) {
    const long long w = i + 1 < len ? 5 : -5 * static_cast<long long>(len - 1) - 1;
    g->arcs.push_back({vs[i], vs[(i + 1) % len], w});
    g->max_abs = std::max(g->max_abs, w < 0 ? -w : w);
  }
  g->negative = true;
}

template <class T> bool SolveRefuses(const TestGraph& g) {
  DistMatrix<T> m = test::ToMatrix<T>(g);
  ApspOptions o;
  o.backend = Backend::kCpu;
  o.threads = 2;
  try {
    SolveApsp(m, o);
    return false;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("negative cycle"), std::string::npos) << e.what();
    return true;
  }
}

TEST(NegativeCycle, AgreesWithBoostBellmanFord) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(SeedNote(seed));
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 24; ++trial) {
    const std::size_t n = 20 + rng() % 180;
    TestGraph g = RandomGraph(n, 0.05 + 0.2 * (trial % 3), 50, trial % 2 ? 400 : 30, rng());
    if (trial % 3 != 0) PlantNegativeCycle(&g, 2 + rng() % std::min<std::size_t>(n - 1, 40), rng);
    const bool want = BoostHasNegativeCycle(g);
    SCOPED_TRACE("trial " + std::to_string(trial) + ", n " + std::to_string(n));
    EXPECT_EQ(SolveRefuses<std::int32_t>(g), want);
    EXPECT_EQ(SolveRefuses<std::int64_t>(g), want);
    EXPECT_EQ(SolveRefuses<float>(g), want);
  }
}

TEST(NegativeCycle, NamesAVertexOnTheCycle) {
  // 0 -> 1 -> 2 -> 0 sums to -1; 3 hangs off it and 4 -> 0 leads into it.
  DistMatrix<std::int32_t> m(5);
  m.at(0, 1) = 4;
  m.at(1, 2) = -2;
  m.at(2, 0) = -3;
  m.at(2, 3) = 7;
  m.at(4, 0) = 1;
  const auto v = FindNegativeCycle(ArcsOfAdjacency(m.view()));
  ASSERT_TRUE(v.has_value());
  EXPECT_LT(*v, 3u);
}

// The certificate reads D only to build potentials: garbage in D (what a
// wrapped int32 run may leave) can make it refuse, never accept, a graph with
// a negative cycle; and correct distances of a graph without one are accepted.
TEST(NegativeCycle, CertificateNeverAcceptsGarbage) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(SeedNote(seed));
  std::mt19937_64 rng(seed);
  TestGraph g = RandomGraph(60, 0.2, 50, 100, rng());
  PlantNegativeCycle(&g, 7, rng);
  const DistMatrix<std::int32_t> a = test::ToMatrix<std::int32_t>(g);
  const auto arcs = ArcsOfAdjacency(a.view());
  std::uniform_int_distribution<std::int32_t> any(std::numeric_limits<std::int32_t>::min(),
                                                  std::numeric_limits<std::int32_t>::max());
  for (int trial = 0; trial < 50; ++trial) {
    DistMatrix<std::int32_t> d(g.n);
    for (std::size_t i = 0; i < g.n; ++i)
      for (std::size_t j = 0; j < g.n; ++j) d.at(i, j) = trial % 2 ? any(rng) : std::int32_t(any(rng) % 1000);
    EXPECT_FALSE(NoNegativeCycle(arcs, d.view()));
  }
  TestGraph ok = RandomGraph(60, 0.2, 50, 100, rng());
  DistMatrix<std::int32_t> d = test::ToMatrix<std::int32_t>(ok);
  const auto ok_arcs = ArcsOfAdjacency(d.view());
  ApspOptions o;
  o.backend = Backend::kCpu;
  SolveApsp(d, o);
  EXPECT_TRUE(NoNegativeCycle(ok_arcs, d.view()));
}

// The kept arcs are counted before they are allocated: a budget one byte short
// of what the list holds is refused with both sizes, the exact budget is not,
// and the list then holds what the count said (arcs counted by hand here).
TEST(NegativeCycle, KeptArcsAreRefusedWhenTheyDoNotFit) {
  const std::uint64_t seed = test::FreshSeed();
  SCOPED_TRACE(SeedNote(seed));
  std::mt19937_64 rng(seed);
  const TestGraph g = RandomGraph(70, 0.3, 50, 100, rng());
  const DistMatrix<std::int64_t> a = test::ToMatrix<std::int64_t>(g);
  std::uint64_t arcs = 0;
  for (std::size_t i = 0; i < g.n; ++i)
    for (std::size_t j = 0; j < g.n; ++j) arcs += (i != j && a.at(i, j) < ElementTraits<std::int64_t>::kInf);
  const std::uint64_t need = (g.n + 1) * sizeof(std::size_t) + arcs * (4 + 8);
  try {
    ArcsOfAdjacency(a.view(), need - 1);
    ADD_FAILURE() << "a budget one byte short was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(std::to_string(arcs) + " arcs"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(std::to_string(need) + " bytes"), std::string::npos) << e.what();
  }
  const ArcList<std::int64_t> kept = ArcsOfAdjacency(a.view(), need);
  EXPECT_EQ(kept.head.size(), arcs);
  EXPECT_EQ(kept.weight.size(), arcs);
}

}  // namespace
}  // namespace gdist
