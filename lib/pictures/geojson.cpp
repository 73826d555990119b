#include "lib/pictures/geojson.hpp"

#include <sstream>

#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

namespace {

void Position(JsonWriter& w, const LonLat& p) { w.BeginArray().Number(p.first).Number(p.second).EndArray(); }

void Positions(JsonWriter& w, const std::vector<LonLat>& line) {
  w.BeginArray();
  for (const LonLat& p : line) Position(w, p);
  w.EndArray();
}

void Geometry(JsonWriter& w, const GeoFeature& f) {
  w.BeginObject();
  switch (f.kind) {
    case GeoFeature::Kind::kPoint:
      w.Key("type").Str("Point");
      w.Key("coordinates");
      Position(w, f.parts.at(0).at(0));
      break;
    case GeoFeature::Kind::kLineString:
      // RFC 7946 3.1.4: two or more positions; a route of one vertex is a Point's business.
      if (f.parts.at(0).size() < 2) throw Error("internal: a GeoJSON LineString needs two positions or more");
      w.Key("type").Str("LineString");
      w.Key("coordinates");
      Positions(w, f.parts[0]);
      break;
    case GeoFeature::Kind::kMultiLineString:
      w.Key("type").Str("MultiLineString");
      w.Key("coordinates").BeginArray();
      for (const auto& line : f.parts) Positions(w, line);
      w.EndArray();
      break;
  }
  w.EndObject();
}

}  // namespace

std::string GeoJsonText(const std::vector<GeoFeature>& features) {
  std::ostringstream out;
  out << "{\"type\":\"FeatureCollection\",\"features\":[";
  for (std::size_t i = 0; i < features.size(); ++i) {
    out << (i ? ",\n" : "\n");
    JsonWriter w(out);
    w.BeginObject();
    w.Key("type").Str("Feature");
    w.Key("geometry");
    Geometry(w, features[i]);
    w.Key("properties").BeginObject();
    for (const auto& [key, value] : features[i].properties) {
      w.Key(key);
      if (const auto* s = std::get_if<std::string>(&value)) w.Str(*s);
      else if (const auto* x = std::get_if<double>(&value)) w.Number(*x);
      else w.Null();
    }
    w.EndObject();
    w.EndObject();
  }
  out << "\n]}\n";
  return out.str();
}

void WriteGeoJson(const std::string& path, const std::vector<GeoFeature>& features) {
  WriteTextFile(path, GeoJsonText(features));
}

}  // namespace gdist
