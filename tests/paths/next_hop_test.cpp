// Routes from the next-hop matrix, checked against the arcs of the input and
// an independent oracle: Floyd-Warshall over (distance, arc count) pairs.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "formats/read_graph.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/paths/next_hop.hpp"
#include "lib/paths/next_hop_gpu.hpp"
#include "lib/paths/route.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

struct Solved {
  DistMatrix<std::int32_t> dist;
  ArcList<std::int32_t> arcs;
  NextHopMatrix next;
};

Solved SolveWithPaths(DistMatrix<std::int32_t> adj, Backend backend = Backend::kCpu, int threads = 2) {
  Solved s;
  s.arcs = ArcsOfAdjacency(adj.view());
  SolveApsp(adj, {backend, threads});
  s.next = ComputeNextHops(s.arcs, adj.view(), threads);
  s.dist = std::move(adj);
  return s;
}

// Random graph; with `negative`, weights are w' = w + p(u) - p(v) for potentials p,
// so some arcs are negative but every cycle keeps its non-negative length.
DistMatrix<std::int32_t> RandomGraph(std::size_t n, double density, bool negative, bool zeros, std::mt19937& rng) {
  Graph g;
  g.n = n;
  g.labels = VertexLabels::Range(n, 0);
  std::vector<int> p(n);
  for (auto& x : p) x = negative ? static_cast<int>(rng() % 50) : 0;
  std::uniform_real_distribution<double> coin(0, 1);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (u != v && coin(rng) < density) {
        int w = zeros ? static_cast<int>(rng() % 3) : 1 + static_cast<int>(rng() % 20);
        g.edges.push_back({static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v),
                           static_cast<double>(w + p[u] - p[v])});
      }
  return BuildAdjacency<std::int32_t>(g, {});
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

// Every route: starts and ends right, uses existing arcs with their weights,
// sums to the distance, never revisits a vertex.
void CheckAllRoutes(const Solved& s, const std::vector<int>* fewest = nullptr) {
  const std::size_t n = s.dist.n();
  auto arc_weight = [&](std::size_t u, std::size_t v) -> std::optional<std::int32_t> {
    for (std::size_t a = s.arcs.first[u]; a < s.arcs.first[u + 1]; ++a)
      if (s.arcs.head[a] == v) return s.arcs.weight[a];
    return std::nullopt;
  };
  MatrixView<std::int32_t> next{s.next.data(), n, s.next.stride()};
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      auto r = FindRoute(s.dist.view(), next, i, j);
      if (s.dist.at(i, j) >= DistMatrix<std::int32_t>::kInf) {
        EXPECT_FALSE(r.has_value());
        EXPECT_EQ(next.at(i, j), kNoHop);
        continue;
      }
      ASSERT_TRUE(r.has_value());
      ASSERT_EQ(r->vertices.front(), i);
      ASSERT_EQ(r->vertices.back(), j);
      long long sum = 0;
      std::vector<bool> seen(n, false);
      for (std::size_t k = 0; k + 1 < r->vertices.size(); ++k) {
        auto w = arc_weight(r->vertices[k], r->vertices[k + 1]);
        ASSERT_TRUE(w.has_value()) << "route " << i << "->" << j << " uses a missing arc";
        EXPECT_EQ(*w, r->weights[k]);
        sum += *w;
        ASSERT_FALSE(seen[r->vertices[k]]) << "route revisits a vertex";
        seen[r->vertices[k]] = true;
      }
      EXPECT_EQ(sum, s.dist.at(i, j)) << i << "->" << j;
      if (fewest) EXPECT_EQ(static_cast<int>(r->weights.size()), (*fewest)[i * n + j]) << i << "->" << j;
    }
}

TEST(NextHop, RandomGraphsRoutesAreShortestAndFewestArcs) {
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937 rng(seed);
  for (std::size_t n : {1u, 2u, 7u, 40u, 129u}) {
    for (int variant = 0; variant < 3; ++variant) {
      auto adj = RandomGraph(n, 0.08, variant == 1, variant == 2, rng);
      DistMatrix<std::int32_t> copy(n);
      std::memcpy(copy.data(), adj.data(), adj.payload_bytes());
      auto fewest = FewestArcs(copy, n);
      Solved s = SolveWithPaths(std::move(adj));
      CheckAllRoutes(s, &fewest);
    }
  }
}

TEST(NextHop, DeterministicAcrossThreadCounts) {
  std::mt19937 rng(test::TestSeed());
  auto a = RandomGraph(300, 0.02, false, true, rng);
  DistMatrix<std::int32_t> b(300);
  std::memcpy(b.data(), a.data(), a.payload_bytes());
  b.meta() = a.meta();
  Solved one = SolveWithPaths(std::move(a), Backend::kCpu, 1);
  Solved two = SolveWithPaths(std::move(b), Backend::kCpu, 2);
  EXPECT_EQ(0, std::memcmp(one.next.data(), two.next.data(), one.next.bytes()));
}

TEST(NextHop, GpuRoutesEqualCpuRoutes) {
  if (!ProbeGpu().usable) GTEST_SKIP() << "no usable GPU: " << ProbeGpu().reason;
  const unsigned seed = test::TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  std::mt19937 rng(seed);
  for (std::size_t n : {1u, 2u, 65u, 1000u, 2100u}) {
    for (int variant = 0; variant < 3; ++variant) {
      const double density = n > 1000 ? 0.004 : 0.02;
      auto a = RandomGraph(n, density, variant == 1, variant == 2, rng);
      DistMatrix<std::int32_t> b(n);
      std::memcpy(b.data(), a.data(), a.payload_bytes());
      b.meta() = a.meta();
      Solved cpu = SolveWithPaths(std::move(a), Backend::kCpu);
      Solved gpu = SolveWithPaths(std::move(b), Backend::kGpu);
      ASSERT_EQ(0, std::memcmp(cpu.dist.data(), gpu.dist.data(), cpu.dist.payload_bytes())) << "n=" << n;
      NextHopMatrix on_gpu = GpuComputeNextHops(gpu.arcs, gpu.dist.view());
      EXPECT_EQ(0, std::memcmp(cpu.next.data(), on_gpu.data(), cpu.next.bytes())) << "n=" << n << " variant " << variant;
    }
  }
}

TEST(NextHop, RealGraphsRome99AndNthuZeroWeights) {
  for (const char* rel : {"dimacs9/rome99.gr", "nthu-apsp/c02.1", "nthu-apsp/c05.1"}) {
    const std::string path = test::SharedData(rel);
    if (!test::Exists(path)) GTEST_SKIP() << "no shared data";
    Graph g = ReadGraph(path);
    Solved s = SolveWithPaths(BuildAdjacency<std::int32_t>(g, {}));
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
  EXPECT_EQ(r.output, "{\"from\":1,\"to\":3,\"length\":7,\"hops\":2,\"vertices\":[1,2,3],\"weights\":[3,4]}\n");
  r = test::RunCommand(test::App("gpath") + " " + d + " --from 2");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.output, "target,distance,next_hop,hops\n1,5,3,2\n2,0,,0\n3,4,3,1\n4,,,\n");
  r = test::RunCommand(test::App("gpath") + " " + d + " --from 1 --to 4");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("no path from 1 to 4"), std::string::npos) << r.output;
  r = test::RunCommand(test::App("gpath") + " " + d + " --from 9 --to 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("no vertex labelled '9'"), std::string::npos) << r.output;
  ASSERT_EQ(test::RunCommand(test::App("gapsp") + " -q " + tmp.file("g.gr") + " " + tmp.file("plain.gdm")).exit_code, 0);
  r = test::RunCommand(test::App("gpath") + " " + tmp.file("plain.gdm") + " --from 1 --to 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--paths"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace gdist
