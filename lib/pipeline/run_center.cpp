#include "lib/pipeline/run_center.hpp"

#include <filesystem>

#include "formats/read_graph.hpp"
#include "lib/matrix/decimal_matrix.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/center_graph.hpp"
#include "lib/pipeline/center_rows.hpp"
#include "lib/pipeline/center_table.hpp"
#include "lib/pipeline/graph_map.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

std::string Run(CenterRun& run) {
  const CenterRequest& req = run.req;
  const std::string& in = req.in;
  if (!req.cost_matrix.empty()) return CenterOnCostMatrix(run);
  if (!req.places.empty()) return CenterOnPlaces(run);
  if (!req.demands.empty()) return CenterOnDemandTable(run);
  if (!req.geojson.empty() && req.pictures.coordinates.empty() &&
      (req.input.read.format == InputFormat::kAuto && IsMatrixFile(in) && !MatrixFileHasCoordinates(in)))
    throw Error(in + ": this matrix file keeps no coordinates; " + OptionText(Option::kGeoJson) +
                " needs the graph file (an OpenStreetMap extract, or a graph with a .co), a matrix written from "
                "an OpenStreetMap extract (which keeps its vertices' coordinates), or " +
                OptionText(Option::kCoordinates, "FILE") + " (a DIMACS .co, or 'label longitude latitude' lines)");
  if (!req.geojson.empty() && req.pictures.coordinates.empty() && IsHierarchyInput(in))
    throw Error(in + ": a saved hierarchy keeps no coordinates; " + OptionText(Option::kGeoJson) +
                " needs the graph file, or " + OptionText(Option::kCoordinates, "FILE") +
                " (a DIMACS .co, or 'label longitude latitude' lines)");
  const bool matrix_file = req.input.read.format == InputFormat::kAuto && IsMatrixFile(in);
  if (matrix_file) {
    MappedMatrixFile file(in, /*verify_crc=*/true, /*allow_rectangular=*/true);
    // The maps: --coordinates FILE when given, else the file's own coordinate section.
    if (req.pictures.coordinates.empty() && (!req.geojson.empty() || !req.pictures.svg.empty()))
      run.lon_lat = file.info().meta.lon_lat;
    else if (!req.geojson.empty()) run.lon_lat = CoordinatesLonLat(req.pictures.coordinates, file.info().meta.labels);
    if (file.info().meta.kind == MatrixKind::kDistance && (req.engine_given || !req.largest_component.empty()))
      throw Error(in + ": a distance matrix file; " + OptionText(Option::kEngine) + " and " +
                  OptionText(Option::kLargestComponent) + " apply to graph files");
    // Exact decimals (lib/core/decimal_scale.hpp): the metrics print the scale
    // back; siting and pictures read plain numbers, the nearest doubles.
    const bool descale = file.info().meta.decimal_scale > 0 && (req.any_siting() || req.pictures.any());
    if (file.info().rectangular && descale)
      throw Error(in + ": holds rows of exact decimals (" + std::to_string(file.info().meta.decimal_scale) +
                  " decimal places), which siting reads as plain numbers from a square matrix only; write the "
                  "rows with " +
                  OptionText(Option::kType, "float64") + ", or site on the graph file");
    if (file.info().table) return CenterOnTableFile(file, run);
    if (file.info().rectangular) return CenterOnRectangularFile(file, run);
    if (file.info().meta.kind == MatrixKind::kDistance)
      return DispatchElement(file.info().type, [&](auto zero) {
        using T = decltype(zero);
        if (descale) {
          const DistMatrix<double> plain = DescaledMatrix(file.view<T>(), file.info().meta);
          return CenterReport(plain.view(), plain.meta(), run);
        }
        return CenterReport(file.view<T>(), file.info().meta, run);
      });
  }
  const bool saved_hierarchy = IsHierarchyInput(in);
  const bool hierarchy = saved_hierarchy || req.engine == ApspAlgorithm::kHierarchy;
  if (hierarchy && !req.candidates.empty() && !req.needs_whole_matrix()) return CenterOnHierarchyCandidates(run);
  if (saved_hierarchy &&
      (req.any_siting() || req.pictures.any() || !req.geojson.empty() || !req.largest_component.empty()))
    throw Error(in + ": a saved hierarchy answers metrics, and siting on " + OptionText(Option::kCandidates) +
                " (its maps: " + OptionText(Option::kSvg) + " or " + OptionText(Option::kGeoJson) + " with " +
                OptionText(Option::kCoordinates, "FILE") + ", as it keeps no coordinates); other pictures and " +
                OptionText(Option::kLargestComponent) + " need the graph file");
  if (saved_hierarchy) return CenterOnSavedHierarchy(run);
  if (hierarchy && (req.any_siting() || req.pictures.any() || !req.geojson.empty()))
    throw Error(OptionText(Option::kEngine, "hierarchy") + ": siting runs on " + OptionText(Option::kCandidates) +
                " rows, and pictures need the matrix");
  if (!matrix_file && !req.candidates.empty() && !req.needs_whole_matrix()) return CenterOnCandidateTrees(run);
  if (!matrix_file) return CenterOnGraph(run);
  if (req.engine == ApspAlgorithm::kTrees || !req.largest_component.empty())
    throw Error(in + ": an adjacency matrix file; " + OptionText(Option::kEngine, "trees") + " and " +
                OptionText(Option::kLargestComponent) + " need a graph file");
  return CenterOnAdjacencyMatrix(run);
}

// Whether the input places its vertices by itself (places, a .co beside it,
// an OpenStreetMap extract): then --svg needs no layout, so no whole matrix.
// Only a regular file is looked into (a FIFO would lose what is read).
bool InputPlacesVertices(const CenterRequest& req, const std::optional<std::string>& coordinates_file) {
  if (coordinates_file || !req.places.empty()) return true;
  const std::string& in = req.in;
  std::error_code ec;
  if (in.empty() || !std::filesystem::is_regular_file(in, ec) || IsHierarchyInput(in)) return false;
  if (IsMatrixFile(in)) return MatrixFileHasCoordinates(in);
  if (req.input.read.format != InputFormat::kAuto) return req.input.read.format == InputFormat::kOsm;
  try {
    return DetectFormat(in) == InputFormat::kOsm;
  } catch (const Error&) {
    return false;  // the reader says what is wrong with it
  }
}

}  // namespace

CenterResult RunCenter(const CenterRequest& request, const RunVoice& voice) {
  CenterRequest req = request;
  std::optional<std::string> coordinates = CoordinatesFor(req.pictures, req.in);
  if (!req.pictures.svg.empty()) req.pictures.placed = InputPlacesVertices(req, coordinates);
  CenterRun run{req, voice, std::move(coordinates), std::nullopt, {}, nullptr, {}};
  return CenterResult{Run(run)};
}

}  // namespace gdist
