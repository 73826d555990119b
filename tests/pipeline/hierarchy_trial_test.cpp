// Auto's hierarchy trial (issue #23) on the two routes that grow many trees
// from a graph file besides gapsp's rows and --per-vertex: siting's candidate
// rows (gcenter GRAPH --candidates) and the bounding searches (gcenter GRAPH).
// A road-like grid contracts and its answers equal the plain trees'; a random
// graph (no road hierarchy: a dense core) gives the contraction up and the
// trees answer. The reference is always the trees' route on the same graph.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <iostream>
#include <random>
#include <set>
#include <string>

#include "lib/pipeline/candidate_rows.hpp"
#include "lib/pipeline/center_graph.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/run_center.hpp"
#include "lib/plan/cost_model.hpp"
#include "lib/plan/graph_shape.hpp"
#include "lib/plan/planner.hpp"
#include "road/road_test_graphs.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

// An idle 2-thread machine for the plan (the decisions do not depend on the load of the test's machine).
RunContext Cpu2() {
  RunContext context(2, Backend::kCpu);
  context.set_cpu_share(1);
  return context;
}

// A 64 x 64 grid of weighted streets: a road network's shape.
Graph RoadGrid(bool directed, unsigned seed) {
  test::GridSpec spec;
  spec.rows = spec.cols = 64;
  spec.directed = directed;
  spec.missing = directed ? 0.05 : 0.0;  // undirected: connected, for the bounding searches
  spec.isolated = directed ? 3 : 0;
  return test::MakeGridRoads(spec, seed);
}

// A connected random graph of n vertices and about 3n edges (a random tree plus uniform
// pairs), weights 1-100: no road hierarchy, its contraction builds a dense core.
Graph RandomGraph(std::size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  Graph g;
  g.n = n;
  g.directed = false;
  g.labels = VertexLabels::Range(n, 1);
  auto weight = [&] { return static_cast<double>(1 + rng() % 100); };
  for (std::size_t v = 1; v < n; ++v)
    g.edges.push_back({static_cast<std::uint32_t>(rng() % v), static_cast<std::uint32_t>(v), weight()});
  while (g.edges.size() < 3 * n) {
    const auto a = static_cast<std::uint32_t>(rng() % n), b = static_cast<std::uint32_t>(rng() % n);
    if (a != b) g.edges.push_back({a, b, weight()});
  }
  return g;
}

CsrGraph<std::int32_t> Csr(const Graph& g) { return BuildCsrGraph<std::int32_t>(g, AdjacencyOptions{}); }

std::vector<std::uint32_t> EveryVertex(std::size_t n) {
  std::vector<std::uint32_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint32_t>(i);
  return v;
}

// The rows' n columns, row by row, bit for bit.
template <class W> bool SameRows(const CandidateRows<W>& a, const CandidateRows<W>& b) {
  if (a.vertices != b.vertices || a.view.n != b.view.n) return false;
  for (std::size_t r = 0; r < a.vertices.size(); ++r)
    if (std::memcmp(a.view.row(r), b.view.row(r), a.view.n * sizeof(W)) != 0) return false;
  return true;
}

bool Mentions(const RunPlan& p, const std::string& what) { return p.Reasons().find(what) != std::string::npos; }

TEST(HierarchyTrial, ManyCandidateRowsPutTheHierarchyOnTrial) {
  const CsrGraph<std::int32_t> grid = Csr(RoadGrid(true, test::TestSeed()));
  // Every vertex a candidate: more trees than the trial's break-even (about 3200 at the cost
  // model's rates, whatever the graph: a contraction costs about that many trees' arcs).
  const RunPlan many = PlanCandidateRows(grid, grid.n, ApspAlgorithm::kAuto, Cpu2());
  EXPECT_EQ(many.engine, PlanEngine::kTrees) << many.Reasons();
  EXPECT_GT(many.hierarchy_trial_s, 0) << many.Reasons();
  EXPECT_LE(many.hierarchy_trial_s, cost::kHierarchyTrialGain * many.trees_s);
  EXPECT_TRUE(Mentions(many, "contracting first")) << many.Reasons();
  // A few candidates: the trees, and the plan says why not the hierarchy.
  const RunPlan few = PlanCandidateRows(grid, 100, ApspAlgorithm::kAuto, Cpu2());
  EXPECT_EQ(few.hierarchy_trial_s, 0);
  EXPECT_TRUE(Mentions(few, "no hierarchy trial")) << few.Reasons();
  // Never Floyd-Warshall (the rows need no matrix), and no trial unless auto.
  EXPECT_TRUE(Mentions(few, "no n x n matrix")) << few.Reasons();
  EXPECT_EQ(PlanCandidateRows(grid, grid.n, ApspAlgorithm::kTrees, Cpu2()).hierarchy_trial_s, 0);
  EXPECT_EQ(PlanCandidateRows(grid, grid.n, ApspAlgorithm::kFloydWarshall, Cpu2()).engine, PlanEngine::kTrees);
  // The same shape contracts the same way in the plan: a random graph of the grid's size is tried too.
  const CsrGraph<std::int32_t> random = Csr(RandomGraph(grid.n, test::TestSeed() + 1));
  EXPECT_GT(PlanCandidateRows(random, random.n, ApspAlgorithm::kAuto, Cpu2()).hierarchy_trial_s, 0);
}

TEST(HierarchyTrial, CandidateRowsFromTheTrialsHierarchyEqualTheTrees) {
  const CsrGraph<std::int32_t> grid = Csr(RoadGrid(true, test::TestSeed()));
  RunPlan plan = PlanCandidateRows(grid, grid.n, ApspAlgorithm::kAuto, Cpu2());
  ASSERT_GT(plan.hierarchy_trial_s, 0) << plan.Reasons();
  // A generous budget: the test's machine may be busy; the budget's own rule is the planner's.
  plan.hierarchy_trial_s = 600;
  for (const Direction direction : {Direction::kOut, Direction::kIn}) {
    RunPlan tried = plan;
    const std::vector<std::uint32_t> some = test::SomeSources(grid.n, 500, test::TestSeed() + 2);
    const std::set<std::uint32_t> distinct(some.begin(), some.end());
    const std::vector<std::uint32_t> vertices(distinct.begin(), distinct.end());
    const CandidateRows<std::int32_t> rows = PlannedCandidateRows(grid, vertices, direction, 2, Backend::kCpu, tried);
    EXPECT_EQ(tried.engine, PlanEngine::kHierarchy) << tried.Reasons();
    EXPECT_TRUE(Mentions(tried, "the hierarchy runs")) << tried.Reasons();
    EXPECT_TRUE(SameRows(rows, ComputeCandidateRows(grid, vertices, direction, 2, Backend::kCpu)));
  }
}

TEST(HierarchyTrial, ARandomGraphGivesTheContractionUpAndTheTreesAnswer) {
  const CsrGraph<std::int32_t> random = Csr(RandomGraph(4096, test::TestSeed() + 1));
  RunPlan plan = PlanCandidateRows(random, random.n, ApspAlgorithm::kAuto, Cpu2());
  ASSERT_GT(plan.hierarchy_trial_s, 0) << plan.Reasons();
  // Given up within the plan's budget (a dense core: its shortcuts or its time).
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<std::uint32_t> vertices = EveryVertex(random.n);
  const CandidateRows<std::int32_t> rows =
      PlannedCandidateRows(random, vertices, Direction::kOut, 2, Backend::kCpu, plan);
  EXPECT_EQ(plan.engine, PlanEngine::kTrees) << plan.Reasons();
  EXPECT_TRUE(Mentions(plan, "given up")) << plan.Reasons();
  std::cout << "trial budget " << plan.hierarchy_trial_s << " s; trial and trees "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s\n";
  EXPECT_TRUE(SameRows(rows, ComputeCandidateRows(random, vertices, Direction::kOut, 2, Backend::kCpu)));
}

// gcenter GRAPH --candidates C --p-median 2 --json, whole, on the road grid: the plan in the JSON
// and the same sites as --engine sparse's trees (the random graph's give-up: the test above).
TEST(HierarchyTrial, SitingOnCandidatesSaysWhatRanAndSitesAsTheTrees) {
  test::TempDir tmp;
  const Graph g = RoadGrid(false, test::TestSeed());
  const std::string in = tmp.file("grid.gr");
  std::string text = "p sp " + std::to_string(g.n) + " " + std::to_string(g.edges.size()) + "\n";
  for (const Edge& e : g.edges)
    text += "a " + std::to_string(e.from + 1) + " " + std::to_string(e.to + 1) + " " +
            std::to_string(static_cast<int>(e.weight)) + "\n";
  test::WriteText(in, text);
  std::string candidates;
  for (std::size_t v = 1; v <= g.n; ++v) candidates += std::to_string(v) + "\n";
  test::WriteText(tmp.file("candidates.txt"), candidates);
  auto run = [&](ApspAlgorithm engine) {
    CenterRequest r;
    r.in = in;
    r.input.read.undirected = true;
    r.candidates = tmp.file("candidates.txt");
    r.p_median = {2};
    r.json = true;
    r.engine = engine;
    r.backend = Backend::kCpu;
    r.metrics_options.backend = Backend::kCpu;
    r.metrics_options.threads = 2;
    return RunCenter(r).report;
  };
  const std::string automatic = run(ApspAlgorithm::kAuto), trees = run(ApspAlgorithm::kTrees);
  // The plan: the trial, and its outcome (contracted, or on a busy machine given up after its budget).
  EXPECT_NE(automatic.find("contracting first"), std::string::npos) << automatic;
  if (automatic.find("given up") == std::string::npos) {
    EXPECT_NE(automatic.find("\"engine\":\"hierarchy\""), std::string::npos) << automatic;
  }
  EXPECT_NE(trees.find("\"engine\":\"trees\""), std::string::npos) << trees;
  // The same report as the trees' but for the plan.
  auto without_plan = [](const std::string& json) { return json.substr(0, json.find("\"plan\"")); };
  EXPECT_EQ(without_plan(automatic), without_plan(trees));
  EXPECT_NE(without_plan(trees).find("\"sites\""), std::string::npos) << trees;
}

// gcenter GRAPH (diameter, radius, center, 1-median by the bounding searches): the plan's
// trial contracts a road grid and the PHAST trees' bounds give the Dijkstra trees' answers.
TEST(HierarchyTrial, BoundingSearchesOnTheTrialsHierarchyAnswerAsTheTrees) {
  for (const bool road : {true, false}) {
    const Graph g = road ? RoadGrid(false, test::TestSeed()) : RandomGraph(4096, test::TestSeed() + 1);
    const CsrGraph<std::int32_t> csr = Csr(g);
    CenterRequest req;
    req.metrics_options.threads = 2;
    // The bounding searches' plan (the trees: on a graph this small auto weighs Floyd-Warshall's
    // matrix, and its trees would bring the centralities).
    PlanRequest question;
    question.question = PlanQuestion::kMetrics;
    question.algorithm = ApspAlgorithm::kTrees;
    question.bounded_metrics = true;
    const RunPlan planned = PlanDistances(question, ShapeOf(csr, PlanQuestion::kMetrics, false), Cpu2());
    ASSERT_EQ(planned.engine, PlanEngine::kTrees) << planned.Reasons();
    // The trees' route: no trial.
    CenterRun plain{req, RunVoice{}, std::nullopt, planned, {}, nullptr, {}};
    plain.plan->hierarchy_trial_s = 0;
    const SparseMetrics want = SparseEngineMetrics(plain, csr, 2);
    // The trial as the plan puts it on a road network's size (tests/plan: weighted NY on 16
    // cores), with a budget the test's busy machine cannot miss.
    CenterRun tried{req, RunVoice{}, std::nullopt, planned, {}, nullptr, {}};
    // A random graph gets the plan's own budget (a road network's: twice its road-rate contraction).
    tried.plan->hierarchy_trial_s =
        road ? 600
             : cost::kTrialContractionSlack *
                   HierarchySeconds(0, static_cast<double>(csr.n), static_cast<double>(csr.arc_count()), false, 2);
    const SparseMetrics got = SparseEngineMetrics(tried, csr, 2);
    EXPECT_EQ(tried.plan->engine, road ? PlanEngine::kHierarchy : PlanEngine::kTrees) << tried.plan->Reasons();
    EXPECT_TRUE(Mentions(*tried.plan, road ? "the hierarchy runs" : "given up")) << tried.plan->Reasons();
    EXPECT_EQ(got.method, road ? "bounds (PHAST trees)" : "bounds");
    EXPECT_EQ(want.method, "bounds");
    EXPECT_EQ(got.summary.diameter, want.summary.diameter);
    EXPECT_EQ(got.summary.radius, want.summary.radius);
    EXPECT_EQ(got.summary.center, want.summary.center);
    EXPECT_EQ(got.summary.periphery, want.summary.periphery);
    EXPECT_EQ(got.summary.median, want.summary.median);
    EXPECT_EQ(got.summary.median_total, want.summary.median_total);
    ASSERT_TRUE(want.summary.median.has_value());
  }
}

}  // namespace
}  // namespace gdist
