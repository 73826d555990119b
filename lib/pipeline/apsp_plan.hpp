// gapsp's choice between the engines: read the input once, build its CSR graph
// (cheap: O(m)), ask the run's planner (lib/plan/planner.hpp), and hand back
// what the chosen engine needs: the adjacency matrix for Floyd-Warshall,
// or the CSR graph (and, for the full matrix, the buffer its rows go to).
#pragma once
#include <optional>
#include <string>
#include <variant>

#include "lib/engine/apsp.hpp"
#include "lib/engine/backend_choice.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/plan/planner.hpp"
#include "lib/plan/run_context.hpp"
#include "lib/sparse/apsp_algorithm.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

using AnyCsrGraph = std::variant<CsrGraph<std::int32_t>, CsrGraph<std::int64_t>, CsrGraph<float>, CsrGraph<double>>;

// Graph -> CSR with MatrixFromGraph's duplicate policy and element type, so
// both engines see the same arcs in the same type. A graph too large for the
// sparse engine is refused first (RefuseIfSparseTooLarge, naming `input`): a
// header claiming 2^31 vertices is refused at once, as the dense path refuses
// its matrix.
AnyCsrGraph CsrFromGraph(const Graph& g, const InputOptions& options, const std::string& input = "input",
                         int threads = 0);

struct ApspRequest {
  ApspAlgorithm algorithm = ApspAlgorithm::kAuto;
  PlanQuestion question = PlanQuestion::kMatrix;  // kRows: --sources; kMetrics: --metrics without OUT
  std::size_t rows = 0;                           // kRows: how many sources
  std::string tree_refusal;                       // why the trees cannot run here (mpirun); empty: they can
  bool keep_adjacency = false;                    // --paths: the adjacency matrix is needed even when the trees run
  bool hierarchy_trial = false;           // a graph file auto may contract on trial (RunPlan::hierarchy_trial_s)
  PlanOutput output = PlanOutput::kNone;  // what the estimate's writing part writes
  // Set (the engine's options): the whole matrix goes straight to a .gdm file,
  // so an in-core GPU Floyd-Warshall may build its adjacency on the device from
  // the arcs and stream the result (lib/engine/arcs_apsp.hpp, GpuTakesArcsRun).
  const ApspOptions* stream_from_arcs = nullptr;
};

// The bytes of an input file for the estimate's reading part: 0 for what is
// not a regular file (a FIFO, stdin).
double InputFileBytes(const std::string& path);

struct ApspPlan {
  RunPlan run;  // the engine, backend, estimate and reasons (lib/plan/planner.hpp)
  // Floyd-Warshall: the adjacency matrix. Trees: the adjacency with
  // keep_adjacency or for a matrix input, else a blank n x n matrix (INF, 0
  // diagonal, kind adjacency until the rows arrive); empty for kRows.
  AnyMatrix matrix;
  std::optional<AnyCsrGraph> csr;  // set when the trees or the hierarchy run (a graph input)
  TreeMethod method = TreeMethod::kBfs;
  std::size_t n = 0;
  // Set: Floyd-Warshall from csr's int32 arcs on the GPU as decided here, the
  // result streamed to the output (ApspRequest::stream_from_arcs); matrix stays empty.
  std::optional<BackendDecision> arcs_on_device;
  bool trees() const { return run.engine == PlanEngine::kTrees; }
};

// The memory check of LoadInput applies to every n x n matrix allocated here.
ApspPlan PlanApsp(const std::string& path, const InputOptions& options, const ApspRequest& request,
                  const RunContext& context);

// The same plan for a graph already in memory (the Python binding's arrays);
// `input` names it in messages.
ApspPlan PlanApspOfGraph(Graph graph, const InputOptions& options, const ApspRequest& request,
                         const RunContext& context, const std::string& input);

}  // namespace gdist
