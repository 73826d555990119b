// The run's planner (lib/plan/planner.hpp) and its cost model: which engine a
// question gets, and why; the rules in their order; estimates that scale as
// the cost model says (read from cost_model.hpp, not restated); the GPU
// branches with a context whose GPU is known (no device needed).
#include "lib/plan/planner.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>

#include "lib/plan/cost_model.hpp"
#include "lib/plan/memory_plan.hpp"
#include "lib/plan/tree_backend.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"

namespace gdist {
namespace {

const GpuStatus kNoGpu{false, "no NVIDIA GPU or driver found", 0};
const GpuStatus kGpu{true, "test GPU", std::size_t{80} << 30};

// An idle machine: the estimates here do not depend on the load of the machine running the test.
RunContext Cpu(int threads = 2) {
  RunContext context(threads, Backend::kCpu);
  context.set_cpu_share(1);
  return context;
}

GraphShape Shape(std::size_t n, std::size_t arcs, TreeMethod method, ElementType type = ElementType::kInt32) {
  return GraphShape{n, arcs, method, type, true};
}

PlanRequest Ask(PlanQuestion q, ApspAlgorithm a = ApspAlgorithm::kAuto) {
  PlanRequest r;
  r.question = q;
  r.algorithm = a;
  return r;
}

bool Mentions(const RunPlan& p, const std::string& what) { return p.Reasons().find(what) != std::string::npos; }

TEST(Planner, TreesOnSparseGraphsAndFloydWarshallOnDenseOnes) {
  // 4elt (15606 vertices, unit weights): the bit-parallel BFS trees.
  RunPlan p = PlanDistances(Ask(PlanQuestion::kMatrix), Shape(15606, 91756, TreeMethod::kBfs), Cpu());
  EXPECT_EQ(p.engine, PlanEngine::kTrees) << p.Reasons();
  EXPECT_LT(p.trees_s, p.fw_s);
  EXPECT_TRUE(Mentions(p, "bfs trees")) << p.Reasons();
  // m = 5n weighted at n = 20000: Dijkstra; n^2/10 arcs at n = 2000: Floyd-Warshall.
  p = PlanDistances(Ask(PlanQuestion::kMatrix), Shape(20000, 100000, TreeMethod::kDijkstraRadix), Cpu());
  EXPECT_EQ(p.engine, PlanEngine::kTrees) << p.Reasons();
  p = PlanDistances(Ask(PlanQuestion::kMatrix), Shape(2000, 400000, TreeMethod::kDijkstraRadix), Cpu());
  EXPECT_EQ(p.engine, PlanEngine::kFloydWarshall) << p.Reasons();
  EXPECT_EQ(p.backend, Backend::kCpu);
  EXPECT_DOUBLE_EQ(p.estimate.compute_s, p.fw_s);
  // Nothing read from disk or written: the engine and the matrix's fill before it.
  EXPECT_DOUBLE_EQ(p.estimate_s, p.fw_s + 2048.0 * 2048 * 4 / cost::kMatrixFillBytesPerSecond);
}

TEST(Planner, EstimatesScaleAsTheCostModelSays) {
  const RunPlan a = PlanDistances(Ask(PlanQuestion::kMatrix), Shape(1000, 5000, TreeMethod::kDijkstraRadix), Cpu(1));
  const RunPlan b = PlanDistances(Ask(PlanQuestion::kMatrix), Shape(2000, 10000, TreeMethod::kDijkstraRadix), Cpu(1));
  EXPECT_NEAR(b.fw_s / a.fw_s, 8.0, 1e-9);
  EXPECT_NEAR(b.trees_s / a.trees_s, 4.0, 1e-9);  // n trees of m arcs each
  EXPECT_NEAR(a.fw_s, 1e9 / cost::kCpuFwRelaxPerThreadInt32, 1e-12);
  EXPECT_NEAR(a.trees_s, 1000.0 * 5000.0 * cost::kCpuDijkstraSourceArcSeconds, 1e-12);
  // Twice the threads: half the time for Floyd-Warshall, 2^kCpuTreesThreadScaling as fast for the trees.
  const RunPlan c = PlanDistances(Ask(PlanQuestion::kMatrix), Shape(1000, 5000, TreeMethod::kDijkstraRadix), Cpu(2));
  EXPECT_NEAR(a.fw_s / c.fw_s, 2.0, 1e-9);
  EXPECT_NEAR(a.trees_s / c.trees_s, std::pow(2.0, cost::kCpuTreesThreadScaling), 1e-9);
  // Unit weights with the shared BFS sampled: its scanned arcs and the vertices, not the graph's arcs.
  GraphShape shared = Shape(1000, 5000, TreeMethod::kBfs);
  shared.shared_bfs_arcs_per_tree = 300;
  const RunPlan s = PlanDistances(Ask(PlanQuestion::kMatrix), shared, Cpu(1));
  EXPECT_NEAR(s.trees_s, 1000.0 * (300 * cost::kCpuSharedBfsArcSeconds + 1000 * cost::kCpuSharedBfsVertexSeconds),
              1e-12);
  // The rows of k sources cost k trees.
  PlanRequest rows = Ask(PlanQuestion::kRows);
  rows.rows = 10;
  const RunPlan r = PlanDistances(rows, Shape(1000, 5000, TreeMethod::kDijkstraRadix), Cpu(1));
  EXPECT_NEAR(r.trees_s, a.trees_s / 100, 1e-12);
  // The metrics add the row passes to Floyd-Warshall's time.
  const RunPlan m = PlanDistances(Ask(PlanQuestion::kMetrics), Shape(8192, 40000, TreeMethod::kDijkstraRadix), Cpu(1));
  EXPECT_NEAR(m.fw_s,
              FloydWarshallSeconds(8192, ElementType::kInt32, Backend::kCpu, 1) +
                  MetricsPassSeconds(8192.0 * 8192.0 * 4, Backend::kCpu, 1),
              1e-9);
}

// The bounding searches grow a few hundred trees, not one from every vertex: their plan prices those
// (a road graph of 2M vertices, whose matrix fits no test machine, and a small one on the asked-for trees);
// auto's trees on a matrix that fits bring the centralities, a tree from every vertex.
TEST(Planner, TheBoundingSearchesArePricedByTheirTypicalTrees) {
  PlanRequest bounded = Ask(PlanQuestion::kMetrics);
  bounded.bounded_metrics = true;
  const GraphShape road = Shape(2000000, 5000000, TreeMethod::kDijkstraRadix);
  const RunPlan b = PlanDistances(bounded, road, Cpu());
  ASSERT_EQ(b.engine, PlanEngine::kTrees) << b.Reasons();
  EXPECT_FALSE(b.centralities_from_trees);
  EXPECT_DOUBLE_EQ(b.estimate.compute_s, BoundedTreesSeconds(2e6, 5e6, TreeMethod::kDijkstraRadix, false, 2));
  EXPECT_LT(b.estimate.compute_s, b.trees_s / 500);                // 2M trees against about 700 lone ones
  EXPECT_GT(BoundingTreeCount(2e6, false), cost::kBoundingTrees);  // more on bigger graphs, fewer on small ones
  EXPECT_LT(BoundingTreeCount(3353, false), cost::kBoundingTrees);
  EXPECT_EQ(BoundingTreeCount(5, false), 5);  // never more than a tree from every vertex
  bounded.every_eccentricity = true;
  const RunPlan e = PlanDistances(bounded, road, Cpu());
  EXPECT_NEAR(BoundingTreeCount(2e6, true) - BoundingTreeCount(2e6, false),
              cost::kEveryEccentricityTreesPerVertex * 2e6, 1e-6);
  EXPECT_GT(e.estimate.compute_s, 100 * b.estimate.compute_s);
  // Every vertex's values: a tree from every vertex.
  const RunPlan every = PlanDistances(Ask(PlanQuestion::kMetrics), road, Cpu());
  EXPECT_DOUBLE_EQ(every.estimate.compute_s, every.trees_s);
  // A small graph on the asked-for trees bounds; on auto's trees (the matrix fits) every tree runs.
  bounded.every_eccentricity = false;
  bounded.algorithm = ApspAlgorithm::kTrees;
  const GraphShape small = Shape(20000, 100000, TreeMethod::kDijkstraRadix);
  const RunPlan asked = PlanDistances(bounded, small, Cpu());
  EXPECT_FALSE(asked.centralities_from_trees);
  EXPECT_LT(asked.estimate.compute_s, asked.trees_s);
  bounded.algorithm = ApspAlgorithm::kAuto;
  const RunPlan chosen = PlanDistances(bounded, Shape(30000, 60000, TreeMethod::kBfs), Cpu());
  if (chosen.engine == PlanEngine::kTrees) {
    EXPECT_TRUE(chosen.centralities_from_trees);
    EXPECT_DOUBLE_EQ(chosen.estimate.compute_s, chosen.trees_s);
  }
}

// The reasons price tiny graphs in plain numbers: "480 us", "2.9 ns", never "4.8e-07 s".
TEST(Planner, TinyEstimatesReadAsPlainNumbers) {
  EXPECT_EQ(FormatSeconds(4.8e-7), "480 ns");
  EXPECT_EQ(FormatSeconds(2.9e-9), "2.9 ns");
  EXPECT_EQ(FormatSeconds(1.69e-4), "169 us");
  EXPECT_EQ(FormatSeconds(0.42), "0.42 s");
  EXPECT_EQ(FormatSeconds(0), "0 s");
  const RunPlan p = PlanDistances(Ask(PlanQuestion::kMatrix), Shape(7, 8, TreeMethod::kDijkstraRadix), Cpu());
  EXPECT_EQ(p.Reasons().find("e-0"), std::string::npos) << p.Reasons();
}

TEST(Planner, RulesInOrder) {
  const GraphShape sparse = Shape(5000, 20000, TreeMethod::kDijkstraRadix);
  // Forced choices.
  EXPECT_EQ(PlanDistances(Ask(PlanQuestion::kMatrix, ApspAlgorithm::kFloydWarshall), sparse, Cpu()).engine,
            PlanEngine::kFloydWarshall);
  const GraphShape dense = Shape(500, 200000, TreeMethod::kDijkstraRadix);
  EXPECT_EQ(PlanDistances(Ask(PlanQuestion::kMatrix, ApspAlgorithm::kTrees), dense, Cpu()).engine, PlanEngine::kTrees);
  // A refusal: auto falls back with the reason, a forced dijkstra is an error naming it.
  PlanRequest refused = Ask(PlanQuestion::kMatrix);
  refused.tree_refusal = "under mpirun";
  RunPlan p = PlanDistances(refused, sparse, Cpu());
  EXPECT_EQ(p.engine, PlanEngine::kFloydWarshall);
  EXPECT_EQ(p.reasons.front(), "under mpirun");
  refused.algorithm = ApspAlgorithm::kTrees;
  EXPECT_THROW(PlanDistances(refused, sparse, Cpu()), Error);
  // Float sums that may round differently: auto keeps Floyd-Warshall, dijkstra runs and says so.
  GraphShape floats = sparse;
  floats.type = ElementType::kFloat32;
  floats.float_sums_exact = false;
  p = PlanDistances(Ask(PlanQuestion::kMatrix), floats, Cpu());
  EXPECT_EQ(p.engine, PlanEngine::kFloydWarshall);
  EXPECT_TRUE(Mentions(p, "round")) << p.Reasons();
  p = PlanDistances(Ask(PlanQuestion::kMatrix, ApspAlgorithm::kTrees), floats, Cpu());
  EXPECT_EQ(p.engine, PlanEngine::kTrees);
  EXPECT_TRUE(Mentions(p, "round differently")) << p.Reasons();
  // Metrics: a small graph and int64 weights stay on Floyd-Warshall, whatever the trees cost.
  p = PlanDistances(Ask(PlanQuestion::kMetrics), Shape(cost::kSmallGraph, 4 * cost::kSmallGraph, TreeMethod::kBfs),
                    Cpu());
  EXPECT_EQ(p.engine, PlanEngine::kFloydWarshall);
  EXPECT_TRUE(Mentions(p, "small graph")) << p.Reasons();
  p = PlanDistances(Ask(PlanQuestion::kMetrics),
                    Shape(cost::kSmallGraph + 1, 4 * cost::kSmallGraph, TreeMethod::kBfs, ElementType::kInt64), Cpu());
  EXPECT_EQ(p.engine, PlanEngine::kFloydWarshall);
  EXPECT_TRUE(Mentions(p, "int64")) << p.Reasons();
  // A matrix that cannot fit: the rows and the metrics take the trees; the matrix question keeps its estimate rule.
  const GraphShape huge = Shape(std::size_t{1} << 22, std::size_t{1} << 24, TreeMethod::kDijkstraRadix);
  p = PlanDistances(Ask(PlanQuestion::kMetrics), huge, Cpu());
  EXPECT_EQ(p.engine, PlanEngine::kTrees);
  EXPECT_FALSE(p.matrix_fits);
  EXPECT_TRUE(Mentions(p, "would not fit in memory")) << p.Reasons();
}

TEST(Planner, BothToolsGetTheSamePlanForTheSameQuestion) {
  // gapsp G --metrics m.json (no OUT) and gcenter G --per-vertex v.csv ask kMetrics of the same shape.
  for (const GraphShape& s : {Shape(3353, 8859, TreeMethod::kDijkstraRadix), Shape(15606, 91756, TreeMethod::kBfs)}) {
    const RunPlan a = PlanDistances(Ask(PlanQuestion::kMetrics), s, Cpu());
    const RunPlan b = PlanDistances(Ask(PlanQuestion::kMetrics), s, Cpu());
    EXPECT_EQ(a.engine, b.engine);
    EXPECT_EQ(a.backend, b.backend);
    EXPECT_EQ(a.element_bits, b.element_bits);
  }
}

TEST(Planner, GpuTreesAreTheGpuRouteOnSparseGraphs) {
  // --backend gpu on a weighted road-like graph: the GPU's trees, not Floyd-Warshall's 264k^2 matrix.
  PlanRequest rows = Ask(PlanQuestion::kRows);
  rows.rows = 1000;
  const GraphShape ny = Shape(264346, 730100, TreeMethod::kDijkstraRadix);
  RunPlan p = PlanDistances(rows, ny, RunContext(2, Backend::kGpu, kGpu));
  EXPECT_EQ(p.engine, PlanEngine::kTrees) << p.Reasons();
  EXPECT_EQ(p.backend, Backend::kGpu) << p.Reasons();
  // Without a usable GPU, --backend gpu says so.
  EXPECT_THROW(PlanDistances(rows, ny, RunContext(2, Backend::kGpu, kNoGpu)), Error);
  // Trees the GPU cannot run (64-bit distances) leave Floyd-Warshall as --backend gpu's route.
  const GraphShape wide = Shape(20000, 100000, TreeMethod::kDijkstraRadix, ElementType::kInt64);
  p = PlanDistances(Ask(PlanQuestion::kMatrix), wide, RunContext(2, Backend::kGpu, kGpu));
  EXPECT_EQ(p.engine, PlanEngine::kFloydWarshall);
  EXPECT_TRUE(Mentions(p, "int64")) << p.Reasons();
  // auto with a GPU: a small tree run stays on the CPU (starting the GPU does not pay).
  p = PlanDistances(Ask(PlanQuestion::kMatrix), Shape(20000, 100000, TreeMethod::kDijkstraRadix),
                    RunContext(2, Backend::kAuto, kGpu));
  EXPECT_EQ(p.engine, PlanEngine::kTrees) << p.Reasons();
}

TEST(Planner, TheRoadHierarchyIsTriedWhereItPays) {
  // Weighted NY's shape: every source's row; the trial's budget is the cost model's.
  const GraphShape ny = Shape(264346, 730100, TreeMethod::kDijkstraRadix);
  PlanRequest every = Ask(PlanQuestion::kRows);
  every.rows = 264346;
  every.hierarchy_trial = true;
  RunPlan p = PlanDistances(every, ny, Cpu(2));
  ASSERT_EQ(p.engine, PlanEngine::kTrees) << p.Reasons();
  EXPECT_NEAR(p.hierarchy_trial_s,
              cost::kTrialContractionSlack * 730100 * cost::kCpuContractionArcSeconds /
                  std::pow(2.0, cost::kCpuTreesThreadScaling),
              1e-9);
  EXPECT_LT(p.hierarchy_trial_s + HierarchySeconds(264346, 264346, 730100, true, 2),
            cost::kHierarchyTrialGain * p.trees_s);
  EXPECT_NE(p.Reasons().find("contracting first"), std::string::npos) << p.Reasons();
  // Not where the trees are cheap (a few rows), not unless the pipeline can contract
  // the input, not with negative arcs or inexact float sums, never when forced.
  PlanRequest few = every;
  few.rows = 100;
  EXPECT_EQ(PlanDistances(few, ny, Cpu(2)).hierarchy_trial_s, 0);
  PlanRequest no_trial = every;
  no_trial.hierarchy_trial = false;
  EXPECT_EQ(PlanDistances(no_trial, ny, Cpu(2)).hierarchy_trial_s, 0);
  EXPECT_EQ(PlanDistances(every, Shape(264346, 730100, TreeMethod::kJohnsonRadix), Cpu(2)).hierarchy_trial_s, 0);
  GraphShape inexact = ny;
  inexact.float_sums_exact = false;
  inexact.type = ElementType::kFloat32;
  EXPECT_EQ(PlanDistances(every, inexact, Cpu(2)).hierarchy_trial_s, 0);
  PlanRequest forced = every;
  forced.algorithm = ApspAlgorithm::kTrees;
  EXPECT_EQ(PlanDistances(forced, ny, Cpu(2)).hierarchy_trial_s, 0);
  // Every vertex's values on a machine with a GPU (16 threads): the GPU's trees against the
  // hierarchy with the GPU's sweep, whose estimate is the GPU PHAST's.
  PlanRequest per_vertex = Ask(PlanQuestion::kMetrics);
  per_vertex.hierarchy_trial = true;
  const RunPlan g = PlanDistances(per_vertex, ny, RunContext(16, Backend::kAuto, kGpu));
  ASSERT_EQ(g.backend, Backend::kGpu) << g.Reasons();
  EXPECT_GT(g.hierarchy_trial_s, 0) << g.Reasons();
  EXPECT_NEAR(g.hierarchy_s - g.hierarchy_trial_s / cost::kTrialContractionSlack,
              HierarchySeconds(264346, 264346, 730100, true, 16, Backend::kGpu), 1e-9);
}

TEST(CostModel, TheHierarchyTrialBoundsItsLossAndMustWin) {
  // Trial when a given-up contraction (kTrialContractionSlack x its estimate) costs at most
  // kHierarchyTrialGain of the trees and the hierarchy's estimate is below theirs.
  const double contract = 1.0, at_the_bound = cost::kTrialContractionSlack * contract / cost::kHierarchyTrialGain;
  EXPECT_DOUBLE_EQ(HierarchyTrialSeconds(contract, 0.5, at_the_bound), cost::kTrialContractionSlack * contract);
  EXPECT_EQ(HierarchyTrialSeconds(contract, 0.5, 0.99 * at_the_bound), 0);
  EXPECT_EQ(HierarchyTrialSeconds(contract, at_the_bound - contract, at_the_bound), 0);  // no gain
}

TEST(Planner, TheBoundingSearchesTryTheHierarchyWhereItPays) {
  // Weighted NY's shape, diameter/radius/center/1-median: the bounding searches' typical trees
  // against the contraction plus the same searches on PHAST trees.
  const double n = 264346, arcs = 730100;
  const GraphShape ny = Shape(264346, 730100, TreeMethod::kDijkstraRadix);
  PlanRequest bounded = Ask(PlanQuestion::kMetrics);
  bounded.bounded_metrics = true;
  bounded.hierarchy_trial = true;
  for (const int threads : {2, 16}) {
    const RunPlan p = PlanDistances(bounded, ny, Cpu(threads));
    ASSERT_EQ(p.engine, PlanEngine::kTrees) << p.Reasons();
    const double trees = BoundedTreesSeconds(n, arcs, TreeMethod::kDijkstraRadix, false, threads);
    const double contract = HierarchySeconds(0, n, arcs, false, threads);
    const double sweeps = BoundedHierarchySeconds(n, arcs, true, false, threads);
    EXPECT_DOUBLE_EQ(p.estimate.compute_s, trees);
    EXPECT_NEAR(p.hierarchy_s, contract + sweeps, 1e-9);
    EXPECT_DOUBLE_EQ(p.hierarchy_trial_s, HierarchyTrialSeconds(contract, sweeps, trees)) << threads;
    EXPECT_TRUE(Mentions(p, p.hierarchy_trial_s > 0 ? "bounding searches on PHAST trees" : "no hierarchy trial"))
        << p.Reasons();
  }
  // On 16 cores the trial is on (the hierarchy route is the faster one on a road graph) and a
  // graph that gives it up pays at most kHierarchyTrialGain of the trees' time.
  const RunPlan p16 = PlanDistances(bounded, ny, Cpu(16));
  EXPECT_GT(p16.hierarchy_trial_s, 0) << p16.Reasons();
  EXPECT_LE(p16.hierarchy_trial_s, cost::kHierarchyTrialGain * p16.estimate.compute_s);
  EXPECT_LT(p16.hierarchy_s, p16.estimate.compute_s);
  // Not where auto's trees bring the centralities (a matrix that fits: every tree), not when forced.
  EXPECT_EQ(PlanDistances(bounded, Shape(20000, 100000, TreeMethod::kDijkstraRadix), Cpu(16)).hierarchy_trial_s, 0);
  PlanRequest forced = bounded;
  forced.algorithm = ApspAlgorithm::kTrees;
  EXPECT_EQ(PlanDistances(forced, ny, Cpu(16)).hierarchy_trial_s, 0);
}

TEST(Planner, RowsWithoutTheMatrixAreTrees) {
  // A dense graph whose matrix Floyd-Warshall would fill faster: refused, the trees run.
  PlanRequest rows = Ask(PlanQuestion::kRows);
  rows.rows = 2000;
  EXPECT_EQ(PlanDistances(rows, Shape(2000, 400000, TreeMethod::kDijkstraRadix), Cpu()).engine,
            PlanEngine::kFloydWarshall);
  rows.matrix_refusal = "rows only";
  const RunPlan p = PlanDistances(rows, Shape(2000, 400000, TreeMethod::kDijkstraRadix), Cpu());
  EXPECT_EQ(p.engine, PlanEngine::kTrees) << p.Reasons();
  EXPECT_TRUE(Mentions(p, "rows only")) << p.Reasons();
}

TEST(TreeBackend, TheThresholdIsTheCostModels) {
  const auto usable = [] { return kGpu; };
  const auto none = [] { return kNoGpu; };
  const GpuTreeKind bfs{GpuTreeKind::kBfs, ""}, weighted{GpuTreeKind::kWeighted, ""},
      neither{GpuTreeKind::kNone, "this graph has negative arcs"};
  EXPECT_EQ(ChooseTreeBackend(Backend::kCpu, bfs, 1 << 20, 1 << 22, 2, usable).backend, Backend::kCpu);
  EXPECT_EQ(ChooseTreeBackend(Backend::kAuto, neither, 1 << 20, 1 << 22, 2, usable).backend, Backend::kCpu);
  EXPECT_THROW(ChooseTreeBackend(Backend::kGpu, neither, 1 << 20, 1 << 22, 2, usable), Error);
  // The GPU pays once the CPU's trees would take kGpuTreesWorthCpuSeconds: just below and just above it.
  for (const auto& [kind, per_arc] :
       {std::pair{bfs, cost::kCpuBfsSourceArcSeconds}, std::pair{weighted, cost::kCpuDijkstraSourceArcSeconds}}) {
    const double arcs = 1 << 16;
    const double speedup = std::pow(2.0, cost::kCpuTreesThreadScaling);  // 2 threads
    const auto trees_at = [&](double seconds) {
      return static_cast<std::size_t>(seconds * speedup / (arcs * per_arc));
    };
    EXPECT_EQ(
        ChooseTreeBackend(Backend::kAuto, kind, trees_at(0.9 * cost::kGpuTreesWorthCpuSeconds), 1 << 16, 2, usable)
            .backend,
        Backend::kCpu);
    EXPECT_EQ(
        ChooseTreeBackend(Backend::kAuto, kind, trees_at(1.1 * cost::kGpuTreesWorthCpuSeconds), 1 << 16, 2, usable)
            .backend,
        Backend::kGpu);
  }
  EXPECT_EQ(ChooseTreeBackend(Backend::kAuto, weighted, 1 << 20, 1 << 22, 2, none).backend, Backend::kCpu);
  // Fewer sources than the GPU's wave cost a wave: weighted NY's 1000 rows on 16 threads stay on the CPU
  // (bench/plan_check.sh: 2.5 s on the CPU, 3.7 s on the GPU), while every source's row goes to the GPU.
  const auto cpu16 = TreesSeconds(1000, 730100, TreeMethod::kDijkstraRadix, Backend::kCpu, 16);
  ASSERT_GT(cpu16, cost::kGpuTreesWorthCpuSeconds);
  EXPECT_EQ(ChooseTreeBackend(Backend::kAuto, weighted, 1000, 730100, 16, usable).backend, Backend::kCpu);
  EXPECT_EQ(ChooseTreeBackend(Backend::kAuto, weighted, 264346, 730100, 16, usable).backend, Backend::kGpu);
  EXPECT_EQ(ChooseTreeBackend(Backend::kGpu, weighted, 1000, 730100, 16, usable).backend, Backend::kGpu);
  EXPECT_EQ(ChooseTreeBackend(Backend::kGpu, weighted, 100, 300, 2, usable).backend, Backend::kGpu);
  EXPECT_THROW(ChooseTreeBackend(Backend::kGpu, weighted, 100, 300, 2, none), Error);
}

TEST(Planner, ParseEngineAndJson) {
  ApspAlgorithm a;
  EXPECT_TRUE(ParseEngine("dense", &a));
  EXPECT_EQ(a, ApspAlgorithm::kFloydWarshall);
  EXPECT_TRUE(ParseEngine("sparse", &a));
  EXPECT_EQ(a, ApspAlgorithm::kTrees);
  EXPECT_FALSE(ParseEngine("fw", &a));
  const RunPlan p = PlanDistances(Ask(PlanQuestion::kMatrix), Shape(15606, 91756, TreeMethod::kBfs), Cpu());
  std::ostringstream out;
  JsonWriter json(out);
  json.BeginObject();
  WritePlanJson(json, p);
  json.EndObject();
  const std::string s = out.str();
  for (const char* key : {"\"plan\":", "\"engine\":\"trees\"", "\"backend\":\"cpu\"", "\"element_bits\":32",
                          "\"estimate_s\":", "\"memory_bytes\":", "\"reasons\":["})
    EXPECT_NE(s.find(key), std::string::npos) << key << " in " << s;
}

// The out-of-core estimate (issue 28: "--memory-limit 4096 runs 25x longer
// than its own estimate"): blocks of one tile leave all but one thread idle and
// pay a step's copies and overhead B^3 times; large blocks cost about what the
// in-core run does.
TEST(CostModel, OutOfCorePricesIdleThreadsAndExtraPasses) {
  const double n = 8192;
  for (int threads : {1, 2, 16}) {
    SCOPED_TRACE(threads);
    const double in_core = FloydWarshallSeconds(n, ElementType::kInt32, Backend::kCpu, threads);
    // Blocks of 4096 (2 a side, 32 x 32 tiles): every thread busy, four steps' copies a round.
    const double large = OutOfCoreFloydWarshallSeconds(n, 4096, ElementType::kInt32, threads);
    EXPECT_GE(large, in_core);
    EXPECT_LE(large, 1.5 * in_core + 8 * cost::kOutOfCoreStepSeconds + 1.0);
    // Blocks of 128 (the floor of a tiny --memory-limit): one thread per step, 64^3 steps.
    const double tiny = OutOfCoreFloydWarshallSeconds(n, 128, ElementType::kInt32, threads);
    EXPECT_GE(tiny, in_core * threads);
    EXPECT_GE(tiny, 64.0 * 64 * 64 * cost::kOutOfCoreStepSeconds);
    EXPECT_GT(tiny, large);
  }
}

// One estimate per run (issue #29): reading the input and writing the output
// are in it, priced by the cost model's rates, and it grows with the rows
// asked; hand-computed from the request's bytes.
TEST(RunEstimate, ReadingAndWritingScaleWithWhatWasAsked) {
  const GraphShape g = Shape(1000, 5000, TreeMethod::kDijkstraRadix);  // rows padded to 1024
  PlanRequest rows = Ask(PlanQuestion::kRows);
  rows.rows = 10;
  rows.input_bytes = 3e6;
  rows.output = PlanOutput::kBinary;
  const RunPlan ten = PlanDistances(rows, g, Cpu(1));
  ASSERT_EQ(ten.engine, PlanEngine::kTrees) << ten.Reasons();
  EXPECT_DOUBLE_EQ(ten.estimate.read_s, 3e6 / cost::kGraphReadBytesPerSecond);
  EXPECT_DOUBLE_EQ(ten.estimate.write_bytes, 10.0 * 1024 * 4);
  EXPECT_DOUBLE_EQ(ten.estimate.write_s, 10.0 * 1024 * 4 / cost::kWriteBytesPerSecond);
  EXPECT_DOUBLE_EQ(ten.estimate.fill_s, 0);  // rows are streamed: no n x n matrix
  EXPECT_DOUBLE_EQ(ten.estimate_s, ten.estimate.read_s + ten.trees_s + ten.estimate.write_s);
  // Ten times the rows: ten times the trees and the bytes, the same reading.
  rows.rows = 100;
  const RunPlan hundred = PlanDistances(rows, g, Cpu(1));
  EXPECT_DOUBLE_EQ(hundred.estimate.read_s, ten.estimate.read_s);
  EXPECT_NEAR(hundred.estimate.write_s, 10 * ten.estimate.write_s, 1e-15);
  EXPECT_NEAR(hundred.estimate.compute_s, 10 * ten.estimate.compute_s, 1e-15);
  // The whole matrix: n rows written (and the next hops with --paths), a matrix filled first.
  PlanRequest matrix = Ask(PlanQuestion::kMatrix);
  matrix.output = PlanOutput::kBinary;
  matrix.keep_adjacency = true;
  const RunPlan whole = PlanDistances(matrix, g, Cpu(1));
  EXPECT_DOUBLE_EQ(whole.estimate.write_bytes, 1000.0 * 1024 * 4 + 1024.0 * 1024 * 4);
  EXPECT_DOUBLE_EQ(whole.estimate.fill_s, 1024.0 * 1024 * 4 / cost::kMatrixFillBytesPerSecond);
  // CSV: its bytes per distance, formatted and written; the metrics alone write nothing; a matrix file reads at its
  // rate.
  matrix.output = PlanOutput::kText;
  matrix.keep_adjacency = false;
  const RunPlan text = PlanDistances(matrix, g, Cpu(1));
  EXPECT_DOUBLE_EQ(text.estimate.write_bytes, 1000.0 * 1000 * cost::kTextBytesPerDistance);
  EXPECT_DOUBLE_EQ(text.estimate.write_s, 7e6 / cost::kTextFormatBytesPerSecond + 7e6 / cost::kWriteBytesPerSecond);
  PlanRequest metrics = Ask(PlanQuestion::kMetrics);
  metrics.input_bytes = 2e9;
  metrics.input_matrix_file = true;
  const RunPlan m = PlanDistances(metrics, Shape(5000, 20000, TreeMethod::kDijkstraRadix), Cpu(1));
  EXPECT_DOUBLE_EQ(m.estimate.write_s, 0);
  EXPECT_DOUBLE_EQ(m.estimate.read_s, 2e9 / cost::kMatrixReadBytesPerSecond);
}

// A busy machine: the CPU parts take 1 / share as long (the engine's choice
// does not change), the GPU's part and the disk's writing do not.
TEST(RunEstimate, TheLoadStretchesTheCpuPartsOnly) {
  EXPECT_DOUBLE_EQ(CpuShare(2, 2, 0), 1);
  EXPECT_DOUBLE_EQ(CpuShare(1, 2, 0.9), 1);      // 1.9 threads want 2 cores
  EXPECT_DOUBLE_EQ(CpuShare(2, 2, 4), 2.0 / 6);  // 6 threads on 2 cores
  EXPECT_DOUBLE_EQ(CpuShare(16, 16, 16), 0.5);
  const GraphShape g = Shape(1000, 5000, TreeMethod::kDijkstraRadix);
  PlanRequest rows = Ask(PlanQuestion::kRows);
  rows.rows = 10;
  rows.output = PlanOutput::kBinary;
  RunContext busy = Cpu(2);
  busy.set_cpu_share(0.25, 6);
  const RunPlan idle_plan = PlanDistances(rows, g, Cpu(2)), busy_plan = PlanDistances(rows, g, busy);
  EXPECT_EQ(busy_plan.engine, idle_plan.engine);
  EXPECT_EQ(busy_plan.Reasons(), idle_plan.Reasons());
  EXPECT_NEAR(busy_plan.estimate_s - busy_plan.estimate.write_s,
              4 * (idle_plan.estimate_s - idle_plan.estimate.write_s), 1e-15);
  EXPECT_GT(busy_plan.estimate.write_s, 0);
  RunEstimate gpu;
  gpu.read_s = 1;
  gpu.compute_s = 2;
  gpu.write_s = 3;
  gpu.compute_on_gpu = true;
  gpu.cpu_share = 0.5;
  EXPECT_DOUBLE_EQ(gpu.total_s(), 1 / 0.5 + 2 + 3);
}

// ginfo's "a run needs": a square file, gapsp's matrix (and next hops); the
// rows of some sources, gcenter's copy of those rows, never the full matrix.
TEST(MemoryPlan, ARowsFileNeedsItsRowsNotTheMatrix) {
  const FileRunBytes rows = RunBytesOfFile(15616, 2230, 4, true);
  EXPECT_DOUBLE_EQ(rows.rows, 2230.0 * 15616 * 4);
  EXPECT_DOUBLE_EQ(rows.matrix, 0);
  const FileRunBytes square = RunBytesOfFile(3456, 3353, 4, false);
  EXPECT_DOUBLE_EQ(square.matrix, 3456.0 * 3456 * 4);
  EXPECT_DOUBLE_EQ(square.with_paths, 2 * 3456.0 * 3456 * 4);
  EXPECT_DOUBLE_EQ(square.rows, 0);
}

}  // namespace
}  // namespace gdist
