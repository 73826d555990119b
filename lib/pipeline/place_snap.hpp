// Places (formats/places_csv.hpp) snapped to the network: each place to its
// nearest vertex (junction or way end) by great-circle distance, found with a
// k-d tree (nanoflann) over the vertices as points on the unit sphere, where
// the nearest by chord is the nearest by great circle. Places farther than
// the run's largest snap distance are refused, all of them listed: a place
// far off the network would get distances that are not its own.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "formats/places_csv.hpp"
#include "lib/core/graph.hpp"

namespace gdist {

// The default largest snap distance: a customer or a clinic lies on or
// beside a street; a kilometre off is a wrong coordinate or a place outside
// the extract.
inline constexpr double kDefaultMaxSnapMetres = 1000;

// Where a place joins the network: to its nearest vertex (SnapMode::kVertex),
// or to the nearest point of an arc (kArc, the default), where the arc is
// split and a vertex added (place_attach.hpp) unless that point is an end.
enum class SnapMode { kArc, kVertex };
bool ParseSnapMode(std::string_view name, SnapMode* out);  // arc, vertex
const char* SnapModeName(SnapMode mode);

inline constexpr std::uint32_t kNoArcEnd = 0xFFFFFFFFu;

struct PlaceSnap {
  std::uint32_t vertex = 0;  // the place's vertex: the nearest vertex, or the one added on its arc
  double metres = 0;         // great-circle distance from the place to it
  bool on_arc = false;       // snapped by SnapMode::kArc (to an end of the arc, or between)
  // Between an arc's ends: the street's ends (its polyline runs from arc_from
  // to arc_to) and the metres along it from arc_from; kNoArcEnd otherwise.
  std::uint32_t arc_from = kNoArcEnd, arc_to = kNoArcEnd;
  double along_m = 0;
};

// Whether this build snaps places (nanoflann found at build time).
bool PlaceSnappingAvailable();

// Each vertex's longitude and latitude in degrees: g.lon_lat (OpenStreetMap),
// else a DIMACS .co beside `input`. Throws gdist::Error naming `input` when
// there are none (places need coordinates).
std::vector<std::pair<double, double>> VertexLonLat(const Graph& g, const std::string& input);
// The same from a graph's coordinates and labels (a hierarchy contracted from it).
std::vector<std::pair<double, double>> VertexLonLat(const std::vector<std::pair<double, double>>& lon_lat,
                                                    const VertexLabels& labels, const std::string& input);

// The nearest vertex of each place (vertices without coordinates, NaN, are
// skipped). Throws gdist::Error when no vertex has coordinates, when the build
// has no k-d tree library, or when some places are farther than max_snap_m
// (all of those named, with their distances).
std::vector<PlaceSnap> SnapPlaces(const std::vector<std::pair<double, double>>& lon_lat, const PlacesFile& places,
                                  double max_snap_m);

// Refuses (gdist::Error) when some snaps are farther than max_snap_m, every
// such place listed (the first ten, and the count).
void RefuseFarPlaces(const PlacesFile& places, const std::vector<PlaceSnap>& snaps, double max_snap_m);

// Each place and where it went, as CSV:
// name,lat,lon,vertex,vertex_lat,vertex_lon,snap_m,arc_from,arc_to,along_m
// (vertices by their labels: OpenStreetMap node ids, "place:NAME" for a vertex
// added on an arc, whose ends and distance along it the last three columns
// give; empty for a place at a vertex); for the planner who checks the snaps
// before trusting the distances.
std::string SnappedPlacesCsv(const PlacesFile& places, const std::vector<PlaceSnap>& snaps,
                             const std::vector<std::pair<double, double>>& lon_lat, const VertexLabels& labels);

// "12 places snapped to the nearest vertex: median 8.1 m, largest 41.3 m ('Clinic 7')" for the run's notes;
// "... to the nearest point of an arc (10 between its ends): ..." for arc snaps.
std::string SnapSummary(const PlacesFile& places, const std::vector<PlaceSnap>& snaps);

}  // namespace gdist
