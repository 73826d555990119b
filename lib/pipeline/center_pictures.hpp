// The center run's pictures (gcenter --svg, --histogram, --coordinates): the
// map (sites, service areas, center), the distance distribution, and where
// vertices are drawn (a DIMACS .co beside a .gr input is found by itself).
// Written through AtomicFile, so inside the run's OutputGroup they are
// committed with the other outputs or not at all.
#pragma once
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
#include "lib/util/atomic_file.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

struct PictureRequest {
  std::string svg;              // the map (SVG)
  std::string histogram;        // the distance distribution (SVG)
  std::string coordinates;      // where vertices are drawn (empty: a .co beside the input, else a layout)
  bool histogram_text = false;  // the histogram's bins in the text report (--histogram, with or without FILE)

  bool any() const { return !svg.empty() || !histogram.empty(); }
};

// The coordinates file to use for `input` (the flag, else a companion .co), or none.
inline std::optional<std::string> CoordinatesFor(const PictureRequest& flags, const std::string& input) {
  if (!flags.coordinates.empty()) return flags.coordinates;
  if (flags.svg.empty()) return std::nullopt;
  return CompanionCoordinates(input);
}

// lon_lat: the input's own longitude/latitude per vertex (OpenStreetMap), or
// empty; then a coordinates file (a DIMACS .co holds millionths of degrees).
// Geographic coordinates are drawn projected (map_projection.hpp).
template <class T>
void WritePictures(const PictureRequest& flags, const MatrixView<T>& d, const MatrixMeta& meta,
                   const std::vector<std::pair<double, double>>& lon_lat,
                   const std::optional<std::string>& coordinates_file, const DistanceMetrics* metrics,
                   const SitingProblem<T>* prob, const std::vector<NamedResult>& done,
                   std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs, const RunVoice& voice) {
  if (!flags.histogram.empty() && metrics) {
    const DistanceHistogram& h = metrics->centrality.histogram;
    std::vector<double> counts(h.counts.begin(), h.counts.end());
    WriteTextFile(flags.histogram, HistogramSvg(h.min, h.bin_width, counts,
                                                {"Shortest-path distances (" +
                                                     FormatNumber(double(metrics->centrality.reachable_pairs)) +
                                                     (meta.directed ? " ordered pairs)" : " pairs)"),
                                                 "distance", "pairs"}));
  }
  if (flags.svg.empty()) return;
  SiteMap map;
  std::optional<std::vector<Point2>> given;
  if (!lon_lat.empty()) {
    given = ProjectLonLat(lon_lat);
    map.y_up = true;  // maps: north (larger y) is up
  } else if (coordinates_file) {
    Coordinates c = ReadCoordinates(*coordinates_file, meta.labels);
    if (c.geographic) {
      for (auto& [x, y] : c.xy) x /= kDimacsUnitsPerDegree, y /= kDimacsUnitsPerDegree;
      given = ProjectLonLat(c.xy);
    } else {
      given = std::move(c.xy);
    }
    map.y_up = true;
  }
  std::string note;
  map.position = MapPositions(d, given, &note);
  voice.Note(OptionText(Option::kSvg) + ": " + note);
  map.arcs = std::move(arcs);
  if (metrics)
    for (std::size_t c : metrics->summary.center) map.center.push_back(std::uint32_t(c));
  map.title = std::to_string(d.n) + " vertices";
  if (prob && !done.empty()) {
    AddSiting(&map, *prob, *done.front().result, meta.labels);
    map.title = done.front().model + ": " + std::to_string(done.front().result->sites.size()) + " sites, objective " +
                FormatNumber(done.front().result->objective);
  } else if (!map.center.empty()) {
    map.title += ", center ringed";
  }
  WriteTextFile(flags.svg, SiteMapSvg(map));
}

}  // namespace gdist
