// The center run's pictures (gcenter --svg, --histogram, --coordinates): the
// map (sites, service areas, center), the distance distribution, and where
// vertices are drawn (a DIMACS .co beside a .gr input is found by itself).
// Written through AtomicFile, so inside the run's OutputGroup they are
// committed with the other outputs or not at all.
#pragma once
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "formats/coordinates.hpp"
#include "lib/metrics/distance_metrics.hpp"
#include "lib/pictures/answer_map.hpp"
#include "lib/pictures/chart.hpp"
#include "lib/pictures/map_projection.hpp"
#include "lib/pipeline/run_voice.hpp"
#include "lib/siting/siting_files.hpp"
#include "lib/siting/siting_report.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

struct PictureRequest {
  std::string svg;              // the map (SVG)
  std::string histogram;        // the distance distribution (SVG)
  std::string coordinates;      // where vertices are drawn (empty: a .co beside the input, else a layout)
  bool histogram_text = false;  // the histogram's bins in the text report (--histogram, with or without FILE)
  bool placed = false;          // set by the run: the input places its vertices (OpenStreetMap, a .co, places)

  bool any() const { return !svg.empty() || !histogram.empty(); }
  // The map drawn where the input's coordinates put the vertices: no layout,
  // so siting rows suffice (no whole matrix); else a layout of the distances.
  bool svg_from_coordinates() const { return !svg.empty() && (placed || !coordinates.empty()); }
};

// The coordinates file to use for `input` (the flag, else a companion .co), or none.
inline std::optional<std::string> CoordinatesFor(const PictureRequest& flags, const std::string& input) {
  if (!flags.coordinates.empty()) return flags.coordinates;
  if (flags.svg.empty()) return std::nullopt;
  return CompanionCoordinates(input);
}

// Where the input places its vertices: its own longitude/latitude
// (OpenStreetMap), else a coordinates file (a DIMACS .co holds millionths of
// degrees; a 'label x y' table any units). Geographic ones are projected
// (map_projection.hpp), with the projection's metres per unit for the scale bar.
struct VertexPlacement {
  std::optional<std::vector<Point2>> xy;  // none: the input places nothing
  double metres_per_unit = 0;             // 0: not geographic
};

inline VertexPlacement PlaceVertices(const std::vector<std::pair<double, double>>& lon_lat,
                                     const std::optional<std::string>& coordinates_file, const VertexLabels& labels) {
  VertexPlacement out;
  if (!lon_lat.empty()) {
    out.xy = ProjectLonLat(lon_lat);
    out.metres_per_unit = kMetresPerProjectedUnit;
  } else if (coordinates_file) {
    Coordinates c = ReadCoordinates(*coordinates_file, labels);
    if (c.geographic) {
      for (auto& [x, y] : c.xy) x /= kDimacsUnitsPerDegree, y /= kDimacsUnitsPerDegree;
      out.xy = ProjectLonLat(c.xy);
      out.metres_per_unit = kMetresPerProjectedUnit;
    } else {
      out.xy = std::move(c.xy);
    }
  }
  return out;
}

// The marks every map shares: the first model's sites and assignment, the
// center and periphery when the metrics ran, the title.
template <class T> void AddAnswer(SiteMap* map, std::size_t n, const MatrixMeta& meta, const DistanceMetrics* metrics,
                                  const SitingProblem<T>* prob, const std::vector<NamedResult>& done) {
  if (metrics) {
    for (std::size_t c : metrics->summary.center) map->center.push_back(std::uint32_t(c));
    for (std::size_t c : metrics->summary.periphery) map->periphery.push_back(std::uint32_t(c));
  }
  map->title = std::to_string(n) + " vertices";
  if (prob && !done.empty()) {
    AddSiting(map, *prob, *done.front().result, meta.labels);
    map->title = done.front().model + ": " + std::to_string(done.front().result->sites.size()) + " sites, objective " +
                 ObjectiveText(*done.front().result);
  } else if (!map->center.empty()) {
    map->title += ", center ringed";
  }
}

// The refusal of --svg on rows of candidates (or a cost table) when nothing
// places the vertices: without the whole matrix there is no layout to draw.
inline std::string RowsMapNeedsCoordinates(const std::string& what) {
  return what + " keeps no coordinates, and without the whole distance matrix there is no layout to draw; " +
         OptionText(Option::kSvg) + " on siting rows needs " + OptionText(Option::kCoordinates, "FILE") +
         " (DIMACS .co or 'label x y' lines; a .co beside a .gr is found by itself) or an OpenStreetMap input";
}

// lon_lat: the input's own longitude/latitude per vertex (OpenStreetMap), or
// empty; then a coordinates file. row_vertex: d holds the rows of these
// vertices only (siting rows): the map needs the input's coordinates (no
// layout without the whole matrix), and vertices without any are not drawn.
template <class T> void WritePictures(const PictureRequest& flags, const MatrixView<T>& d, const MatrixMeta& meta,
                                      const std::vector<std::pair<double, double>>& lon_lat,
                                      const std::optional<std::string>& coordinates_file,
                                      const DistanceMetrics* metrics, const SitingProblem<T>* prob,
                                      const std::vector<NamedResult>& done,
                                      std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs, const RunVoice& voice,
                                      bool rows = false) {
  if (!flags.histogram.empty() && metrics) {
    const DistanceHistogram& h = metrics->centrality.histogram;
    std::vector<double> counts(h.counts.begin(), h.counts.end());
    WriteTextFile(flags.histogram,
                  HistogramSvg(h.min, h.bin_width, counts,
                               {"Shortest-path distances (" + std::to_string(metrics->centrality.reachable_pairs) +
                                    (meta.directed ? " ordered pairs)" : " pairs)"),
                                "distance", "pairs"}));
  }
  if (flags.svg.empty()) return;
  SiteMap map;
  VertexPlacement placed = PlaceVertices(lon_lat, coordinates_file, meta.labels);
  map.y_up = placed.xy.has_value();  // coordinates: larger y (north) is up
  map.metres_per_unit = placed.metres_per_unit;
  std::string note;
  if (rows) {
    if (!placed.xy) throw Error(RowsMapNeedsCoordinates("this input"));
    std::size_t missing = 0;
    for (const auto& [x, y] : *placed.xy) missing += std::isnan(x) || std::isnan(y);
    note = missing ? "coordinates from the input; " + std::to_string(missing) + " vertices have none, not drawn"
                   : "coordinates from the input";
    map.position = std::move(*placed.xy);
  } else {
    map.position = MapPositions(d, placed.xy, &note);
    if (note != "coordinates from the input") map.metres_per_unit = 0, map.unit.clear();  // a layout: no scale
  }
  voice.Note(OptionText(Option::kSvg) + ": " + note);
  map.arcs = std::move(arcs);
  if (map.arcs.size() > kMapMaxArcs)
    voice.Note(OptionText(Option::kSvg) + ": " + std::to_string(map.arcs.size()) + " arcs, more than " +
               std::to_string(kMapMaxArcs) + ": the roads are not drawn (the file stays small)");
  AddAnswer(&map, map.position.size(), meta, metrics, prob, done);
  WriteTextFile(flags.svg, SiteMapSvg(map));
}

}  // namespace gdist
