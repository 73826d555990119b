// gcenter GRAPH --geojson without places: the answer on the graph's own
// vertices where the input places them (OpenStreetMap, or a .co): the center
// and the periphery (Points, with their eccentricity) when the metrics ran,
// and per model solved its sites (Points) and each demand vertex's assignment
// (a straight LineString from the demand to its site, with the network
// distance). Service areas are drawn for places (place_siting.hpp).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "lib/core/graph.hpp"
#include "lib/core/vertex_labels.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/pictures/geojson.hpp"
#include "lib/siting/siting_files.hpp"
#include "lib/siting/siting_problem.hpp"

namespace gdist {

// Every vertex's longitude and latitude for the map (OpenStreetMap, or a .co
// beside `in`); throws gdist::Error when the input has none or leaves some
// vertex unplaced (the map draws every vertex).
std::vector<LonLat> GraphMapLonLat(const Graph& g, const std::string& in);
// The same from a graph's own coordinates (empty: a .co beside `in`) and labels (a hierarchy contracted from it).
std::vector<LonLat> GraphMapLonLat(const std::vector<LonLat>& lon_lat, const VertexLabels& labels,
                                   const std::string& in);

// lon_lat: every vertex placed (the caller refuses NaN ones). summary or prob may be null.
template <class T> std::vector<GeoFeature> GraphMapFeatures(const std::vector<LonLat>& lon_lat,
                                                            const VertexLabels& labels, const DistanceSummary* summary,
                                                            const SitingProblem<T>* prob,
                                                            const std::vector<NamedResult>& done);

}  // namespace gdist
