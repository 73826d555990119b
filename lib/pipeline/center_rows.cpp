#include "lib/pipeline/center_rows.hpp"

#include "formats/cost_matrix.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/apsp_progress_bar.hpp"
#include "lib/pipeline/candidate_rows.hpp"
#include "lib/pipeline/cost_matrix_siting.hpp"
#include "lib/pipeline/place_siting.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/sparse_estimate.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

MatrixMeta DistanceMeta(bool directed, const VertexLabels& labels) {
  MatrixMeta meta;
  meta.directed = directed;
  meta.kind = MatrixKind::kDistance;
  meta.labels = labels;
  return meta;
}

std::string SitingModelOptions() {
  return OptionText(Option::kPMedian) + ", " + OptionText(Option::kPCenter) + ", " + OptionText(Option::kCover) + ", " +
         OptionText(Option::kMaxCover);
}

template <class T> std::string RectangularReport(const MappedMatrixFile& file, const CenterRun& run) {
  const CenterRequest& req = run.req;
  if (req.needs_whole_matrix())
    throw Error(file.path() + ": holds the rows of " + std::to_string(file.info().rows()) + " sources of " +
                std::to_string(file.info().n) + " vertices; it answers a siting model (" + SitingModelOptions() +
                ") with its sources as candidates, not metrics, " + OptionText(Option::kPerVertex) + " or pictures");
  if (file.info().meta.directed && req.direction == "in")
    throw Error(file.path() + ": its rows are distances from the sources (" + OptionText(Option::kDirection, "out") +
                "); " + OptionText(Option::kDirection, "in") +
                " needs the distances into the candidates (the graph file with " + OptionText(Option::kCandidates) +
                ")");
  const std::vector<std::uint32_t> rows(file.info().row_sources.begin(), file.info().row_sources.end());
  return CenterReport(file.view<T>(), file.info().meta, run, nullptr, &rows);
}

}  // namespace

std::string CenterOnRectangularFile(const MappedMatrixFile& file, const CenterRun& run) {
  return DispatchElement(file.info().type, [&](auto zero) { return RectangularReport<decltype(zero)>(file, run); });
}

void CheckCostMatrixRequest(const CenterRequest& req) {
  if (req.needs_whole_matrix())
    throw Error(OptionText(Option::kCostMatrix) + ": a demand x facility cost table answers a siting model (" +
                SitingModelOptions() + "), not metrics, " + OptionText(Option::kPerVertex) + " or pictures");
}

namespace {

std::string CenterOnCostTable(const CenterRun& run, const CostMatrix& table,
                              const std::optional<std::vector<double>>& weights) {
  const CostMatrixNames names(table);
  return DispatchElement(CostElementType(table), [&](auto zero) {
    using T = decltype(zero);
    const FacilityRows<T> rows = CostMatrixRows<T>(table);
    const MatrixMeta meta = DistanceMeta(true, names.all);
    SiteLists lists = ReadSiteLists(run.req, names);
    if (weights) lists.weights = weights;
    return CenterReport(rows.view, meta, run, nullptr, &rows.row_vertex, &lists);
  });
}

}  // namespace

std::string CenterOnCostMatrix(const CenterRun& run) {
  CheckCostMatrixRequest(run.req);
  return CenterOnCostTable(run, ReadCostMatrix(run.req.cost_matrix, run.req.input.read.limits), std::nullopt);
}

std::string CenterOnPlaces(CenterRun& run) {
  const CenterRequest& req = run.req;
  if (req.needs_whole_matrix())
    throw Error(OptionText(Option::kPlaces) + ": siting at places answers a siting model (" + SitingModelOptions() +
                "), not metrics, " + OptionText(Option::kPerVertex) + " or pictures");
  if (!req.weights.empty())
    throw Error(OptionText(Option::kPlaces) + ": the demand weights are the places' weight column; drop " +
                OptionText(Option::kWeights));
  if (IsMatrixFile(req.in) || IsHierarchyInput(req.in))
    throw Error(req.in + ": keeps no coordinates; " + OptionText(Option::kPlaces) +
                " needs the graph file (an OpenStreetMap extract, or a graph with a .co)");
  const PlaceSiting places = BuildPlaceSiting(req, run.voice);
  run.places = &places;
  return CenterOnCostTable(run, places.costs, PlaceWeights(places));
}

std::string CenterOnHierarchyCandidates(const CenterRun& run) {
  const CenterRequest& req = run.req;
  const LoadedHierarchy loaded = LoadHierarchy(req.in, req.input, req.metrics_options.threads);
  return std::visit(
      [&](const auto& ch) {
        const SiteLists lists = ReadSiteLists(req, ch.labels, ch.n);
        Direction direction = Direction::kOut;
        ParseDirection(req.direction, &direction);
        const auto rows = HierarchyCandidateRows(ch, RowVerticesFor(*lists.candidates, lists.fixed), direction,
                                                 req.metrics_options.threads);
        return CenterReport(rows.view, DistanceMeta(ch.directed, ch.labels), run, nullptr, &rows.vertices, &lists);
      },
      loaded.hierarchy);
}

std::string CenterOnCandidateTrees(const CenterRun& run) {
  const CenterRequest& req = run.req;
  const Graph g = ReadGraph(req.in, req.input.read);
  AnyCsrGraph any = CsrFromGraph(g, req.input, req.in, req.metrics_options.threads);
  return std::visit(
      [&](const auto& csr) {
        using T = std::decay_t<decltype(csr.max_abs_weight)>;
        const SiteLists lists = ReadSiteLists(req, csr.labels, csr.n);
        Direction direction = Direction::kOut;
        ParseDirection(req.direction, &direction);
        ApspProgressBar bar;
        std::vector<std::uint32_t> sources = RowVerticesFor(*lists.candidates, lists.fixed);
        const int threads = req.metrics_options.threads;
        if (run.voice.speaks()) {
          RunEstimate e = EstimateAround(threads, InputFileBytes(req.in), false);
          PrintTreeRowsEstimate(run.voice.name, csr, sources.size(), RowBytes(csr, sources.size()), threads,
                                CandidateRowsBackend(csr, sources.size(), threads, req.backend).backend, e, true);
        }
        const CandidateRows<T> rows =
            ComputeCandidateRows(csr, std::move(sources), direction, threads, req.backend, bar.Callback());
        bar.Finish();
        return CenterReport(rows.view, DistanceMeta(csr.directed, csr.labels), run, nullptr, &rows.vertices, &lists);
      },
      any);
}

}  // namespace gdist
