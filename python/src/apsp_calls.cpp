#include "python/src/apsp_calls.hpp"

#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <type_traits>
#include <variant>

#include "lib/matrix/arc_list.hpp"
#include "lib/paths/next_hop.hpp"
#include "lib/paths/next_hop_gpu.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/candidate_rows.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/road/contraction_hierarchy.hpp"
#include "lib/sparse/tree_apsp.hpp"
#include "lib/util/error.hpp"
#include "python/src/distance_matrix.hpp"
#include "python/src/interruption.hpp"
#include "python/src/progress_callback.hpp"

namespace gdist::python {

namespace nb = nanobind;

namespace {

// The keyword arguments the calls share, as the tools' flags.
struct EngineChoice {
  Backend backend = Backend::kAuto;
  ApspAlgorithm algorithm = ApspAlgorithm::kAuto;
  InputOptions input;
  int threads = 0;
  ProgressFn progress;  // progress=: the Python callable (progress_callback.hpp)
};

EngineChoice ParseChoice(const std::string& backend, const std::string& algorithm, const std::string& type,
                         const std::string& duplicates, int threads) {
  EngineChoice c;
  if (!ParseBackend(backend, &c.backend)) throw Error("backend must be auto, cpu or gpu, not '" + backend + "'");
  if (!ParseApspAlgorithm(algorithm, &c.algorithm))
    throw Error("algorithm must be auto, fw, dijkstra or ch, not '" + algorithm + "'");
  if (!type.empty()) {
    ElementType t;
    if (!ParseElementType(type, &t)) throw Error("type must be int32, int64, float32 or float64, not '" + type + "'");
    c.input.type = t;
  }
  if (!duplicates.empty()) {
    DuplicatePolicy d;
    if (!ParseDuplicatePolicy(duplicates, &d)) throw Error("duplicates must be min or last, not '" + duplicates + "'");
    c.input.duplicates = d;
  }
  if (threads < 0) throw Error("threads must be 0 (all cores) or more");
  c.threads = threads;
  return c;
}

ApspOptions EngineOptions(const EngineChoice& c, const RunContext& context) {
  ApspOptions o;
  o.backend = c.backend;
  o.threads = c.threads;
  o.gpu_probe = context.gpu_probe();
  o.memory_limit = DefaultMemoryLimit();
  o.progress = c.progress;
  return o;
}

template <class W> RowSource<W> RowSourceFor(const RunPlan& plan, const CsrGraph<W>& g) {
  return plan.backend == Backend::kGpu ? GpuRowSource(g) : RowSource<W>{};
}

// algorithm="ch": the graph contracted in memory, as gapsp --algorithm ch does
// (its rows then come from road_run's PHAST calls).
template <class W> ContractionHierarchy<W> Contract(const CsrGraph<W>& g, int threads) {
  ContractionOptions options;
  options.threads = threads;
  return BuildContractionHierarchy(g, options);
}

// Every row, as gapsp IN OUT [--paths] computes them (run_apsp.cpp's RunWholeMatrix).
DistanceMatrix Apsp(const Graph& graph, const EngineChoice& c, bool paths) {
  RunContext context(c.threads, c.backend);
  if (c.backend != Backend::kCpu) context.StartGpuProbe();
  InputOptions input = c.input;
  input.next_hops = paths;
  ApspRequest request;
  request.algorithm = c.algorithm;
  request.keep_adjacency = paths;
  ApspPlan plan = PlanApspOfGraph(graph, input, request, context, "graph");
  const ApspOptions opts = EngineOptions(c, context);
  DistanceMatrix out;
  out.plan = plan.run;
  std::visit(
      [&](auto& mat) {
        using T = std::decay_t<decltype(*mat.data())>;
        ArcList<T> arcs;
        if (paths) arcs = ArcsOfAdjacency(mat.view());  // before the engine overwrites the arcs
        ApspReport r;
        if (plan.run.engine == PlanEngine::kHierarchy) {
          r = HierarchyRowsIntoMatrix(Contract(std::get<CsrGraph<T>>(*plan.csr), context.threads()), mat,
                                      context.threads(), c.progress);
        } else {
          r = plan.trees() ? SolveApspByTrees(std::get<CsrGraph<T>>(*plan.csr), mat, context.threads(), c.progress,
                                              RowSourceFor(plan.run, std::get<CsrGraph<T>>(*plan.csr)))
                           : SolveApsp(mat, opts);
        }
        out.engine = r;
        if (paths) {
          NextHopMatrix next;
          if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float>) {
            if (r.used == Backend::kGpu) next = GpuComputeNextHops(arcs, mat.view());
          }
          if (!next.data()) next = ComputeNextHops(arcs, mat.view(), context.threads());
          out.next = std::move(next);
        }
        mat.meta().kind = MatrixKind::kDistance;
        out.matrix = std::move(mat);
      },
      plan.matrix);
  return out;
}

// The rows of some sources, as gapsp --sources computes them: the trees
// when the plan picks them (never the n x n matrix), else Floyd-Warshall and
// the rows copied out of it.
DistanceRows Rows(const Graph& graph, const std::vector<std::uint32_t>& sources, const EngineChoice& c) {
  for (std::uint32_t s : sources)
    if (s >= graph.n)
      throw Error("source " + std::to_string(s) + " is not a vertex (0.." + std::to_string(graph.n) + "-1)");
  RunContext context(c.threads, c.backend);
  if (c.backend != Backend::kCpu) context.StartGpuProbe();
  ApspRequest request;
  request.algorithm = c.algorithm;
  request.question = PlanQuestion::kRows;
  request.rows = sources.size();
  ApspPlan plan = PlanApspOfGraph(graph, c.input, request, context, "graph");
  DistanceRows out;
  out.plan = plan.run;
  out.directed = graph.directed;
  out.labels = graph.labels;
  if (plan.csr && plan.run.engine == PlanEngine::kHierarchy) {
    std::visit(
        [&](const auto& g) {
          out.rows =
              HierarchyCandidateRows(Contract(g, context.threads()), sources, Direction::kOut, context.threads());
          out.engine.used = Backend::kCpu;
        },
        *plan.csr);
    return out;
  }
  if (plan.csr) {
    std::visit(
        [&](const auto& g) {
          out.rows = ComputeCandidateRows(g, sources, Direction::kOut, context.threads(), plan.run.backend, c.progress);
          out.engine.used = plan.run.backend;
        },
        *plan.csr);
    return out;
  }
  std::visit(
      [&](auto& mat) {
        using T = std::decay_t<decltype(*mat.data())>;
        out.engine = SolveApsp(mat, EngineOptions(c, context));
        CandidateRows<T> rows = BlankCandidateRows<T>(sources, mat.n());
        T* dst = static_cast<T*>(rows.buffer.data());
        for (std::size_t r = 0; r < sources.size(); ++r)
          std::memcpy(dst + r * rows.view.stride, mat.row(sources[r]), mat.n() * sizeof(T));
        out.rows = std::move(rows);
      },
      plan.matrix);
  return out;
}

}  // namespace

void BindApspCalls(nb::module_& m) {
  m.def(
      "apsp",
      [](const Graph& g, const std::string& backend, const std::string& algorithm, const std::string& type,
         const std::string& duplicates, int threads, bool paths, nb::object progress) {
        EngineChoice c = ParseChoice(backend, algorithm, type, duplicates, threads);
        c.progress = PythonProgress(std::move(progress));
        return Interruptible([&] { return Apsp(g, c, paths); });
      },
      nb::arg("graph"), nb::arg("backend") = "auto", nb::arg("algorithm") = "auto", nb::arg("type") = "",
      nb::arg("duplicates") = "", nb::arg("threads") = 0, nb::arg("paths") = false,
      nb::arg("progress").none() = nb::none());
  m.def(
      "rows",
      [](const Graph& g, const std::vector<std::uint32_t>& sources, const std::string& backend,
         const std::string& algorithm, const std::string& type, const std::string& duplicates, int threads,
         nb::object progress) {
        EngineChoice c = ParseChoice(backend, algorithm, type, duplicates, threads);
        c.progress = PythonProgress(std::move(progress));
        return Interruptible([&] { return Rows(g, sources, c); });
      },
      nb::arg("graph"), nb::arg("sources"), nb::arg("backend") = "auto", nb::arg("algorithm") = "auto",
      nb::arg("type") = "", nb::arg("duplicates") = "", nb::arg("threads") = 0,
      nb::arg("progress").none() = nb::none());
}

}  // namespace gdist::python
