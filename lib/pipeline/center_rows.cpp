#include "lib/pipeline/center_rows.hpp"

#include "formats/cost_matrix.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/apsp_progress_bar.hpp"
#include "lib/pipeline/candidate_rows.hpp"
#include "lib/pipeline/cost_matrix_siting.hpp"
#include "lib/pipeline/graph_map.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/pipeline/place_siting.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/sparse_estimate.hpp"
#include "lib/plan/run_context.hpp"
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

// A siting-rows input asked for a map it cannot draw: the maps it can.
std::string RowsMapHint(const CenterRequest& req) {
  return req.pictures.svg.empty() ? ""
                                  : "; its siting's map: " + OptionText(Option::kSvg) + " FILE with " +
                                        OptionText(Option::kCoordinates, "FILE") + " (DIMACS .co or 'label x y' lines)";
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
                ") with its sources as candidates, not metrics, " + OptionText(Option::kPerVertex) + " or pictures" +
                RowsMapHint(req));
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
  if (!req.geojson.empty() && req.pictures.coordinates.empty())
    throw Error(OptionText(Option::kCostMatrix) + ": a cost table keeps no longitude/latitude, so " +
                OptionText(Option::kGeoJson) + " has nothing to place; give " +
                OptionText(Option::kCoordinates, "FILE") +
                " ('label longitude latitude' lines for its demands and facilities), or site at " +
                OptionText(Option::kPlaces, "P.csv") + " on the road graph, whose GeoJSON places every demand");
  if (req.needs_whole_matrix())
    throw Error(OptionText(Option::kCostMatrix) + ": a demand x facility cost table answers a siting model (" +
                SitingModelOptions() + "), not metrics, " + OptionText(Option::kPerVertex) + " or pictures" +
                RowsMapHint(req));
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

std::string CenterOnCostMatrix(CenterRun& run) {
  CheckCostMatrixRequest(run.req);
  const CostMatrix table = ReadCostMatrix(run.req.cost_matrix, run.req.input.read.limits);
  if (!run.req.geojson.empty())
    run.lon_lat = CoordinatesLonLat(run.req.pictures.coordinates, CostMatrixNames(table).all);
  return CenterOnCostTable(run, table, std::nullopt);
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
  // The cost table's vertices (demands, then facilities) where the places lie: --svg draws them there.
  if (!req.pictures.svg.empty())
    for (const PlacesFile* side : {&places.demands, &places.facilities})
      for (const Place& p : side->places) run.lon_lat.emplace_back(p.lon, p.lat);
  return CenterOnCostTable(run, places.costs, PlaceWeights(places));
}

std::string CenterOnHierarchyCandidates(CenterRun& run) {
  const CenterRequest& req = run.req;
  // --largest-component: the part kept is contracted (a saved hierarchy refuses it).
  const LoadedHierarchy loaded = LoadHierarchy(req.in, req.GraphInput(), req.metrics_options.threads);
  return std::visit(
      [&](const auto& ch) {
        // The maps: an OpenStreetMap graph's own coordinates (a .co is read by the pictures; a .gch keeps none).
        if (!req.geojson.empty())
          run.lon_lat = GraphMapLonLat(loaded.lon_lat, ch.labels, req.in, req.pictures.coordinates);
        else if (!req.pictures.svg.empty()) run.lon_lat = loaded.lon_lat;
        using W = std::decay_t<decltype(ch.up.weights[0])>;
        const SiteLists lists = ReadSiteLists(req, ch.labels, ch.n);
        Direction direction = Direction::kOut;
        ParseDirection(req.direction, &direction);
        std::vector<std::uint32_t> vertices = RowVerticesFor(*lists.candidates, lists.fixed);
        // The plan (--json's): the hierarchy's PHAST rows on the CPU, contracted now or read.
        PlanRequest question;
        question.question = PlanQuestion::kRows;
        question.rows = vertices.size();
        question.algorithm = ApspAlgorithm::kHierarchy;
        question.hierarchy_saved = loaded.from_file;
        question.input_bytes = InputFileBytes(req.in);
        question.input_matrix_file = loaded.from_file;
        const GraphShape shape{ch.n, ch.up.size() + ch.down.size(), TreeMethod::kDijkstraRadix, ElementTraits<W>::kType,
                               true};
        run.plan = PlanDistances(question, shape, RunContext(req.metrics_options.threads, Backend::kCpu));
        const auto rows = HierarchyCandidateRows(ch, std::move(vertices), direction, req.metrics_options.threads);
        return CenterReport(rows.view, DistanceMeta(ch.directed, ch.labels), run, nullptr, &rows.vertices, &lists);
      },
      loaded.hierarchy);
}

std::string CenterOnCandidateTrees(CenterRun& run) {
  const CenterRequest& req = run.req;
  Graph g = ReadGraph(req.in, req.input.read);
  // --largest-component: the demands and candidates of the kept part only (one-way stubs of an
  // OpenStreetMap extract reach no site, which made every model infeasible).
  if (const auto kind = req.LargestComponentKind()) {
    const std::size_t before = g.n;
    KeepLargestComponent(&g, *kind);
    run.voice.Note(req.in + ": the largest " + req.largest_component + " component keeps " + std::to_string(g.n) +
                   " of " + std::to_string(before) + " vertices");
  }
  // The maps, from the graph's coordinates: --geojson needs every vertex placed; --svg draws the roads
  // under the sites when they are few enough to stay a light background (site_map.hpp).
  if (!req.geojson.empty()) run.lon_lat = GraphMapLonLat(g, req.in, req.pictures.coordinates);
  else if (!req.pictures.svg.empty()) run.lon_lat = g.lon_lat;
  if (!req.pictures.svg.empty() && g.edges.size() <= kMapMaxArcs)
    for (const Edge& e : g.edges) run.arcs.emplace_back(e.from, e.to);
  else if (!req.pictures.svg.empty())
    run.voice.Note(OptionText(Option::kSvg) + ": " + std::to_string(g.edges.size()) + " arcs, more than " +
                   std::to_string(kMapMaxArcs) + ": the roads are not drawn (the file stays small)");
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
        // The plan (--json's): the candidates' trees, or auto's hierarchy on trial where it pays.
        run.plan = PlanCandidateRows(csr, sources.size(), req.engine, RunContext(threads, req.backend),
                                     InputFileBytes(req.in));
        // The line before the trees (a trial's outcome is not known before it ends).
        if (run.voice.speaks() && run.plan->hierarchy_trial_s == 0)
          PrintTreeRowsEstimate(run.voice.name, csr, sources.size(), RowBytes(csr, sources.size()), threads,
                                run.plan->backend, run.plan->estimate, false);
        const CandidateRows<T> rows =
            PlannedCandidateRows(csr, std::move(sources), direction, threads, req.backend, *run.plan, bar.Callback());
        bar.Finish();
        return CenterReport(rows.view, DistanceMeta(csr.directed, csr.labels), run, nullptr, &rows.vertices, &lists);
      },
      any);
}

}  // namespace gdist
