// A covering site's service area on the map (gcenter --geojson with --cover,
// --max-cover or --backup-cover on places): every stretch of road within the
// radius of the site along the network, each road drawn along its own
// polyline (an OpenStreetMap way's nodes) and cut where the radius ends. A
// position along an arc is interpolated by length, the rule the places' cuts
// split an arc's weight by (place_attach.hpp), so a road half within reach is
// drawn half.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "lib/core/graph.hpp"
#include "lib/pictures/geojson.hpp"

namespace gdist {

// One road of the map: its polyline from its first end to its last, and the
// arcs that run along it (one for a one-way road, two for a two-way one, more
// for parallel arcs drawn as one straight line).
struct MapRoad {
  std::vector<LonLat> line;
  struct Arc {
    bool along = true;  // runs from the road's first end to its last
    double weight = 0;
    // Where the arc can be entered, in its own direction: (fraction of its
    // length from its tail, vertex), its tail at 0 and head at 1 included,
    // the places' vertices cut into it between them; ascending.
    std::vector<std::pair<double, std::uint32_t>> entries;
  };
  std::vector<Arc> arcs;
};

// The roads of g before any place cuts it (g.shapes where the input has them,
// else each pair of ends once, drawn straight), and for each of g's edges the
// road and arc it became (road_of_edge[i] = {road, arc}; {-1, -1} for a
// self-loop).
struct MapRoads {
  std::vector<MapRoad> roads;
  bool undirected = false;  // each edge stands for both arcs: arcs[a] and its reverse arcs[a + 1]
  std::vector<std::pair<std::int64_t, std::int64_t>> road_of_edge;
};
MapRoads RoadsOfGraph(const Graph& g, const std::vector<LonLat>& lon_lat);

// Records the cuts the places made: cuts_of_edge[i] = the (fraction from the
// tail, vertex) of each cut in edge i, ascending (AttachPlaces's).
void AddPlaceCuts(MapRoads* map, const std::vector<std::vector<std::pair<double, std::uint32_t>>>& cuts_of_edge);

// The stretches within `radius` of the tree whose distances are `dist`
// (+inf: unreachable; every vertex of the cut graph), each a polyline of two
// positions or more; a road reached whole is one stretch from end to end.
std::vector<std::vector<LonLat>> ServiceAreaLines(const MapRoads& map, const std::vector<double>& dist, double radius);

}  // namespace gdist
