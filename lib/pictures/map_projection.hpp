// Longitude/latitude (degrees) drawn as a map: equirectangular at the mean
// latitude of the placed points, x = lon cos(lat0), y = lat, so that east-west
// and north-south lengths keep their ratio around lat0 (a city or a region;
// what GIS previews call plate carree at a standard parallel). NaN stays NaN
// (an unplaced vertex); longitudes are not unwrapped across the antimeridian.
#pragma once
#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

#include "lib/core/great_circle.hpp"
#include "lib/pictures/layout_2d.hpp"

namespace gdist {

// One unit of the projection (a degree of latitude, or of longitude times
// cos(lat0)) in metres on the sphere of great_circle.hpp: the scale bar's
// conversion, exact along the meridians and along the parallel lat0.
inline constexpr double kMetresPerProjectedUnit = kMeanEarthRadiusMetres * std::numbers::pi / 180.0;

inline std::vector<Point2> ProjectLonLat(const std::vector<std::pair<double, double>>& lon_lat) {
  double lat_sum = 0;
  std::size_t placed = 0;
  for (const auto& [lon, lat] : lon_lat)
    if (!std::isnan(lon) && !std::isnan(lat)) lat_sum += lat, ++placed;
  const double lat0 = placed ? lat_sum / static_cast<double>(placed) : 0.0;
  const double shrink = std::cos(lat0 * std::numbers::pi / 180.0);
  std::vector<Point2> xy;
  xy.reserve(lon_lat.size());
  for (const auto& [lon, lat] : lon_lat) xy.emplace_back(lon * shrink, lat);
  return xy;
}

}  // namespace gdist
