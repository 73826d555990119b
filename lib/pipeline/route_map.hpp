// gpath's map: one route as GeoJSON features (lib/pictures/geojson.hpp) over
// the graph's coordinates. The line runs through the route's vertices, the
// junctions of an OpenStreetMap graph (a merged way between two junctions is
// drawn straight); places at its ends (gpath --places) are Points with their
// snap distance, joined to their vertex by a "snap" line.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "formats/places_csv.hpp"
#include "lib/core/vertex_labels.hpp"
#include "lib/pictures/geojson.hpp"
#include "lib/pipeline/place_snap.hpp"

namespace gdist {

// A route end that is a place: the place and where it snapped.
struct RoutePlace {
  const Place* place = nullptr;  // null: the end is a vertex label
  PlaceSnap snap;
};

// The features: the route (a LineString, or a Point when it has one vertex),
// with properties from, to, distance (the graph's weight: metres or seconds
// for OpenStreetMap), arcs and `weight_kind`; then each place end.
std::vector<GeoFeature> RouteFeatures(const std::vector<LonLat>& lon_lat, const VertexLabels& labels,
                                      const std::vector<std::uint32_t>& vertices, double distance,
                                      const std::string& weight_kind, const RoutePlace& from, const RoutePlace& to);

// The vertex a route end names: the place's snapped vertex when `places` is
// given (the name looked up there; throws gdist::Error naming `option` and
// the file when absent), else the vertex labelled so (throws when none).
std::uint32_t RouteEndVertex(const std::string& name, const VertexLabels& labels, const PlacesFile* places,
                             const std::vector<PlaceSnap>* snaps, const std::string& option, RoutePlace* end);

}  // namespace gdist
