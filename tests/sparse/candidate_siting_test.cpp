// Siting from rows of candidates (the candidates' shortest-path trees, or a
// rectangular file of gapsp --sources) gives the answers of the square matrix
// with --candidates: the same sites, objectives and proofs, for every model
// and direction; brute force over the tiny cases; and the apps agree end to end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <regex>

#include "lib/pipeline/candidate_rows.hpp"
#include "lib/siting/covering_mip.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/util/error.hpp"
#include "sparse_test_graphs.hpp"

namespace gdist::test {
namespace {

std::string Note(std::uint64_t seed) { return "seed " + std::to_string(seed) + " (GDIST_SEED replays)"; }

std::vector<std::uint32_t> RandomSubset(std::size_t n, std::size_t k, std::uint64_t seed) {
  std::vector<std::uint32_t> all(n);
  std::iota(all.begin(), all.end(), 0u);
  std::mt19937_64 rng(seed);
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(k);
  return all;
}

// A random graph plus a cycle through every vertex (weight 50, heavier than
// most arcs): strongly connected, so every demand is reachable from every
// candidate (p-center refuses a demand no candidate reaches).
Graph ConnectedRandomGraph(const RandomGraphSpec& spec, std::uint64_t seed) {
  Graph g = MakeRandomGraph(spec, seed);
  for (std::uint32_t v = 0; v < g.n; ++v) g.edges.push_back({v, static_cast<std::uint32_t>((v + 1) % g.n), 50.0});
  return g;
}

void ExpectSameResult(const SitingResult& a, const SitingResult& b, const std::string& what, bool check_bound = true) {
  SCOPED_TRACE(what);
  EXPECT_EQ(a.sites, b.sites);
  EXPECT_EQ(a.objective, b.objective);
  EXPECT_EQ(a.optimal, b.optimal);
  if (check_bound) {
    EXPECT_TRUE((std::isnan(a.bound) && std::isnan(b.bound)) || a.bound == b.bound) << a.bound << " vs " << b.bound;
  }
}

// Square matrix with candidates against the candidates' trees, for one graph.
void CompareModels(const Graph& g, Direction direction, bool exact, std::uint64_t seed) {
  const std::string what = Note(seed) + (g.directed ? " directed" : " undirected") +
                           (direction == Direction::kIn ? " in" : " out") + (exact ? " exact" : "");
  SCOPED_TRACE(what);
  const DistMatrix<std::int32_t> d = DenseDistances<std::int32_t>(g);
  const CsrGraph<std::int32_t> csr = BuildCsrGraph<std::int32_t>(g);
  const std::vector<std::uint32_t> cand = RandomSubset(g.n, 12, seed);
  const std::vector<std::uint32_t> fixed = {cand[0]};
  SitingInput input;
  input.direction = direction;
  input.symmetric = !g.directed;
  input.threads = 2;
  input.candidates = cand;
  input.fixed = fixed;
  std::vector<double> w(g.n);
  std::mt19937 rng(seed);
  for (double& x : w) x = static_cast<double>(rng() % 5);  // zeros too: not every vertex is demand
  w[0] = 1;
  input.weights = w;
  const SitingProblem<std::int32_t> square(d.view(), input);
  const CandidateRows<std::int32_t> rows = ComputeCandidateRows(csr, RowVerticesFor(cand, fixed), direction, 2);
  SitingInput rect_input = input;
  rect_input.candidates.reset();  // the rows are the candidates
  const SitingProblem<std::int32_t> rect(rows.view, rows.vertices, rect_input);
  ASSERT_EQ(square.num_candidates(), rect.num_candidates());
  ASSERT_EQ(square.num_demands(), rect.num_demands());
  for (std::size_t u = 0; u < square.num_demands(); ++u)
    for (std::size_t k = 0; k < square.num_candidates(); ++k) ASSERT_EQ(square.Cost(u, k), rect.Cost(u, k));
  EXPECT_EQ(square.max_finite(), rect.max_finite());
  EXPECT_EQ(square.any_unreachable(), rect.any_unreachable());
  SitingOptions o;
  o.exact = exact;
  o.seed = seed;
  ExpectSameResult(SolvePMedian(square, 3, o), SolvePMedian(rect, 3, o), "p-median");
  ExpectSameResult(SolvePCenter(square, 2, o), SolvePCenter(rect, 2, o), "p-center");
  // Max-cover's bound too (a denormal or 0 was once reported here; the
  // bounds are checked against brute force in tests/siting/rectangular_test).
  const double radius = std::max(1.0, square.max_finite() / 3);
  ExpectSameResult(SolveMaxCover(square, radius, 2, o), SolveMaxCover(rect, radius, 2, o), "max-cover");
  // Cover at the smallest radius that every demand's nearest candidate meets.
  double cover_radius = 0;
  for (std::size_t u = 0; u < square.num_demands(); ++u) {
    double nearest = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < square.num_candidates(); ++k)
      if (SitingProblem<std::int32_t>::Reachable(square.Cost(u, k)))
        nearest = std::min(nearest, static_cast<double>(square.Cost(u, k)));
    cover_radius = std::max(cover_radius, nearest);
  }
  // Cover's --exact is CBC's covering program: a build without CBC refuses it (tests/siting/exact_method_test).
  if (exact && !HaveMipSolver()) return;
  ExpectSameResult(SolveCover(square, cover_radius, o), SolveCover(rect, cover_radius, o), "cover");
}

TEST(CandidateSiting, RowsOfCandidatesEqualTheSquareMatrixWithCandidates) {
  const std::uint64_t seed = TestSeed();
  for (bool directed : {true, false})
    for (Direction direction : {Direction::kOut, Direction::kIn})
      for (bool exact : {false, true}) {
        const Graph g = ConnectedRandomGraph(
            {.n = 70, .edges = directed ? 300u : 150u, .directed = directed, .max_weight = 40, .isolated = 0}, seed);
        CompareModels(g, direction, exact, seed);
      }
}

// Tiny instances: the proven p-median of the rows equals brute force over
// every p-subset of the candidates, computed here from the dense matrix.
TEST(CandidateSiting, ExactPMedianOfRowsEqualsBruteForce) {
  const std::uint64_t seed = TestSeed();
  for (int round = 0; round < 4; ++round) {
    const std::uint64_t s = seed + round;
    SCOPED_TRACE(Note(s));
    const Graph g = MakeRandomGraph({.n = 25, .edges = 90, .max_weight = 30, .isolated = 0}, s);
    const DistMatrix<std::int32_t> d = DenseDistances<std::int32_t>(g);
    const std::vector<std::uint32_t> cand = RandomSubset(g.n, 8, s);
    const CandidateRows<std::int32_t> rows =
        ComputeCandidateRows(BuildCsrGraph<std::int32_t>(g), RowVerticesFor(cand, {}), Direction::kOut, 1);
    SitingInput input;
    input.threads = 1;
    const SitingProblem<std::int32_t> prob(rows.view, rows.vertices, input);
    SitingOptions o;
    o.exact = true;
    const std::size_t p = 3;
    // Brute force: every 3-subset that reaches every demand (p-median serves
    // every demand or reports the instance infeasible, docs/SITING.md).
    double best = std::numeric_limits<double>::infinity();
    const std::size_t m = rows.vertices.size();
    for (std::size_t a = 0; a < m; ++a)
      for (std::size_t b = a + 1; b < m; ++b)
        for (std::size_t c = b + 1; c < m; ++c) {
          double total = 0;
          for (std::size_t v = 0; v < g.n && std::isfinite(total); ++v) {
            std::int32_t x =
                std::min({d.at(rows.vertices[a], v), d.at(rows.vertices[b], v), d.at(rows.vertices[c], v)});
            total = x >= DistMatrix<std::int32_t>::kInf ? std::numeric_limits<double>::infinity() : total + x;
          }
          best = std::min(best, total);
        }
    if (!std::isfinite(best)) {  // no 3 candidates reach every vertex in this draw
      EXPECT_THROW(SolvePMedian(prob, p, o), Error);
      continue;
    }
    const SitingResult r = SolvePMedian(prob, p, o);
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(r.objective, best);
  }
}

TEST(CandidateSiting, CandidatesWithoutRowsAreRefused) {
  const Graph g = MakeRandomGraph({.n = 20, .edges = 60, .max_weight = 9}, 7);
  const CandidateRows<std::int32_t> rows =
      ComputeCandidateRows(BuildCsrGraph<std::int32_t>(g), {2, 5, 9}, Direction::kOut, 1);
  SitingInput input;
  input.candidates = std::vector<std::uint32_t>{2, 5};
  EXPECT_EQ(SitingProblem<std::int32_t>(rows.view, rows.vertices, input).num_candidates(), 2u);
  input.candidates = std::vector<std::uint32_t>{2, 6};
  EXPECT_THROW(SitingProblem<std::int32_t>(rows.view, rows.vertices, input), Error);
  input.candidates.reset();
  input.fixed = {4};
  EXPECT_THROW(SitingProblem<std::int32_t>(rows.view, rows.vertices, input), Error);
}

// Rows whose facilities are not demand columns (ids past the columns): a
// cost matrix of 2 facilities x 3 demands, checked by hand.
TEST(CandidateSiting, FacilitiesThatAreNotDemandColumns) {
  const std::vector<std::int32_t> costs = {1, 2, 9, 9, 5, 1};  // rows: facility 3, facility 4
  const MatrixView<std::int32_t> rows{costs.data(), 3, 3};
  SitingInput input;
  input.threads = 1;
  const SitingProblem<std::int32_t> prob(rows, {3, 4}, input);
  ASSERT_EQ(prob.num_demands(), 3u);
  ASSERT_EQ(prob.num_candidates(), 2u);
  EXPECT_EQ(prob.candidate_vertex(0), 3u);
  EXPECT_EQ(prob.Cost(2, 1), 1);
  SitingOptions o;
  o.exact = true;
  SitingResult one = SolvePMedian(prob, 1, o);
  EXPECT_EQ(one.objective, 12);  // facility 3: 1 + 2 + 9 (facility 4: 15)
  EXPECT_EQ(prob.candidate_vertex(one.sites.at(0)), 3u);
  EXPECT_TRUE(one.optimal);
  EXPECT_EQ(SolvePMedian(prob, 2, o).objective, 4);  // 1 + 2 + 1
  EXPECT_EQ(SolvePCenter(prob, 1, o).objective, 9);
}

// gcenter on a graph with --candidates (trees), on gapsp --sources rows, and on
// the dense distance matrix with --candidates: the same JSON.
TEST(CandidateSiting, AppsAgreeOnGraphRowsAndDenseMatrix) {
  TempDir dir;
  const std::uint64_t seed = TestSeed();
  const Graph g = ConnectedRandomGraph({.n = 150, .edges = 600, .max_weight = 90, .isolated = 0}, seed);
  std::ostringstream text;
  // A zero self-loop per vertex first: every vertex appears (and in order), no distance changes.
  for (std::size_t v = 0; v < g.n; ++v) text << "p" << v << ",p" << v << ",0\n";
  for (const Edge& e : g.edges) text << "p" << e.from << ",p" << e.to << "," << e.weight << "\n";
  WriteText(dir.file("g.csv"), text.str());
  std::string cand;
  for (std::uint32_t v : RandomSubset(g.n, 30, seed)) cand += "p" + std::to_string(v) + "\n";
  WriteText(dir.file("cand.txt"), "# sites\n" + cand);
  const std::string g_csv = dir.file("g.csv"), cands = dir.file("cand.txt");
  ASSERT_EQ(RunCommand(App("gapsp") + " " + g_csv + " " + dir.file("d.gdm") + " -q").exit_code, 0);
  ASSERT_EQ(RunCommand(App("gapsp") + " " + g_csv + " " + dir.file("rows.gdm") + " -q --sources " + cands).exit_code,
            0);
  for (const std::string model : {"--p-median 4", "--p-median 3 --exact", "--p-center 3", "--max-cover 60 --p 3",
                                  "--max-cover 60 --p 3 --exact", "--p-median 2 --gap 0.01 --exact"}) {
    SCOPED_TRACE(model + " " + Note(seed));
    const std::string flags = " --json -j 2 --backend cpu " + model;
    const CommandResult dense = RunCommand(App("gcenter") + " " + dir.file("d.gdm") + " --candidates " + cands + flags);
    const CommandResult trees = RunCommand(App("gcenter") + " " + g_csv + " --candidates " + cands + flags);
    const CommandResult rows = RunCommand(App("gcenter") + " " + dir.file("rows.gdm") + flags);
    ASSERT_EQ(dense.exit_code, 0) << dense.output;
    ASSERT_EQ(trees.exit_code, 0) << trees.output;
    ASSERT_EQ(rows.exit_code, 0) << rows.output;
    // Max-cover's upper_bound included (heuristic LP bound and --exact proof); the plan is the run's: the
    // graph's says its trees ran, the files' have none to make.
    const std::regex plan(",\"plan\":(null|\\{[^{}]*\\})");
    EXPECT_EQ(std::regex_replace(dense.output, plan, ""), std::regex_replace(trees.output, plan, ""));
    EXPECT_NE(trees.output.find("\"plan\":{\"engine\":\"trees\""), std::string::npos) << trees.output;
    EXPECT_EQ(dense.output, rows.output);
  }
  // A rectangular file answers siting only, and says so.
  CommandResult r = RunCommand(App("gcenter") + " " + dir.file("rows.gdm"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("holds the rows of 30 sources of 150 vertices"), std::string::npos) << r.output;
  // A candidate without a row: the last vertex of the shuffle whose first 30 are the candidates.
  WriteText(dir.file("other.txt"), "p" + std::to_string(RandomSubset(g.n, g.n, seed).back()) + "\n");
  r = RunCommand(App("gcenter") + " " + dir.file("rows.gdm") + " --p-median 2 --candidates " + dir.file("other.txt"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("without a row of costs"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace gdist::test
