#include "lib/pipeline/center_table.hpp"

#include <algorithm>

#include "formats/read_graph.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/candidate_rows.hpp"
#include "lib/pipeline/center_siting.hpp"
#include "lib/pipeline/cost_matrix_siting.hpp"
#include "lib/pipeline/distance_table.hpp"
#include "lib/pipeline/graph_map.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/siting/siting_files.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

// A table's rows and columns are named apart: reported as a cost table's.
MatrixMeta TableMeta(const CostMatrixNames& names) {
  MatrixMeta meta;
  meta.directed = true;  // rows and columns are different vertices: never read as symmetric
  meta.kind = MatrixKind::kDistance;
  meta.labels = names.all;
  return meta;
}

// Facility f is vertex D + f (cost_matrix_siting.hpp's numbering).
std::vector<std::uint32_t> FacilityVertices(std::size_t demands, std::size_t facilities) {
  std::vector<std::uint32_t> v(facilities);
  for (std::size_t f = 0; f < facilities; ++f) v[f] = static_cast<std::uint32_t>(demands + f);
  return v;
}

void RefuseWholeMatrixAnswers(const CenterRequest& req, const std::string& what) {
  if (req.needs_whole_matrix())
    throw Error(what + " answers a siting model (" + OptionText(Option::kPMedian) + ", " +
                OptionText(Option::kPCenter) + ", " + OptionText(Option::kCover) + ", " +
                OptionText(Option::kMaxCover) + ", ...) with its candidates as sites, not metrics, " +
                OptionText(Option::kPerVertex) + " or pictures");
}

template <class T> std::string TableFileReport(const MappedMatrixFile& file, const CenterRun& run) {
  const MatrixFileInfo& info = file.info();
  RefuseWholeMatrixAnswers(run.req, file.path() + ": a table of " + std::to_string(info.rows()) + " sources x " +
                                        std::to_string(info.n) + " targets");
  if (run.req.direction == "in")
    throw Error(file.path() + ": its rows are distances from the sources to the targets (" +
                OptionText(Option::kDirection, "out") + "); " + OptionText(Option::kDirection, "in") +
                " needs the graph file with " + OptionText(Option::kCandidates) + " and " +
                OptionText(Option::kDemands));
  const CostMatrixNames names(info.meta.labels, info.row_labels);
  const SiteLists lists = ReadSiteLists(run.req, names);
  const std::vector<std::uint32_t> rows = FacilityVertices(info.n, info.rows());
  return CenterReport(file.view<T>(), TableMeta(names), run, nullptr, &rows, &lists);
}

// The candidates' (and fixed sites') rows over the demands, as a cost table.
template <class W> struct DemandTable {
  std::vector<std::uint32_t> facilities, demands;  // graph vertices: rows, columns
  std::vector<W> values;                           // facilities x demands, row-major, stride PaddedSize(D)
};

template <class W> std::string DemandTableReport(CenterRun& run, const DemandTable<W>& t, const VertexLabels& labels,
                                                 const std::vector<std::pair<double, double>>& lon_lat) {
  std::vector<std::string> demand_names, facility_names;
  for (std::uint32_t v : t.demands) demand_names.push_back(labels.label(v));
  for (std::uint32_t v : t.facilities) facility_names.push_back(labels.label(v));
  const CostMatrixNames names(VertexLabels::FromStrings(std::move(demand_names)),
                              VertexLabels::FromStrings(std::move(facility_names)));
  // The maps place each demand and facility where its vertex lies.
  if (!lon_lat.empty()) {
    run.lon_lat.clear();
    for (const auto* side : {&t.demands, &t.facilities})
      for (std::uint32_t v : *side) run.lon_lat.push_back(lon_lat[v]);
  }
  const SiteLists lists = ReadSiteLists(run.req, names);
  const std::vector<std::uint32_t> rows = FacilityVertices(t.demands.size(), t.facilities.size());
  const MatrixView<W> view{t.values.data(), t.demands.size(), PaddedSize(t.demands.size())};
  return CenterReport(view, TableMeta(names), run, nullptr, &rows, &lists);
}

// `table` (k x D, stride D) as the padded rows a siting view reads, or its
// transpose (D x k: the demands' distances into the candidates, --direction in).
template <class W>
std::vector<W> PaddedRows(const std::vector<W>& table, std::size_t k, std::size_t d, bool transpose) {
  const std::size_t stride = PaddedSize(d);
  std::vector<W> out(std::max<std::size_t>(1, k) * stride, ElementTraits<W>::kInf);
  for (std::size_t f = 0; f < k; ++f)
    for (std::size_t u = 0; u < d; ++u) out[f * stride + u] = transpose ? table[u * k + f] : table[f * d + u];
  return out;
}

// The facilities and demands of the run, as vertices of a graph labelled `labels`.
template <class W> DemandTable<W> TableVertices(const CenterRequest& req, const VertexLabels& labels, std::size_t n) {
  const SiteLists lists = ReadSiteLists(req, labels, n);
  DemandTable<W> t;
  t.facilities = RowVerticesFor(*lists.candidates, lists.fixed);
  t.demands = ReadVertexListFile(req.demands, labels);
  return t;
}

std::string OnHierarchy(CenterRun& run, Direction direction) {
  const CenterRequest& req = run.req;
  const LoadedHierarchy loaded = LoadHierarchy(req.in, req.GraphInput(), req.metrics_options.threads);
  return std::visit(
      [&](const auto& ch) {
        using W = std::decay_t<decltype(ch.up.weights[0])>;
        DemandTable<W> t = TableVertices<W>(req, ch.labels, ch.n);
        const bool in = direction == Direction::kIn;
        const std::vector<W> table = in ? HierarchyTable(ch, t.demands, t.facilities, req.metrics_options.threads)
                                        : HierarchyTable(ch, t.facilities, t.demands, req.metrics_options.threads);
        t.values = PaddedRows(table, t.facilities.size(), t.demands.size(), in);
        const auto lon_lat = !req.geojson.empty()
                                 ? GraphMapLonLat(loaded.lon_lat, ch.labels, req.in, req.pictures.coordinates)
                                 : loaded.lon_lat;
        return DemandTableReport(run, t, ch.labels, lon_lat);
      },
      loaded.hierarchy);
}

std::string OnTrees(CenterRun& run, Direction direction) {
  const CenterRequest& req = run.req;
  Graph g = ReadGraph(req.in, req.input.read);
  if (const auto kind = req.LargestComponentKind()) KeepLargestComponent(&g, *kind);
  const std::vector<std::pair<double, double>> lon_lat =
      !req.geojson.empty() ? GraphMapLonLat(g, req.in, req.pictures.coordinates) : g.lon_lat;
  const AnyCsrGraph any = CsrFromGraph(g, req.input, req.in, req.metrics_options.threads);
  return std::visit(
      [&](const auto& csr) {
        using W = std::decay_t<decltype(csr.max_abs_weight)>;
        DemandTable<W> t = TableVertices<W>(req, csr.labels, csr.n);
        const std::vector<W> table =
            TreeTable(csr, t.facilities, t.demands, direction, req.metrics_options.threads, req.backend);
        t.values = PaddedRows(table, t.facilities.size(), t.demands.size(), false);
        return DemandTableReport(run, t, csr.labels, lon_lat);
      },
      any);
}

}  // namespace

std::string CenterOnTableFile(const MappedMatrixFile& file, const CenterRun& run) {
  return DispatchElement(file.info().type, [&](auto zero) { return TableFileReport<decltype(zero)>(file, run); });
}

std::string CenterOnDemandTable(CenterRun& run) {
  const CenterRequest& req = run.req;
  RefuseWholeMatrixAnswers(req, OptionText(Option::kDemands) + ": a candidates x demands table");
  if (req.candidates.empty())
    throw Error(OptionText(Option::kDemands) + " needs " + OptionText(Option::kCandidates) +
                " (the table's rows: the vertices that may host a site)");
  if (IsMatrixFile(req.in))
    throw Error(req.in + ": a matrix file; " + OptionText(Option::kDemands) +
                " picks the demands of a graph file (a matrix's demands are its columns)");
  Direction direction = Direction::kOut;
  ParseDirection(req.direction, &direction);
  const bool hierarchy = IsHierarchyInput(req.in) || req.engine == ApspAlgorithm::kHierarchy;
  return hierarchy ? OnHierarchy(run, direction) : OnTrees(run, direction);
}

}  // namespace gdist
