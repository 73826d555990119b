// Great-circle distance on a sphere of the Earth's mean radius: the one
// place the radius lives (OpenStreetMap way lengths, and later the snapping
// of places to the network). libosmium's own haversine uses 6372797.56 m (the
// quadratic mean radius), so gdist computes with the radius it documents.
#pragma once
#include <cmath>
#include <numbers>

namespace gdist {

// IUGG mean Earth radius R1 = (2a + b) / 3 of WGS84, in metres.
inline constexpr double kMeanEarthRadiusMetres = 6371008.8;

// Haversine distance in metres between two points given in degrees.
inline double GreatCircleMetres(double lat1_deg, double lon1_deg, double lat2_deg, double lon2_deg) {
  constexpr double kRadiansPerDegree = std::numbers::pi / 180.0;
  const double half_dlat = std::sin((lat2_deg - lat1_deg) * kRadiansPerDegree * 0.5);
  const double half_dlon = std::sin((lon2_deg - lon1_deg) * kRadiansPerDegree * 0.5);
  const double h = half_dlat * half_dlat + std::cos(lat1_deg * kRadiansPerDegree) *
                                               std::cos(lat2_deg * kRadiansPerDegree) * half_dlon * half_dlon;
  // min: rounding may push h a hair past 1 for antipodal points.
  return 2.0 * kMeanEarthRadiusMetres * std::asin(std::sqrt(std::fmin(1.0, h)));
}

}  // namespace gdist
