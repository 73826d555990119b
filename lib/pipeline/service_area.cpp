#include "lib/pipeline/service_area.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "lib/core/great_circle.hpp"

namespace gdist {

namespace {

// The part of `line` between fractions a < b of its length (great-circle
// metres; linear in longitude and latitude within one segment).
std::vector<LonLat> SubLine(const std::vector<LonLat>& line, double a, double b) {
  std::vector<double> at(line.size(), 0);  // metres from the first position
  for (std::size_t k = 1; k < line.size(); ++k)
    at[k] = at[k - 1] + GreatCircleMetres(line[k - 1].second, line[k - 1].first, line[k].second, line[k].first);
  const double total = at.back();
  if (!(total > 0)) return {line.front(), line.back()};
  const auto point = [&](double metres) {
    const std::size_t k = std::min<std::size_t>(
        line.size() - 1, std::max<std::size_t>(1, std::upper_bound(at.begin(), at.end(), metres) - at.begin()));
    const double span = at[k] - at[k - 1];
    const double t = span > 0 ? std::clamp((metres - at[k - 1]) / span, 0.0, 1.0) : 0.0;
    return LonLat{line[k - 1].first + t * (line[k].first - line[k - 1].first),
                  line[k - 1].second + t * (line[k].second - line[k - 1].second)};
  };
  std::vector<LonLat> out{a <= 0 ? line.front() : point(a * total)};
  for (std::size_t k = 1; k + 1 < line.size(); ++k)
    if (at[k] > a * total && at[k] < b * total) out.push_back(line[k]);
  out.push_back(b >= 1 ? line.back() : point(b * total));
  return out;
}

}  // namespace

MapRoads RoadsOfGraph(const Graph& g, const std::vector<LonLat>& lon_lat) {
  MapRoads map;
  map.road_of_edge.assign(g.edges.size(), {-1, -1});
  // A road by its shape (OpenStreetMap: parallel ways stay apart), else by its pair of ends.
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::size_t> road_of_key;
  const bool shaped = !g.shapes.empty();
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    if (e.from == e.to) continue;
    std::pair<std::uint64_t, std::uint64_t> key;
    bool along = e.from < e.to;
    if (shaped) {
      key = {g.shapes.edge_shape[i] >> 1, 0};
      along = (g.shapes.edge_shape[i] & 1) == 0;
    } else {
      key = {std::min(e.from, e.to), std::max(e.from, e.to)};
    }
    auto [it, fresh] = road_of_key.emplace(key, map.roads.size());
    if (fresh) {
      MapRoad road;
      const std::uint32_t first = along ? e.from : e.to, last = along ? e.to : e.from;
      road.line.push_back(lon_lat[first]);
      if (shaped) {
        const std::uint64_t s = key.first;
        road.line.insert(road.line.end(), g.shapes.points.begin() + static_cast<std::ptrdiff_t>(g.shapes.first[s]),
                         g.shapes.points.begin() + static_cast<std::ptrdiff_t>(g.shapes.first[s + 1]));
      }
      road.line.push_back(lon_lat[last]);
      map.roads.push_back(std::move(road));
    }
    MapRoad& road = map.roads[it->second];
    map.road_of_edge[i] = {static_cast<std::int64_t>(it->second), static_cast<std::int64_t>(road.arcs.size())};
    road.arcs.push_back({along, e.weight, {{0.0, e.from}, {1.0, e.to}}});
    if (!g.directed) road.arcs.push_back({!along, e.weight, {{0.0, e.to}, {1.0, e.from}}});
  }
  map.undirected = !g.directed;
  return map;
}

void AddPlaceCuts(MapRoads* map, const std::vector<std::vector<std::pair<double, std::uint32_t>>>& cuts_of_edge) {
  for (std::size_t i = 0; i < cuts_of_edge.size() && i < map->road_of_edge.size(); ++i) {
    const auto [road, arc] = map->road_of_edge[i];
    if (road < 0 || cuts_of_edge[i].empty()) continue;
    auto& arcs = map->roads[static_cast<std::size_t>(road)].arcs;
    auto& entries = arcs[static_cast<std::size_t>(arc)].entries;
    entries.insert(entries.end() - 1, cuts_of_edge[i].begin(), cuts_of_edge[i].end());
    if (!map->undirected) continue;
    auto& reverse = arcs[static_cast<std::size_t>(arc) + 1].entries;  // the same cuts from the other end
    for (auto cut = cuts_of_edge[i].rbegin(); cut != cuts_of_edge[i].rend(); ++cut)
      reverse.insert(reverse.end() - 1, {1 - cut->first, cut->second});
  }
}

std::vector<std::vector<LonLat>> ServiceAreaLines(const MapRoads& map, const std::vector<double>& dist, double radius) {
  std::vector<std::vector<LonLat>> out;
  std::vector<std::pair<double, double>> reached;  // [a, b] of the road, from its first end
  for (const MapRoad& road : map.roads) {
    reached.clear();
    for (const MapRoad::Arc& arc : road.arcs)
      for (const auto& [from, vertex] : arc.entries) {
        const double d = vertex < dist.size() ? dist[vertex] : std::numeric_limits<double>::infinity();
        if (!(d <= radius) || from >= 1) continue;
        // Forward from this entry, along the arc's own direction.
        const double to = arc.weight > 0 ? std::min(1.0, from + (radius - d) / arc.weight) : 1.0;
        if (to <= from) continue;
        reached.push_back(arc.along ? std::pair{from, to} : std::pair{1 - to, 1 - from});
      }
    std::sort(reached.begin(), reached.end());
    for (std::size_t k = 0; k < reached.size();) {
      double a = reached[k].first, b = reached[k].second;
      for (++k; k < reached.size() && reached[k].first <= b; ++k) b = std::max(b, reached[k].second);
      out.push_back(SubLine(road.line, a, b));
    }
  }
  return out;
}

}  // namespace gdist
