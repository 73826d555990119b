// The nearest point of a road network to a place, on its arcs rather than at
// its vertices (as OSRM and pgRouting snap): a customer halfway along a long
// street is halfway along it, not at a junction hundreds of metres away.
//
// Arcs are grouped into streets, one polyline each: an OpenStreetMap arc's
// shape (Graph::shapes, the way's nodes between two junctions), else the
// straight segment between its ends; the two directions of a two-way street
// (and parallel arcs between the same ends) share one street. The polylines
// are sampled every kStreetSampleMetres into a k-d tree (nanoflann) on the
// unit sphere; the nearest sample bounds the search, and every segment with a
// sample within that bound plus half a sample step is measured exactly: the
// distance from the place to a segment on the equirectangular projection
// about the place (lon/lat scaled by cos(lat) there), whose error at street
// scale is about d^2 tan|lat| / R (0.16 m at 1 km and 45 degrees, 1.6 mm at
// 100 m) and only decides which point is nearest. The distance reported is
// the great circle from the place to that point, as vertex snapping reports.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "lib/core/graph.hpp"

namespace gdist {

// Samples along the polylines at most this far apart (metres).
inline constexpr double kStreetSampleMetres = 25;

inline constexpr std::uint32_t kNoStreet = 0xFFFFFFFFu;
inline constexpr std::uint32_t kStraightStreet = 0xFFFFFFFFu;  // Street::shape of a straight segment

struct Street {
  std::uint32_t first_end = 0, last_end = 0;  // vertices; the polyline runs from first_end to last_end
  std::uint32_t shape = kStraightStreet;      // Graph::shapes index, or a straight segment
};

// A graph's arcs grouped into streets.
struct StreetArcs {
  std::vector<Street> streets;
  std::vector<std::uint32_t> street_of;  // per edge: its street, kNoStreet for loops and ends without coordinates
  std::vector<std::uint8_t> along;       // per edge: 1 when it runs from first_end to last_end
};

StreetArcs GroupArcsIntoStreets(const Graph& g, const std::vector<std::pair<double, double>>& lon_lat);

// A street's polyline: its ends' coordinates with the shape's points between.
std::vector<std::pair<double, double>> StreetLine(const Graph& g, const std::vector<std::pair<double, double>>& lon_lat,
                                                  const Street& s);

struct StreetPoint {
  std::uint32_t street = kNoStreet;
  double along_m = 0;            // metres from first_end along the polyline (great circle per segment)
  double length_m = 0;           // the polyline's whole length
  std::pair<double, double> at;  // the point: longitude, latitude in degrees
  double metres = 0;             // great-circle distance from the place to it
};

// The nearest street point to each (longitude, latitude) query. Throws
// gdist::Error when the build has no nanoflann or the graph no street with
// coordinates (`what` names the places for that message).
std::vector<StreetPoint> NearestStreetPoints(const Graph& g, const std::vector<std::pair<double, double>>& lon_lat,
                                             const StreetArcs& streets,
                                             const std::vector<std::pair<double, double>>& queries,
                                             const std::string& what);

// The point of segment a-b nearest to q on the equirectangular projection
// about q: its parameter t in [0, 1] (0 at a, 1 at b). Longitudes wrap.
double NearestOnSegment(const std::pair<double, double>& q, const std::pair<double, double>& a,
                        const std::pair<double, double>& b);

}  // namespace gdist
