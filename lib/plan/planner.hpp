// One plan per run: what the user asked for (a matrix, the rows of some
// sources, the metrics of every vertex) and the graph's shape in, the engine
// (Floyd-Warshall over the n x n matrix, or a shortest-path tree per source),
// the backend, the element width, the memory, the estimated time and the
// reasons out. gapsp and gcenter ask the same question the same way, so the
// same graph gets the same decision from both; the estimate line and --json's
// "plan" object print this plan. Every rate is the cost model's
// (cost_model.hpp); every memory figure the memory plan's (memory_plan.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "lib/core/backend.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/plan/cost_model.hpp"
#include "lib/plan/run_context.hpp"
#include "lib/sparse/apsp_algorithm.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

enum class PlanEngine { kFloydWarshall, kTrees, kHierarchy };
const char* PlanEngineName(PlanEngine e);  // "floyd-warshall", "trees", "hierarchy"

// gcenter --engine: "dense" (Floyd-Warshall over the matrix), "sparse" (the
// trees, no matrix), "ch" (the road hierarchy's PHAST trees) or "auto"; false
// on anything else.
bool ParseEngine(const std::string& s, ApspAlgorithm* out);

enum class PlanQuestion {
  kMatrix,   // every distance, kept as an n x n matrix (gapsp OUT)
  kRows,     // the rows of some sources (gapsp --sources)
  kMetrics,  // the metrics of every vertex, no matrix kept (gapsp --metrics alone, gcenter on a graph)
};

// What a run writes, for the estimate's writing part: nothing (metrics, a
// report), a binary file of its distances (.gdm, .npy, NTHU, rows), or text (CSV).
enum class PlanOutput { kNone, kBinary, kText };

struct PlanRequest {
  PlanQuestion question = PlanQuestion::kMatrix;
  ApspAlgorithm algorithm = ApspAlgorithm::kAuto;  // fw or dijkstra (trees) when forced
  std::size_t rows = 0;                            // kRows: how many sources
  std::string tree_refusal;                        // why the trees cannot run here; empty: they can
  std::string matrix_refusal;                      // why Floyd-Warshall cannot (rows from trees only); empty: it can
  bool keep_adjacency = false;                     // --paths: the arcs are kept beside the matrix
  bool hierarchy_saved = false;                    // kHierarchy: a .gch input (no contraction)
  // kMetrics: no per-vertex values or centralities, so the bounding searches
  // answer (on a connected graph); with every eccentricity by bounding too.
  bool bounded_metrics = false;
  bool every_eccentricity = false;
  // The input is a graph the run can contract on trial (auto; RunPlan::hierarchy_trial_s).
  bool hierarchy_trial = false;
  // The estimate's reading and writing: the input's bytes on disk (0: a graph
  // in memory) and whether it is a matrix or hierarchy file; what the run
  // writes (its distances: the rows asked for, or every row; with
  // keep_adjacency the next hops too).
  double input_bytes = 0;
  bool input_matrix_file = false;
  PlanOutput output = PlanOutput::kNone;
};

struct GraphShape {
  std::size_t n = 0;
  std::size_t arcs = 0;  // after duplicates and self-loops (CsrGraph::arc_count)
  TreeMethod method = TreeMethod::kDijkstraRadix;
  ElementType type = ElementType::kInt32;
  bool float_sums_exact = true;  // FloatSumsExact: trees and Floyd-Warshall give the same bits
  // Unit weights, every vertex a source: the arcs the shared BFS scans per
  // source, sampled (graph_shape.hpp); 0: not sampled (a plain BFS per source).
  double shared_bfs_arcs_per_tree = 0;
};

struct RunPlan {
  PlanEngine engine = PlanEngine::kFloydWarshall;
  Backend backend = Backend::kCpu;  // where the chosen engine is expected to run
  int element_bits = 32;            // the width distances are stored in (a proven 16-bit run is the engine's)
  double estimate_s = 0;            // the whole run's: estimate.total_s()
  RunEstimate estimate;             // its parts: reading, the chosen engine, writing
  std::uint64_t memory_bytes = 0;   // host bytes the chosen engine holds
  std::vector<std::string> reasons;
  double fw_s = 0;          // Floyd-Warshall's estimate (on its backend)
  double trees_s = 0;       // the trees' estimate (on theirs)
  bool matrix_fits = true;  // the n x n matrix within cost::kDenseMatrixShareOfMemory of the host's memory
  // auto chose the trees for a matrix that fits: they bring the dense report's centralities too (a tree
  // from every vertex), so the metrics are not left to the bounding searches.
  bool centralities_from_trees = false;
  // > 0: contract the graph first (the road hierarchy, at the road rates about
  // hierarchy_s) and run it when the contraction finishes within this many
  // seconds; the engine above runs otherwise (cost::kHierarchyTrialGain).
  double hierarchy_trial_s = 0;
  double hierarchy_s = 0;

  ApspAlgorithm algorithm() const {
    return engine == PlanEngine::kTrees       ? ApspAlgorithm::kTrees
           : engine == PlanEngine::kHierarchy ? ApspAlgorithm::kHierarchy
                                              : ApspAlgorithm::kFloydWarshall;
  }
  std::string Reasons() const;  // joined by "; "
};

// The road hierarchy runs when asked for (--algorithm ch, or a saved .gch);
// auto puts it on trial (hierarchy_trial_s) where its estimate is below the
// trees' and a failed trial costs at most cost::kHierarchyTrialGain of them
// (HierarchyTrialSeconds): for rows, every vertex's values and the bounding
// searches alike.
// Throws gdist::Error on a forced choice that cannot run (the trees engine
// asked for + the refusal; the GPU asked for + why, from the tree backend).
RunPlan PlanDistances(const PlanRequest& request, const GraphShape& shape, const RunContext& context);

// The hierarchy trial's outcome (hierarchy_trial_s > 0): contracted in `seconds`
// (the hierarchy runs, at its estimate) or given up after them (the trees run).
void RecordHierarchyTrial(RunPlan& plan, bool contracted, double seconds);

// "plan": {"engine", "backend", "element_bits", "estimate_s", "memory_bytes", "reasons": [...]}
void WritePlanJson(JsonWriter& json, const RunPlan& plan);

}  // namespace gdist
