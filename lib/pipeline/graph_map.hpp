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

// Every vertex's longitude and latitude for the map (OpenStreetMap, else the
// `coordinates` file when given (CoordinatesLonLat), else a .co beside `in`);
// throws gdist::Error when the input has none or leaves some vertex unplaced
// (the map draws every vertex).
std::vector<LonLat> GraphMapLonLat(const Graph& g, const std::string& in, const std::string& coordinates);
// The same from a graph's own coordinates (empty: none) and labels (a hierarchy contracted from it).
std::vector<LonLat> GraphMapLonLat(const std::vector<LonLat>& lon_lat, const VertexLabels& labels,
                                   const std::string& in, const std::string& coordinates);

// Every vertex's longitude and latitude from a coordinates file, for the inputs that keep none (a
// matrix file's rows, a cost table): a DIMACS .co (millionths of degrees) or 'label x y' lines read
// as longitude and latitude, GeoJSON's order. Throws gdist::Error when a vertex is unplaced or a
// 'label x y' line lies outside longitude -180..180, latitude -90..90 (not geographic).
std::vector<LonLat> CoordinatesLonLat(const std::string& coordinates_file, const VertexLabels& labels);

// lon_lat: every vertex placed (the caller refuses NaN ones). summary or prob may be null.
template <class T> std::vector<GeoFeature> GraphMapFeatures(const std::vector<LonLat>& lon_lat,
                                                            const VertexLabels& labels, const DistanceSummary* summary,
                                                            const SitingProblem<T>* prob,
                                                            const std::vector<NamedResult>& done);

}  // namespace gdist
