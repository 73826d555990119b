#include "lib/pipeline/route_map.hpp"

#include "lib/util/error.hpp"

namespace gdist {

namespace {

GeoFeature PlaceFeature(const RoutePlace& end, const std::string& role) {
  GeoFeature f = GeoFeature::Point({end.place->lon, end.place->lat});
  f.With("kind", std::string("place")).With("role", role).With("name", end.place->name);
  f.With("snap_m", end.snap.metres);
  return f;
}

}  // namespace

std::vector<GeoFeature> RouteFeatures(const std::vector<LonLat>& lon_lat, const VertexLabels& labels,
                                      const std::vector<std::uint32_t>& vertices, double distance,
                                      const std::string& weight_kind, const RoutePlace& from, const RoutePlace& to) {
  std::vector<LonLat> line;
  for (std::uint32_t v : vertices) line.push_back(lon_lat.at(v));
  GeoFeature route = line.size() >= 2 ? GeoFeature::Line(std::move(line)) : GeoFeature::Point(line.at(0));
  route.With("kind", std::string("route"));
  route.With("from", from.place ? from.place->name : labels.label(vertices.front()));
  route.With("to", to.place ? to.place->name : labels.label(vertices.back()));
  route.With("distance", distance).With("weight", weight_kind);
  route.With("arcs", double(vertices.size() - 1));
  std::vector<GeoFeature> out{std::move(route)};
  for (const auto& [end, role] : {std::pair{&from, "from"}, std::pair{&to, "to"}}) {
    if (!end->place) continue;
    out.push_back(PlaceFeature(*end, role));
    // The walk from the place to the network, so the map shows where it joined.
    const LonLat at{end->place->lon, end->place->lat};
    if (at != lon_lat.at(end->snap.vertex)) {
      GeoFeature snap = GeoFeature::Line({at, lon_lat[end->snap.vertex]});
      snap.With("kind", std::string("snap")).With("name", end->place->name).With("snap_m", end->snap.metres);
      out.push_back(std::move(snap));
    }
  }
  return out;
}

std::uint32_t RouteEndVertex(const std::string& name, const VertexLabels& labels, const PlacesFile* places,
                             const std::vector<PlaceSnap>* snaps, const std::string& option, RoutePlace* end) {
  if (places) {
    for (std::size_t i = 0; i < places->places.size(); ++i)
      if (places->places[i].name == name) {
        *end = {&places->places[i], (*snaps)[i]};
        return (*snaps)[i].vertex;
      }
    throw Error(option + ": no place named '" + name + "' in " + places->path);
  }
  const auto v = labels.find(name);
  if (!v) throw Error(option + ": no vertex labelled '" + name + "'");
  return static_cast<std::uint32_t>(*v);
}

}  // namespace gdist
