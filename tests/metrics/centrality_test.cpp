// Closeness, harmonic centrality, average path length and Wiener index
// against NetworkX (run through /usr/bin/python3 on the same edge list), and
// the distance histogram against a count over the reference distances of
// tests/siting/small_graphs.hpp. Connected and disconnected, directed and not.
#include "lib/metrics/centrality.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "lib/metrics/metrics_report.hpp"
#include "tests/siting/small_graphs.hpp"

namespace gdist {
namespace {

using testing::kNoPath;
using testing::SmallGraph;

// NetworkX measures closeness and harmonic centrality on incoming distances;
// ours are outgoing, so the script runs them on G.reverse() for digraphs.
constexpr const char* kScript = R"PY(
import sys, networkx as nx
directed = sys.argv[2] == "1"
G = nx.DiGraph() if directed else nx.Graph()
n = int(open(sys.argv[1]).readline())
G.add_nodes_from(range(n))
for line in list(open(sys.argv[1]))[1:]:
    i, j, w = map(int, line.split())
    G.add_edge(i, j, weight=w)
H = G.reverse() if directed else G
for v, c in nx.closeness_centrality(H, distance="weight").items(): print("closeness", v, repr(c))
for v, c in nx.harmonic_centrality(H, distance="weight").items(): print("harmonic", v, repr(c))
print("wiener", 0, repr(float(nx.wiener_index(G, weight="weight"))))
d = dict(nx.all_pairs_dijkstra_path_length(G, weight="weight"))
pairs = [d[i][j] for i in d for j in d[i] if i != j]
print("aspl", 0, repr(sum(pairs) / len(pairs)) if pairs else "nan")
)PY";

std::map<std::string, double> RunNetworkX(const SmallGraph& g) {
  const std::string dir = std::filesystem::temp_directory_path() / ("gdist_metrics_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream e(dir + "/edges.txt");
    e << g.n << "\n";
    for (const auto& a : g.arcs) e << a.from << " " << a.to << " " << a.weight << "\n";
    std::ofstream(dir + "/m.py") << kScript;
  }
  const std::string cmd =
      "/usr/bin/python3 " + dir + "/m.py " + dir + "/edges.txt " + (g.directed ? "1" : "0") + " > " + dir + "/out.txt";
  std::map<std::string, double> r;
  if (std::system(cmd.c_str()) != 0) return r;
  std::ifstream in(dir + "/out.txt");
  std::string key, vertex, value;
  while (in >> key >> vertex >> value) r[key + " " + vertex] = std::strtod(value.c_str(), nullptr);
  std::filesystem::remove_all(dir);
  return r;
}

bool HaveNetworkX() { return std::system("/usr/bin/python3 -c 'import networkx' > /dev/null 2>&1") == 0; }

void ExpectNear(double got, double want, const std::string& what) {
  if (std::isinf(want)) {
    EXPECT_TRUE(std::isinf(got)) << what;
  } else if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what;
  } else {
    EXPECT_NEAR(got, want, 1e-9 * std::max(1.0, std::fabs(want))) << what;
  }
}

struct Shape {
  bool directed, connected;
};

class AgainstNetworkX : public ::testing::TestWithParam<Shape> {};

TEST_P(AgainstNetworkX, CentralitiesPathLengthAndWiener) {
  if (!HaveNetworkX()) GTEST_SKIP() << "/usr/bin/python3 with networkx not available";
  const Shape shape = GetParam();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const SmallGraph g =
        testing::RandomGraph(30 + 7 * seed, shape.directed, shape.connected ? 0.1 : 0.03, 50, seed, shape.connected);
    const DistanceSummary s = Summarize(g.matrix.view(), MetricsOptions{});
    const Centrality c = ComputeCentrality(g.matrix.view(), s, shape.directed);
    const auto nx = RunNetworkX(g);
    ASSERT_FALSE(nx.empty()) << "the NetworkX script failed";
    for (std::size_t v = 0; v < g.n; ++v) {
      ExpectNear(c.closeness[v], nx.at("closeness " + std::to_string(v)), "closeness of " + std::to_string(v));
      ExpectNear(c.harmonic[v], nx.at("harmonic " + std::to_string(v)), "harmonic of " + std::to_string(v));
    }
    ExpectNear(c.wiener_index.ToDouble(), nx.at("wiener 0"), "wiener index");
    ExpectNear(c.average_path_length, nx.at("aspl 0"), "average path length");
  }
}

INSTANTIATE_TEST_SUITE_P(Metrics, AgainstNetworkX,
                         ::testing::Values(Shape{false, true}, Shape{true, true}, Shape{false, false},
                                           Shape{true, false}),
                         [](const auto& info) {
                           return std::string(info.param.directed ? "Directed" : "Undirected") +
                                  (info.param.connected ? "Connected" : "Disconnected");
                         });

TEST(Histogram, CountsEveryFinitePairOnce) {
  for (bool directed : {false, true}) {
    const SmallGraph g = testing::RandomGraph(40, directed, 0.05, 300, 5, false);
    const DistanceSummary s = Summarize(g.matrix.view(), MetricsOptions{});
    const Centrality c = ComputeCentrality(g.matrix.view(), s, directed, 0, 16);
    const DistanceHistogram& h = c.histogram;
    std::vector<std::uint64_t> want(h.counts.size(), 0);
    for (std::size_t i = 0; i < g.n; ++i)
      for (std::size_t j = directed ? 0 : i + 1; j < g.n; ++j) {
        if (i == j || g.dist[i][j] >= kNoPath) continue;
        const auto b = static_cast<std::size_t>((static_cast<double>(g.dist[i][j]) - h.min) / h.bin_width);
        ASSERT_LT(b, want.size() + 1);
        ++want[std::min(b, want.size() - 1)];
      }
    EXPECT_EQ(h.counts, want) << (directed ? "directed" : "undirected");
    std::int64_t lo = kNoPath;
    for (std::size_t i = 0; i < g.n; ++i)
      for (std::size_t j = 0; j < g.n; ++j)
        if (i != j) lo = std::min(lo, g.dist[i][j]);
    EXPECT_EQ(h.min, static_cast<double>(lo));
  }
}

TEST(Histogram, UnitBinsForSmallIntegerRanges) {
  // A path 0-1-2-3 with unit weights: distances 1 (3 pairs), 2 (2), 3 (1).
  DistMatrix<std::int32_t> m(4);
  for (std::size_t i = 0; i + 1 < 4; ++i) m.at(i, i + 1) = m.at(i + 1, i) = 1;
  m.meta().directed = false;
  ApspOptions o;
  o.backend = Backend::kCpu;
  SolveApsp(m, o);
  const DistanceSummary s = Summarize(m.view(), MetricsOptions{});
  const Centrality c = ComputeCentrality(m.view(), s, false);
  EXPECT_TRUE(c.histogram.unit_bins);
  EXPECT_EQ(c.histogram.min, 1);
  EXPECT_EQ(c.histogram.counts, (std::vector<std::uint64_t>{3, 2, 1}));
  EXPECT_EQ(c.wiener_index, 10);  // 3*1 + 2*2 + 1*3
  EXPECT_DOUBLE_EQ(c.average_path_length, 20.0 / 12.0);
  EXPECT_DOUBLE_EQ(c.harmonic[0], 1 + 0.5 + 1.0 / 3);
  EXPECT_DOUBLE_EQ(c.closeness[1], 3.0 / 4.0);  // 3 reachable / (1 + 1 + 2)
}

TEST(MetricsJsonFile, HoldsTheSummaryAndTheNewKeys) {
  const SmallGraph g = testing::RandomGraph(20, false, 0.2, 9, 3);
  MatrixMeta meta;
  meta.directed = false;
  meta.labels = VertexLabels::Range(g.n, 1);
  const std::string path =
      std::filesystem::temp_directory_path() / ("gdist_metrics_" + std::to_string(getpid()) + ".json");
  WriteMetricsJsonFile(path, g.matrix.view(), meta);
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  std::filesystem::remove(path);
  for (const char* key : {"\"n\":20", "\"diameter\"", "\"radius\"", "\"center\"", "\"median\"", "\"unreachable_pairs\"",
                          "\"average_shortest_path_length\"", "\"wiener_index\"", "\"closeness_max\"",
                          "\"harmonic_max\"", "\"distance_histogram\""})
    EXPECT_NE(text.str().find(key), std::string::npos) << key;
}

}  // namespace
}  // namespace gdist
