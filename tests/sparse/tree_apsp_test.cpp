// gapsp --algorithm dijkstra writes the bytes Floyd-Warshall writes (every
// weight class, direction, unreachable pairs, negative arcs, labels, matrix
// inputs), --sources writes the rows of the listed vertices as a rectangular
// file streamed in blocks, and the auto cost model decides as documented.
#include "lib/sparse/tree_apsp.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <cstring>
#include <iomanip>
#include <numeric>

#include "lib/engine/gpu_backend.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/sparse/apsp_algorithm.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/util/error.hpp"
#include "sparse_test_graphs.hpp"

namespace gdist::test {
namespace {

std::string Note(std::uint64_t seed) { return "seed " + std::to_string(seed) + " (GDIST_SEED replays)"; }

// A CSV edge list of g with string labels ("v<i>", vertex i), weights printed exactly.
std::string EdgeListText(const Graph& g) {
  std::ostringstream o;
  o << std::setprecision(17);
  // A zero self-loop per vertex first: every vertex appears, isolated ones too.
  for (std::size_t v = 0; v < g.n; ++v) o << "v" << v << ",v" << v << ",0\n";
  for (const Edge& e : g.edges) o << "v" << e.from << ",v" << e.to << "," << e.weight << "\n";
  return o.str();
}

std::string Quote(const std::string& s) { return "'" + s + "'"; }

// gapsp with both algorithms on the same input: exit 0 and identical files.
void ExpectSameBytes(const std::string& input, const std::string& flags, const std::string& what, TempDir& dir) {
  SCOPED_TRACE(what);
  const std::string fw = dir.file("fw.gdm"), trees = dir.file("trees.gdm");
  CommandResult a = RunCommand(App("gapsp") + " " + Quote(input) + " " + fw + " --algorithm fw -j 2 -q " + flags);
  CommandResult b =
      RunCommand(App("gapsp") + " " + Quote(input) + " " + trees + " --algorithm dijkstra -j 2 -q " + flags);
  ASSERT_EQ(a.exit_code, 0) << a.output;
  ASSERT_EQ(b.exit_code, 0) << b.output;
  const std::string x = ReadText(fw), y = ReadText(trees);
  ASSERT_GT(x.size(), 4096u);
  EXPECT_TRUE(x == y) << "the two files differ (" << x.size() << " vs " << y.size() << " bytes)";
}

TEST(TreeApsp, GapspDijkstraWritesFloydWarshallBytes) {
  TempDir dir;
  const std::uint64_t seed = TestSeed();
  struct Case {
    RandomGraphSpec spec;
    std::string flags;
    std::string what;
  };
  const std::vector<Case> cases = {
      {{.n = 150, .edges = 230, .max_weight = 1}, "", "unweighted directed (BFS, unreachable pairs)"},
      {{.n = 150, .edges = 300, .directed = false, .max_weight = 1}, "--undirected", "unweighted undirected"},
      {{.n = 120, .edges = 400, .max_weight = 1000}, "", "int32 directed (radix Dijkstra)"},
      {{.n = 120, .edges = 300, .directed = false, .max_weight = 1000}, "--undirected", "int32 undirected"},
      {{.n = 90, .edges = 300, .max_weight = 50}, "--type int64", "int64"},
      {{.n = 90, .edges = 300, .max_weight = 40, .quarter_fractions = true}, "", "float32 quarters"},
      {{.n = 90, .edges = 300, .max_weight = 40, .quarter_fractions = true}, "--type float64", "float64 quarters"},
      {{.n = 90, .edges = 320, .max_weight = 50, .negative = true, .self_loops = false}, "", "negative arcs (Johnson)"},
      {{.n = 60, .edges = 200, .max_weight = 30, .negative = true, .quarter_fractions = true, .self_loops = false},
       "",
       "negative float arcs"},
      {{.n = 80, .edges = 300, .max_weight = 60}, "--duplicates last", "last duplicate wins"},
  };
  for (const Case& c : cases) {
    const Graph g = MakeRandomGraph(c.spec, seed);
    const std::string path = dir.file("g.csv");
    WriteText(path, EdgeListText(g));
    ExpectSameBytes(path, c.flags, Note(seed) + " " + c.what, dir);
  }
  // A .gdm adjacency matrix as input (its arcs become the CSR graph).
  const Graph g = MakeRandomGraph({.n = 100, .edges = 300, .max_weight = 90}, seed);
  WriteText(dir.file("m.csv"), EdgeListText(g));
  ASSERT_EQ(RunCommand(App("gconvert") + " " + dir.file("m.csv") + " " + dir.file("m.gdm") + " -q").exit_code, 0);
  ExpectSameBytes(dir.file("m.gdm"), "", Note(seed) + " matrix input", dir);
  // A DIMACS file (range labels) from the shared data, when present.
  const std::string rome = SharedData("dimacs9/rome99.gr");
  if (Exists(rome)) ExpectSameBytes(rome, "", "rome99", dir);
  // int64 weights past 2^53 (no double holds 2^53 + 1): the trees get them exactly, as Floyd-Warshall does.
  WriteText(dir.file("big.csv"), "1,2,9007199254740993\n2,3,1\n3,1,9007199254740995\n");
  ExpectSameBytes(dir.file("big.csv"), "--type int64", "int64 past 2^53", dir);
}

TEST(TreeApsp, SolveApspByTreesEqualsDenseAndKeepsPadding) {
  const std::uint64_t seed = TestSeed();
  const Graph g = MakeRandomGraph({.n = 77, .edges = 260, .max_weight = 20}, seed);
  const DistMatrix<std::int32_t> dense = DenseDistances<std::int32_t>(g);
  DistMatrix<std::int32_t> m(g.n);  // blank: INF, 0 diagonal
  m.meta() = dense.meta();
  m.meta().kind = MatrixKind::kAdjacency;
  const ApspReport r = SolveApspByTrees(BuildCsrGraph<std::int32_t>(g), m, 2);
  EXPECT_EQ(r.used, Backend::kCpu);
  EXPECT_EQ(m.meta().kind, MatrixKind::kDistance);
  EXPECT_EQ(0, std::memcmp(m.data(), dense.data(), m.payload_bytes())) << Note(seed);
}

// Dial's buckets (weights below 2^16, including zeros, wrapping around the
// circular array) and the radix heap beyond: both equal the dense rows.
TEST(TreeApsp, DialBucketsAndRadixHeapEqualDenseRows) {
  const std::uint64_t seed = TestSeed();
  for (int max_weight : {3, 1000, 60000, 200000})
    for (bool directed : {true, false}) {
      SCOPED_TRACE(Note(seed) + " max weight " + std::to_string(max_weight) + (directed ? " directed" : ""));
      const Graph g = MakeRandomGraph({.n = 90, .edges = 300, .directed = directed, .max_weight = max_weight}, seed);
      const DistMatrix<std::int32_t> dense = DenseDistances<std::int32_t>(g);
      const CsrGraph<std::int32_t> c = BuildCsrGraph<std::int32_t>(g);
      for (TreeDirection dir : {TreeDirection::kFrom, TreeDirection::kTo}) {
        const ShortestPathTrees<std::int32_t> trees(c, dir);
        std::vector<std::uint32_t> all(g.n);
        std::iota(all.begin(), all.end(), 0u);
        std::vector<std::int32_t> rows(g.n * dense.stride(), -5);
        TreeRows(trees, all, rows.data(), dense.stride(), 2);
        std::size_t bad = 0;
        for (std::size_t s = 0; s < g.n; ++s)
          for (std::size_t v = 0; v < g.n; ++v)
            bad += rows[s * dense.stride() + v] != (dir == TreeDirection::kFrom ? dense.at(s, v) : dense.at(v, s));
        EXPECT_EQ(bad, 0u);
      }
    }
}

TEST(TreeApsp, PathSumsPastTheTypeAreRefusedLikeTheDenseEngine) {
  Graph g;
  g.n = 3;
  g.labels = VertexLabels::Range(3, 1);
  g.edges = {{0, 1, 1e9}, {1, 2, 1e9}};
  const CsrGraph<std::int32_t> c = BuildCsrGraph<std::int32_t>(g);
  DistMatrix<std::int32_t> m(3);
  try {
    SolveApspByTrees(c, m, 1);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("path lengths can reach"), std::string::npos) << e.what();
  }
}

// The rows of --sources equal the Floyd-Warshall rows, in the order listed,
// whatever the block size; labels and the source section are in the file.
TEST(TreeApsp, SourceRowsStreamedInBlocksEqualDenseRows) {
  TempDir dir;
  const std::uint64_t seed = TestSeed();
  for (bool unit : {true, false}) {
    SCOPED_TRACE(Note(seed) + (unit ? " unweighted" : " weighted"));
    const Graph g = MakeRandomGraph({.n = 300, .edges = 900, .max_weight = unit ? 1 : 500}, seed);
    const DistMatrix<std::int32_t> dense = DenseDistances<std::int32_t>(g);
    const CsrGraph<std::int32_t> c = BuildCsrGraph<std::int32_t>(g);
    std::vector<std::uint32_t> sources(200);
    std::mt19937 rng(seed);
    std::vector<std::uint32_t> all(g.n);
    std::iota(all.begin(), all.end(), 0u);
    std::shuffle(all.begin(), all.end(), rng);
    std::copy(all.begin(), all.begin() + 200, sources.begin());
    // A budget of 3 rows: blocks of 3 (2 threads); and one block of all.
    WriteSourceRows(c, sources, dir.file("small.gdm"), 2, 3 * dense.stride() * sizeof(std::int32_t));
    WriteSourceRows(c, sources, dir.file("big.gdm"), 2);
    EXPECT_TRUE(ReadText(dir.file("small.gdm")) == ReadText(dir.file("big.gdm")));
    MappedMatrixFile f(dir.file("small.gdm"), true, /*allow_rectangular=*/true);
    ASSERT_TRUE(f.info().rectangular);
    ASSERT_EQ(f.info().row_sources.size(), sources.size());
    EXPECT_EQ(f.info().meta.kind, MatrixKind::kDistance);
    std::size_t bad = 0;
    for (std::size_t r = 0; r < sources.size(); ++r) {
      EXPECT_EQ(f.info().row_sources[r], sources[r]);
      if (std::memcmp(f.row<std::int32_t>(r), dense.row(sources[r]), dense.stride() * sizeof(std::int32_t)) != 0) ++bad;
    }
    EXPECT_EQ(bad, 0u);
  }
}

TEST(TreeApsp, GapspSourcesWritesTheListedRows) {
  TempDir dir;
  const std::uint64_t seed = TestSeed();
  const Graph g = MakeRandomGraph({.n = 120, .edges = 400, .max_weight = 70}, seed);
  WriteText(dir.file("g.csv"), EdgeListText(g));
  ASSERT_EQ(
      RunCommand(App("gapsp") + " " + dir.file("g.csv") + " " + dir.file("all.gdm") + " -q --algorithm fw").exit_code,
      0);
  WriteText(dir.file("src.txt"), "# depots\nv7\n\n  v3 \nv90\n");
  for (const std::string alg : {"auto", "dijkstra", "fw"}) {
    SCOPED_TRACE(alg + " " + Note(seed));
    const std::string out = dir.file("rows-" + alg + ".gdm");
    CommandResult r = RunCommand(App("gapsp") + " " + dir.file("g.csv") + " " + out + " --sources " +
                                 dir.file("src.txt") + " --json --algorithm " + alg);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("\"rows\":3"), std::string::npos) << r.output;
    MappedMatrixFile all(dir.file("all.gdm"));
    MappedMatrixFile rows(out, true, true);
    const std::vector<std::string> want = {"v7", "v3", "v90"};
    ASSERT_EQ(rows.info().row_sources.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
      const std::size_t v = *all.info().meta.labels.find(want[i]);
      EXPECT_EQ(rows.info().row_sources[i], v);
      EXPECT_EQ(0, std::memcmp(rows.row<std::int32_t>(i), all.view<std::int32_t>().row(v),
                               all.info().stride * sizeof(std::int32_t)));
    }
    EXPECT_EQ(rows.info().meta.labels.label(5), all.info().meta.labels.label(5));
  }
}

TEST(TreeApsp, GapspSourcesErrorsNameTheLineAndLeaveNothing) {
  TempDir dir;
  WriteText(dir.file("g.csv"), "a,b,1\nb,c,2\nc,a,3\n");
  struct Case {
    std::string list, flags, message;
  };
  const std::vector<Case> cases = {
      {"a\nzz\n", "", "src.txt:2: 'zz' is not a vertex of the graph"},
      {"a\nb\n# c\na\n", "", "src.txt:4: vertex 'a' is listed twice (first on line 1)"},
      {"# nothing\n\n", "", "lists no vertex"},
      {"a\n", "--to npy", "--sources writes a rectangular matrix file: --to gdm only"},
      {"a\n", "--paths", "--sources: --paths needs the full matrix"},
      {"a\n", "--metrics " + dir.file("m.json"), "--sources: --metrics needs the full matrix"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    WriteText(dir.file("src.txt"), c.list);
    CommandResult r = RunCommand(App("gapsp") + " " + dir.file("g.csv") + " " + dir.file("out.gdm") + " --sources " +
                                 dir.file("src.txt") + " " + c.flags);
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << r.output;
    EXPECT_FALSE(Exists(dir.file("out.gdm")));
    EXPECT_FALSE(Exists(dir.file("m.json")));
  }
  // A FIFO is never replaced, and never written to (the header comes last).
  ASSERT_EQ(mkfifo(dir.file("fifo").c_str(), 0600), 0);
  WriteText(dir.file("src.txt"), "a\n");
  CommandResult r =
      RunCommand(App("gapsp") + " " + dir.file("g.csv") + " " + dir.file("fifo") + " --sources " + dir.file("src.txt"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("OUT must be a regular file"), std::string::npos) << r.output;
  // --algorithm dijkstra --backend gpu: the GPU's trees, or (no GPU here) an error saying so.
  r = RunCommand(App("gapsp") + " " + dir.file("g.csv") + " " + dir.file("out.gdm") +
                 " --algorithm dijkstra --backend gpu");
  if (!ProbeGpu().usable) {
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find("--backend gpu: no usable GPU"), std::string::npos) << r.output;
    EXPECT_FALSE(Exists(dir.file("out.gdm")));
  } else {
    EXPECT_EQ(r.exit_code, 0) << r.output;
  }
}

TEST(ApspAlgorithmChoice, FloatSumsExactAndTreeMethod) {
  Graph g;
  g.n = 1000;
  g.labels = VertexLabels::Range(g.n, 1);
  g.integral_weights = false;
  g.edges = {{0, 1, 0.25}, {1, 2, 7.5}, {2, 3, 1000.75}};
  EXPECT_TRUE(FloatSumsExact(BuildCsrGraph<float>(g)));  // 4 * 999 * 1000.75 * 4 < 2^24
  g.edges[0].weight = 0.1;                               // 0.1 has bits down to 2^-27 in float
  EXPECT_FALSE(FloatSumsExact(BuildCsrGraph<float>(g)));
  EXPECT_FALSE(FloatSumsExact(BuildCsrGraph<double>(g)));
  g.edges = {{0, 1, 3}, {1, 2, 4000}};  // 4 * 999 * 4000 < 2^24
  EXPECT_TRUE(FloatSumsExact(BuildCsrGraph<float>(g)));
  g.edges = {{0, 1, 1}, {1, 2, 5000.5}};  // 4 * 999 * 5000.5 * 2 > 2^24 in float, far below 2^53
  EXPECT_FALSE(FloatSumsExact(BuildCsrGraph<float>(g)));
  EXPECT_TRUE(FloatSumsExact(BuildCsrGraph<double>(g)));
  Graph ints;
  ints.n = 2;
  ints.labels = VertexLabels::Range(2, 1);
  ints.edges = {{0, 1, 7}};
  EXPECT_TRUE(FloatSumsExact(BuildCsrGraph<std::int32_t>(ints)));
  // TreeMethodFor names what ShortestPathTrees runs.
  const std::uint64_t seed = TestSeed();
  for (const RandomGraphSpec& spec : {RandomGraphSpec{.max_weight = 1}, RandomGraphSpec{.max_weight = 9},
                                      RandomGraphSpec{.max_weight = 9, .negative = true, .self_loops = false}}) {
    const CsrGraph<std::int32_t> c = BuildCsrGraph<std::int32_t>(MakeRandomGraph(spec, seed));
    EXPECT_EQ(TreeMethodFor(c), ShortestPathTrees<std::int32_t>(c).method());
    const CsrGraph<float> f = BuildCsrGraph<float>(MakeRandomGraph(spec, seed));
    EXPECT_EQ(TreeMethodFor(f), ShortestPathTrees<float>(f).method());
  }
}

}  // namespace
}  // namespace gdist::test
