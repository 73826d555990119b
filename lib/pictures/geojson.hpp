// Maps out as GeoJSON (RFC 7946): one FeatureCollection of Points,
// LineStrings and MultiLineStrings in WGS84 longitude/latitude degrees (no
// "crs" member: RFC 7946 fixes it), each feature with flat properties a GIS
// user can style by (numbers, strings; null for "none", such as no path).
// QGIS, kepler.gl, geopandas and Leaflet read it as it is.
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace gdist {

using LonLat = std::pair<double, double>;  // degrees: longitude, then latitude (RFC 7946's order)

// A property's value: text, a number (non-finite: null), or null.
using GeoValue = std::variant<std::string, double, std::nullptr_t>;

struct GeoFeature {
  enum class Kind { kPoint, kLineString, kMultiLineString };
  Kind kind = Kind::kPoint;
  // kPoint: parts[0][0]; kLineString: parts[0] (two positions or more);
  // kMultiLineString: every part.
  std::vector<std::vector<LonLat>> parts;
  std::vector<std::pair<std::string, GeoValue>> properties;

  static GeoFeature Point(LonLat at) { return {Kind::kPoint, {{at}}, {}}; }
  static GeoFeature Line(std::vector<LonLat> line) { return {Kind::kLineString, {std::move(line)}, {}}; }
  GeoFeature& With(std::string key, GeoValue value) {
    properties.emplace_back(std::move(key), std::move(value));
    return *this;
  }
};

// The FeatureCollection's text (one line per feature, so diffs and `grep` work).
std::string GeoJsonText(const std::vector<GeoFeature>& features);

// Written atomically (AtomicFile; inside an OutputGroup, with the run's other files).
void WriteGeoJson(const std::string& path, const std::vector<GeoFeature>& features);

}  // namespace gdist
