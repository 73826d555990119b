#include "lib/pipeline/place_snap.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "formats/coordinates.hpp"
#include "lib/core/great_circle.hpp"
#include "lib/util/csv_field.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

#ifdef GDIST_HAVE_NANOFLANN
#include <nanoflann.hpp>
#endif

namespace gdist {

namespace {

#ifdef GDIST_HAVE_NANOFLANN
// A point on the unit sphere: chord length grows with the great-circle angle.
std::array<double, 3> UnitVector(double lon_deg, double lat_deg) {
  constexpr double kRadiansPerDegree = std::numbers::pi / 180.0;
  const double lat = lat_deg * kRadiansPerDegree, lon = lon_deg * kRadiansPerDegree;
  return {std::cos(lat) * std::cos(lon), std::cos(lat) * std::sin(lon), std::sin(lat)};
}

// nanoflann's dataset interface over the vertices that have coordinates.
struct SpherePoints {
  std::vector<std::array<double, 3>> xyz;
  std::vector<std::uint32_t> vertex;  // xyz[i] is this vertex

  std::size_t kdtree_get_point_count() const { return xyz.size(); }
  double kdtree_get_pt(std::size_t i, std::size_t dim) const { return xyz[i][dim]; }
  template <class Box> bool kdtree_get_bbox(Box&) const { return false; }
};
using SphereTree = nanoflann::KDTreeSingleIndexAdaptor<nanoflann::L2_Simple_Adaptor<double, SpherePoints>, SpherePoints,
                                                       3, std::uint32_t>;
#endif

}  // namespace

bool ParseSnapMode(std::string_view name, SnapMode* out) {
  if (name == "arc") *out = SnapMode::kArc;
  else if (name == "vertex") *out = SnapMode::kVertex;
  else return false;
  return true;
}

const char* SnapModeName(SnapMode mode) { return mode == SnapMode::kArc ? "arc" : "vertex"; }

bool PlaceSnappingAvailable() {
#ifdef GDIST_HAVE_NANOFLANN
  return true;
#else
  return false;
#endif
}

std::vector<std::pair<double, double>> VertexLonLat(const Graph& g, const std::string& input) {
  return VertexLonLat(g.lon_lat, g.labels, input);
}

std::vector<std::pair<double, double>> VertexLonLat(const std::vector<std::pair<double, double>>& lon_lat,
                                                    const VertexLabels& labels, const std::string& input) {
  if (!lon_lat.empty()) return lon_lat;
  if (const auto co = CompanionCoordinates(input)) {
    Coordinates c = ReadCoordinates(*co, labels);
    if (c.geographic) {
      for (auto& [x, y] : c.xy) {
        x /= kDimacsUnitsPerDegree;
        y /= kDimacsUnitsPerDegree;
      }
      return std::move(c.xy);
    }
  }
  throw Error(input +
              ": has no coordinates; places and maps need an OpenStreetMap extract or a graph with a DIMACS .co "
              "(longitude and latitude) beside it");
}

std::vector<PlaceSnap> SnapPlaces(const std::vector<std::pair<double, double>>& lon_lat, const PlacesFile& places,
                                  double max_snap_m) {
#ifndef GDIST_HAVE_NANOFLANN
  (void)lon_lat;
  (void)max_snap_m;
  throw Error(places.path +
              ": places need the k-d tree library nanoflann, absent from this build (apt install libnanoflann-dev, "
              "then rebuild)");
#else
  SpherePoints points;
  for (std::size_t v = 0; v < lon_lat.size(); ++v) {
    const auto [lon, lat] = lon_lat[v];
    if (std::isnan(lon) || std::isnan(lat)) continue;
    points.xyz.push_back(UnitVector(lon, lat));
    points.vertex.push_back(static_cast<std::uint32_t>(v));
  }
  if (points.xyz.empty()) throw Error(places.path + ": the network has no vertex with coordinates to snap to");
  SphereTree tree(3, points, nanoflann::KDTreeSingleIndexAdaptorParams(/*leaf_max_size=*/16));
  std::vector<PlaceSnap> snaps(places.places.size());
  for (std::size_t i = 0; i < places.places.size(); ++i) {
    const Place& p = places.places[i];
    const std::array<double, 3> q = UnitVector(p.lon, p.lat);
    std::uint32_t nearest = 0;
    double chord2 = 0;
    tree.knnSearch(q.data(), 1, &nearest, &chord2);
    const std::uint32_t v = points.vertex[nearest];
    snaps[i].vertex = v;
    snaps[i].metres = GreatCircleMetres(p.lat, p.lon, lon_lat[v].second, lon_lat[v].first);
  }
  RefuseFarPlaces(places, snaps, max_snap_m);
  return snaps;
#endif
}

void RefuseFarPlaces(const PlacesFile& places, const std::vector<PlaceSnap>& snaps, double max_snap_m) {
  std::string far;  // the refused places, listed
  std::size_t far_count = 0;
  for (std::size_t i = 0; i < snaps.size(); ++i) {
    if (!(snaps[i].metres > max_snap_m)) continue;
    // The first few named in full; the count says how many in all.
    constexpr std::size_t kListed = 10;
    const Place& p = places.places[i];
    if (far_count++ < kListed)
      far += "\n  line " + std::to_string(p.line) + ": '" + p.name + "' is " + FormatNumber(snaps[i].metres) +
             (snaps[i].on_arc ? " m from the nearest arc" : " m from the nearest vertex");
  }
  if (far_count > 0)
    throw Error(places.path + ": " + std::to_string(far_count) + " of " + std::to_string(places.places.size()) +
                " places lie farther than " + FormatNumber(max_snap_m) + " m from the network (" +
                OptionText(Option::kMaxSnap) +
                " raises the limit; check their coordinates and the extract's bounds):" + far);
}

std::string SnappedPlacesCsv(const PlacesFile& places, const std::vector<PlaceSnap>& snaps,
                             const std::vector<std::pair<double, double>>& lon_lat, const VertexLabels& labels) {
  std::string text = "name,lat,lon,vertex,vertex_lat,vertex_lon,snap_m,arc_from,arc_to,along_m\n";
  for (std::size_t i = 0; i < snaps.size(); ++i) {
    const Place& p = places.places[i];
    const PlaceSnap& s = snaps[i];
    const auto [lon, lat] = lon_lat.at(s.vertex);
    text += CsvField(p.name) + "," + ExactText(p.lat) + "," + ExactText(p.lon) + "," +
            CsvField(labels.label(s.vertex)) + "," + ExactText(lat) + "," + ExactText(lon) + "," + ExactText(s.metres) +
            ",";
    if (s.arc_from != kNoArcEnd)
      text += CsvField(labels.label(s.arc_from)) + "," + CsvField(labels.label(s.arc_to)) + "," + ExactText(s.along_m);
    else text += ",,";
    text += "\n";
  }
  return text;
}

std::string SnapSummary(const PlacesFile& places, const std::vector<PlaceSnap>& snaps) {
  if (snaps.empty()) return "no places";
  std::vector<double> metres;
  std::size_t largest = 0, between = 0;
  for (std::size_t i = 0; i < snaps.size(); ++i) {
    metres.push_back(snaps[i].metres);
    if (snaps[i].metres > snaps[largest].metres) largest = i;
    between += snaps[i].arc_from != kNoArcEnd;
  }
  std::nth_element(metres.begin(), metres.begin() + metres.size() / 2, metres.end());
  const std::string where = snaps[0].on_arc
                                ? "the nearest point of an arc (" + std::to_string(between) + " between its ends)"
                                : std::string("the nearest vertex");
  return std::to_string(snaps.size()) + " places snapped to " + where + ": median " +
         FormatNumber(std::round(metres[metres.size() / 2] * 10) / 10) + " m, largest " +
         FormatNumber(std::round(snaps[largest].metres * 10) / 10) + " m ('" + places.places[largest].name + "')";
}

}  // namespace gdist
