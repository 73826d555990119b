// Routes from the next-hop matrix, checked against the arcs of the input and
// two independent oracles, one per rule of lib/paths/next_hop.hpp:
//  * every weight > 0: brute force "least out-neighbour k with w(i,k) + d(k,j) == d(i,j)";
//  * a zero or negative arc: Floyd-Warshall over (distance, arc count) pairs (fewest arcs).
#include "lib/paths/next_hop.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <random>

#include "formats/read_graph.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/paths/next_hop_gpu.hpp"
#include "lib/paths/route.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

template <class T> struct Solved {
  DistMatrix<T> dist;
  ArcList<T> arcs;
  NextHopMatrix next;
};

template <class T> Solved<T> SolveWithPaths(DistMatrix<T> adj, Backend backend = Backend::kCpu, int threads = 2) {
  Solved<T> s;
  s.arcs = ArcsOfAdjacency(adj.view());
  ApspOptions options;
  options.backend = backend;
  options.threads = threads;
  SolveApsp(adj, options);
  s.next = ComputeNextHops(s.arcs, adj.view(), threads);
  s.dist = std::move(adj);
  return s;
}

template <class T> DistMatrix<T> Copy(const DistMatrix<T>& a) {
  DistMatrix<T> b(a.n());
  std::memcpy(b.data(), a.data(), a.payload_bytes());
  b.meta() = a.meta();
  return b;
}

// Random graph; with `negative`, weights are w' = w + p(u) - p(v) for potentials p,
// so some arcs are negative but every cycle keeps its non-negative length. With
// `zeros`, weights are 0..2; otherwise 1..max_weight.
Graph RandomEdges(std::size_t n, double density, bool negative, bool zeros, std::mt19937& rng, int max_weight = 20) {
  Graph g;
  g.n = n;
  g.labels = VertexLabels::Range(n, 0);
  std::vector<int> p(n);
  for (auto& x : p) x = negative ? static_cast<int>(rng() % 50) : 0;
  std::uniform_real_distribution<double> coin(0, 1);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (u != v && coin(rng) < density) {
        int w = zeros ? static_cast<int>(rng() % 3) : 1 + static_cast<int>(rng() % max_weight);
        g.edges.push_back(
            {static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v), static_cast<double>(w + p[u] - p[v])});
      }
  return g;
}

DistMatrix<std::int32_t> RandomGraph(std::size_t n, double density, bool negative, bool zeros, std::mt19937& rng) {
  return BuildAdjacency<std::int32_t>(RandomEdges(n, density, negative, zeros, rng), {});
}

template <class T> bool HasNonPositiveArc(const DistMatrix<T>& adjacency) {
  for (std::size_t i = 0; i < adjacency.n(); ++i)
    for (std::size_t j = 0; j < adjacency.n(); ++j)
      if (i != j && adjacency.at(i, j) < DistMatrix<T>::kInf && !(adjacency.at(i, j) > T(0))) return true;
  return false;
}

// Oracle: lexicographic (distance, arcs) Floyd-Warshall, O(n^3), written independently.
std::vector<int> FewestArcs(const DistMatrix<std::int32_t>& adjacency_copy, std::size_t n) {
  const long long inf = 1LL << 40;
  std::vector<long long> d(n * n, inf);
  std::vector<int> h(n * n, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j) d[i * n + j] = 0;
      else if (adjacency_copy.at(i, j) < DistMatrix<std::int32_t>::kInf) {
        d[i * n + j] = adjacency_copy.at(i, j);
        h[i * n + j] = 1;
      }
    }
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        if (d[i * n + k] >= inf || d[k * n + j] >= inf) continue;
        long long nd = d[i * n + k] + d[k * n + j];
        int nh = h[i * n + k] + h[k * n + j];
        if (nd < d[i * n + j] || (nd == d[i * n + j] && nh < h[i * n + j])) {
          d[i * n + j] = nd;
          h[i * n + j] = nh;
        }
      }
  return h;
}

// Oracle for positive weights, from the adjacency alone (integer-valued weights,
// so double arithmetic is exact): plain Floyd-Warshall for the distances, then
// for each i, j the first k = 0 .. n-1 with an arc i -> k and w(i,k) + D(k,j) == D(i,j).
// Returns the distances too, so the caller can check the engine's.
template <class T>
std::pair<std::vector<int>, std::vector<double>> LeastTightOracle(const DistMatrix<T>& adjacency_copy, std::size_t n) {
  const double inf = std::numeric_limits<double>::infinity();
  auto weight = [&](std::size_t i, std::size_t k) {
    const T w = adjacency_copy.at(i, k);
    return w < DistMatrix<T>::kInf ? static_cast<double>(w) : inf;
  };
  std::vector<double> d(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) d[i * n + j] = i == j ? 0.0 : weight(i, j);
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) d[i * n + j] = std::min(d[i * n + j], d[i * n + k] + d[k * n + j]);
  std::vector<int> next(n * n, -1);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j || d[i * n + j] == inf) continue;
      for (std::size_t k = 0; k < n; ++k)
        if (k != i && weight(i, k) < inf && weight(i, k) + d[k * n + j] == d[i * n + j]) {
          next[i * n + j] = static_cast<int>(k);
          break;
        }
    }
  return {next, d};
}

// The whole matrix, padding included, equals the oracle.
template <class T> void ExpectLeastTight(const Solved<T>& s, const DistMatrix<T>& adjacency_copy) {
  const std::size_t n = s.dist.n();
  auto [want, d] = LeastTightOracle(adjacency_copy, n);
  for (std::size_t i = 0; i < s.next.stride(); ++i)
    for (std::size_t j = 0; j < s.next.stride(); ++j) {
      if (i >= n || j >= n) {
        ASSERT_EQ(s.next.row(i)[j], kNoHop) << "padding " << i << "," << j;
        continue;
      }
      const double got_d = s.dist.at(i, j) < DistMatrix<T>::kInf ? static_cast<double>(s.dist.at(i, j))
                                                                 : std::numeric_limits<double>::infinity();
      ASSERT_EQ(got_d, d[i * n + j]) << "distance " << i << "->" << j;
      ASSERT_EQ(s.next.row(i)[j], want[i * n + j]) << "next " << i << "->" << j << " (n=" << n << ")";
    }
}

// Every route: starts and ends right, uses existing arcs with their weights,
// sums to the distance, never revisits a vertex.
template <class T> void CheckAllRoutes(const Solved<T>& s, const std::vector<int>* fewest = nullptr) {
  const std::size_t n = s.dist.n();
  auto arc_weight = [&](std::size_t u, std::size_t v) -> std::optional<T> {
    for (std::size_t a = s.arcs.first[u]; a < s.arcs.first[u + 1]; ++a)
      if (s.arcs.head[a] == v) return s.arcs.weight[a];
    return std::nullopt;
  };
  MatrixView<std::int32_t> next{s.next.data(), n, s.next.stride()};
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      auto r = FindRoute(s.dist.view(), next, i, j);
      if (s.dist.at(i, j) >= DistMatrix<T>::kInf) {
        EXPECT_FALSE(r.has_value());
        EXPECT_EQ(next.at(i, j), kNoHop);
        continue;
      }
      ASSERT_TRUE(r.has_value());
      ASSERT_EQ(r->vertices.front(), i);
      ASSERT_EQ(r->vertices.back(), j);
      double sum = 0;
      std::vector<bool> seen(n, false);
      for (std::size_t k = 0; k + 1 < r->vertices.size(); ++k) {
        auto w = arc_weight(r->vertices[k], r->vertices[k + 1]);
        ASSERT_TRUE(w.has_value()) << "route " << i << "->" << j << " uses a missing arc";
        EXPECT_EQ(*w, r->weights[k]);
        sum += static_cast<double>(*w);
        ASSERT_FALSE(seen[r->vertices[k]]) << "route revisits a vertex";
        seen[r->vertices[k]] = true;
      }
      EXPECT_EQ(sum, static_cast<double>(s.dist.at(i, j))) << i << "->" << j;
      if (fewest) {
        EXPECT_EQ(static_cast<int>(r->weights.size()), (*fewest)[i * n + j]) << i << "->" << j;
      }
    }
}

template <class T> void PositiveGraphsMatchOracle() {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937 rng(seed);
  for (std::size_t n : {1u, 2u, 7u, 40u, 129u, 300u}) {
    // Sparse and dense; weights 1..3 make many equal-length routes, so the
    // "least k" tie rule decides most cells.
    for (auto [density, max_weight] : {std::pair{0.08, 20}, std::pair{0.5, 3}, std::pair{0.02, 1000}}) {
      SCOPED_TRACE("n=" + std::to_string(n) + " density " + std::to_string(density));
      auto adj = BuildAdjacency<T>(RandomEdges(n, density, false, false, rng, max_weight), {});
      DistMatrix<T> copy = Copy(adj);
      Solved<T> s = SolveWithPaths(std::move(adj));
      ASSERT_TRUE(UsesLeastTightNeighbour(s.arcs, s.dist.view()));
      ExpectLeastTight(s, copy);
      if (n <= 129) CheckAllRoutes(s);
    }
  }
}

TEST(NextHop, PositiveWeightsLeastTightNeighbourInt32) { PositiveGraphsMatchOracle<std::int32_t>(); }
TEST(NextHop, PositiveWeightsLeastTightNeighbourFloat32) { PositiveGraphsMatchOracle<float>(); }

TEST(NextHop, NonPositiveArcsRoutesAreShortestAndFewestArcs) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937 rng(seed);
  for (std::size_t n : {1u, 2u, 7u, 40u, 129u}) {
    for (int variant = 1; variant < 3; ++variant) {
      auto adj = RandomGraph(n, 0.08, variant == 1, variant == 2, rng);
      DistMatrix<std::int32_t> copy = Copy(adj);
      const bool fewest_rule = HasNonPositiveArc(copy);  // tiny graphs may happen to have none
      Solved<std::int32_t> s = SolveWithPaths(std::move(adj));
      ASSERT_EQ(UsesLeastTightNeighbour(s.arcs, s.dist.view()), !fewest_rule) << "n=" << n;
      if (fewest_rule) {
        auto fewest = FewestArcs(copy, n);
        CheckAllRoutes(s, &fewest);
      } else {
        ExpectLeastTight(s, copy);
        CheckAllRoutes(s);
      }
    }
  }
}

TEST(NextHop, ZeroWeightCyclesStayLoopFree) {
  // 0 <-> 1 at weight 0, both reach 2 at weight 5. Under the least-tight-neighbour
  // rule next(0,2) = 1 and next(1,2) = 0 (both tight): a loop. The fewest-arc rule
  // goes straight to 2.
  Graph g;
  g.n = 3;
  g.labels = VertexLabels::Range(3, 0);
  g.edges = {{0, 1, 0.0}, {1, 0, 0.0}, {0, 2, 5.0}, {1, 2, 5.0}};
  auto adj = BuildAdjacency<std::int32_t>(g, {});
  DistMatrix<std::int32_t> copy = Copy(adj);
  Solved<std::int32_t> s = SolveWithPaths(std::move(adj));
  EXPECT_FALSE(UsesLeastTightNeighbour(s.arcs, s.dist.view()));
  EXPECT_EQ(s.next.row(0)[2], 2);
  EXPECT_EQ(s.next.row(1)[2], 2);
  auto fewest = FewestArcs(copy, 3);
  CheckAllRoutes(s, &fewest);

  // Dense, weights 0..2: zero-weight cycles everywhere.
  std::mt19937 rng(test::TestSeed());
  for (std::size_t n : {60u, 200u}) {
    auto big = RandomGraph(n, 0.3, false, true, rng);
    DistMatrix<std::int32_t> big_copy = Copy(big);
    Solved<std::int32_t> t = SolveWithPaths(std::move(big));
    auto f = FewestArcs(big_copy, n);
    CheckAllRoutes(t, &f);
  }
}

TEST(NextHop, FloatWeightsTooSmallForTheToleranceUseFewestArcs) {
  // A float arc of weight 1 next to distances of 200000: 1 is below twice the
  // tightness tolerance there, so the float graph takes the fewest-arc rule; the
  // same graph in int32 takes the least-tight-neighbour rule.
  Graph g;
  g.n = 4;
  g.labels = VertexLabels::Range(4, 0);
  g.edges = {{0, 1, 1.0}, {1, 2, 200000.0}, {0, 2, 200001.0}, {2, 3, 1.0}, {3, 0, 2.0}};
  Solved<float> f = SolveWithPaths(BuildAdjacency<float>(g, {}));
  EXPECT_FALSE(UsesLeastTightNeighbour(f.arcs, f.dist.view()));
  CheckAllRoutes(f);
  EXPECT_EQ(f.next.row(0)[2], 2);  // fewest arcs: the direct arc
  Solved<std::int32_t> i = SolveWithPaths(BuildAdjacency<std::int32_t>(g, {}));
  EXPECT_TRUE(UsesLeastTightNeighbour(i.arcs, i.dist.view()));
  CheckAllRoutes(i);
  EXPECT_EQ(i.next.row(0)[2], 1);  // least tight neighbour
}

TEST(NextHop, DeterministicAcrossThreadCounts) {
  std::mt19937 rng(test::TestSeed());
  for (bool zeros : {true, false}) {
    auto a = RandomGraph(300, zeros ? 0.02 : 0.3, false, zeros, rng);
    DistMatrix<std::int32_t> b = Copy(a);
    Solved<std::int32_t> one = SolveWithPaths(std::move(a), Backend::kCpu, 1);
    Solved<std::int32_t> two = SolveWithPaths(std::move(b), Backend::kCpu, 2);
    EXPECT_EQ(0, std::memcmp(one.next.data(), two.next.data(), one.next.bytes())) << "zeros " << zeros;
  }
}

template <class T> void GpuEqualsCpu(std::size_t n, double density, int variant, std::mt19937& rng) {
  auto a = BuildAdjacency<T>(RandomEdges(n, density, variant == 1, variant == 2, rng), {});
  DistMatrix<T> b = Copy(a);
  Solved<T> cpu = SolveWithPaths(std::move(a), Backend::kCpu);
  Solved<T> gpu = SolveWithPaths(std::move(b), Backend::kGpu);
  ASSERT_EQ(0, std::memcmp(cpu.dist.data(), gpu.dist.data(), cpu.dist.payload_bytes())) << "n=" << n;
  NextHopMatrix on_gpu = GpuComputeNextHops(gpu.arcs, gpu.dist.view());
  EXPECT_EQ(0, std::memcmp(cpu.next.data(), on_gpu.data(), cpu.next.bytes()))
      << ElementTraits<T>::kName << " n=" << n << " density " << density << " variant " << variant;
}

TEST(NextHop, GpuRoutesEqualCpuRoutes) {
  if (!ProbeGpu().usable) GTEST_SKIP() << "no usable GPU: " << ProbeGpu().reason;
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937 rng(seed);
  for (std::size_t n : {1u, 2u, 65u, 1000u, 2100u}) {
    const double sparse = n > 1000 ? 0.004 : 0.02, dense = n > 1000 ? 0.1 : 0.3;
    // variant 0: positive (least tight neighbour); 1: negative arcs; 2: zero arcs (fewest arcs)
    for (int variant = 0; variant < 3; ++variant) GpuEqualsCpu<std::int32_t>(n, sparse, variant, rng);
    GpuEqualsCpu<std::int32_t>(n, dense, 0, rng);
    GpuEqualsCpu<float>(n, dense, 0, rng);
    if (n > 1000) continue;  // keep the run short under compute-sanitizer (bench/device.sh paths)
    GpuEqualsCpu<float>(n, sparse, 0, rng);
    GpuEqualsCpu<float>(n, sparse, 2, rng);
  }
}

TEST(NextHop, RealGraphsRome99AndNthuZeroWeights) {
  for (const char* rel : {"dimacs9/rome99.gr", "nthu-apsp/c02.1", "nthu-apsp/c05.1"}) {
    const std::string path = test::SharedData(rel);
    if (!test::Exists(path)) GTEST_SKIP() << "no shared data";
    Graph g = ReadGraph(path);
    Solved<std::int32_t> s = SolveWithPaths(BuildAdjacency<std::int32_t>(g, {}));
    if (g.n <= 400) {
      CheckAllRoutes(s);
      continue;
    }
    // rome99: 3353^2 routes are too many for a unit test; check 300 random ones.
    std::mt19937 rng(test::TestSeed());
    MatrixView<std::int32_t> next{s.next.data(), s.dist.n(), s.next.stride()};
    for (int t = 0; t < 300; ++t) {
      std::size_t i = rng() % g.n, j = rng() % g.n;
      auto r = FindRoute(s.dist.view(), next, i, j);
      ASSERT_TRUE(r.has_value());  // rome99 is strongly connected
      long long sum = 0;
      for (std::size_t k = 0; k + 1 < r->vertices.size(); ++k) {
        // The weight must be the least among the file's parallel arcs u -> v.
        double best = 1e18;
        for (const Edge& e : g.edges)
          if (e.from == r->vertices[k] && e.to == r->vertices[k + 1]) best = std::min(best, e.weight);
        ASSERT_LT(best, 1e18) << "missing arc";
        EXPECT_EQ(best, r->weights[k]);
        sum += r->weights[k];
      }
      EXPECT_EQ(sum, s.dist.at(i, j));
    }
  }
}

TEST(Gpath, CliRoutesTreesAndErrors) {
  test::TempDir tmp;
  // 1 -> 2 (3), 2 -> 3 (4), 1 -> 3 (9), 3 -> 1 (1); 4 isolated.
  test::WriteText(tmp.file("g.gr"), "p sp 4 4\na 1 2 3\na 2 3 4\na 1 3 9\na 3 1 1\n");
  const std::string d = tmp.file("d.gdm");
  auto r = test::RunCommand(test::App("gapsp") + " -q --paths " + tmp.file("g.gr") + " " + d);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  r = test::RunCommand(test::App("gpath") + " " + d + " --from 1 --to 3 --json");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(
      r.output,
      "{\"from\":\"1\",\"to\":\"3\",\"length\":7,\"hops\":2,\"vertices\":[\"1\",\"2\",\"3\"],\"weights\":[3,4]}\n");
  r = test::RunCommand(test::App("gpath") + " " + d + " --from 2");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.output, "target,distance,next_hop,hops\n1,5,3,2\n2,0,,0\n3,4,3,1\n4,,,\n");
  r = test::RunCommand(test::App("gpath") + " " + d + " --from 1 --to 4");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("no path from 1 to 4"), std::string::npos) << r.output;
  r = test::RunCommand(test::App("gpath") + " " + d + " --from 9 --to 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("no vertex labelled '9'"), std::string::npos) << r.output;
  ASSERT_EQ(test::RunCommand(test::App("gapsp") + " -q " + tmp.file("g.gr") + " " + tmp.file("plain.gdm")).exit_code,
            0);
  // Without next hops: the distance (2 -> 1 is 5, as the tree above says) and where the route is.
  r = test::RunCommand(test::App("gpath") + " " + tmp.file("plain.gdm") + " --from 2 --to 1");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("length 5\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("keeps distances, not routes (no next hops); for the route, write it with --paths"),
            std::string::npos)
      << r.output;
}

}  // namespace
}  // namespace gdist

namespace gdist {
namespace {

// Real graphs: rome99 (positive weights: least-tight rule) and NTHU cases with
// zero-weight arcs (fewest-arc rule) give the same distances and next hops on both backends.
TEST(NextHop, GpuRoutesEqualCpuRoutesOnRealGraphs) {
  if (!ProbeGpu().usable) GTEST_SKIP() << "no usable GPU: " << ProbeGpu().reason;
  int compared = 0;
  for (const char* rel : {"dimacs9/rome99.gr", "nthu-apsp/c02.1", "nthu-apsp/c05.1", "nthu-apsp/c10.1"}) {
    const std::string path = test::SharedData(rel);
    if (!test::Exists(path)) continue;
    Graph g = ReadGraph(path);
    Solved<std::int32_t> cpu = SolveWithPaths(BuildAdjacency<std::int32_t>(g, {}), Backend::kCpu);
    Solved<std::int32_t> gpu = SolveWithPaths(BuildAdjacency<std::int32_t>(g, {}), Backend::kGpu);
    NextHopMatrix on_gpu = GpuComputeNextHops(gpu.arcs, gpu.dist.view());
    ASSERT_EQ(0, std::memcmp(cpu.dist.data(), gpu.dist.data(), cpu.dist.payload_bytes())) << rel;
    EXPECT_EQ(0, std::memcmp(cpu.next.data(), on_gpu.data(), cpu.next.bytes())) << rel;
    ++compared;
  }
  if (compared == 0) GTEST_SKIP() << "no shared data";
}

}  // namespace
}  // namespace gdist
