#include "lib/pipeline/graph_map.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "formats/coordinates.hpp"
#include "formats/token_parse.hpp"
#include "lib/pipeline/place_snap.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

GeoValue Eccentricity(const DistanceSummary& s, std::size_t v) {
  const double e = s.eccentricity.at(v).ToDouble();
  return std::isfinite(e) ? GeoValue(e) : GeoValue(nullptr);  // infinite: some vertex is unreachable
}

}  // namespace

std::vector<LonLat> GraphMapLonLat(const std::vector<LonLat>& given, const VertexLabels& labels, const std::string& in,
                                   const std::string& coordinates) {
  if (given.empty() && !coordinates.empty()) return CoordinatesLonLat(coordinates, labels);
  std::vector<LonLat> lon_lat = VertexLonLat(given, labels, in);
  std::size_t unplaced = 0;
  for (const auto& [lon, lat] : lon_lat) unplaced += std::isnan(lon) || std::isnan(lat);
  if (unplaced)
    throw Error(in + ": its coordinates leave " + std::to_string(unplaced) + " of " + std::to_string(lon_lat.size()) +
                " vertices unplaced; " + OptionText(Option::kGeoJson) + " draws every vertex");
  return lon_lat;
}

std::vector<LonLat> CoordinatesLonLat(const std::string& coordinates_file, const VertexLabels& labels) {
  Coordinates c = ReadCoordinates(coordinates_file, labels);
  if (c.missing)
    throw Error(coordinates_file + ": places " + std::to_string(labels.size() - c.missing) + " of the " +
                std::to_string(labels.size()) + " vertices; " + OptionText(Option::kGeoJson) + " draws every vertex");
  for (std::size_t v = 0; v < c.xy.size(); ++v) {
    auto& [lon, lat] = c.xy[v];
    if (c.geographic) lon /= kDimacsUnitsPerDegree, lat /= kDimacsUnitsPerDegree;
    if (std::fabs(lon) > 180 || std::fabs(lat) > 90)
      throw Error(coordinates_file + ": vertex " + Quoted(labels.label(v)) + " at " + ExactText(lon) + " " +
                  ExactText(lat) + " is not a longitude and latitude (-180..180, -90..90); " +
                  OptionText(Option::kGeoJson) + " reads 'label x y' lines as longitude latitude" +
                  (c.geographic ? " (a DIMACS .co: millionths of degrees)" : ""));
  }
  return std::move(c.xy);
}

std::vector<LonLat> GraphMapLonLat(const Graph& g, const std::string& in, const std::string& coordinates) {
  return GraphMapLonLat(g.lon_lat, g.labels, in, coordinates);
}

template <class T> std::vector<GeoFeature> GraphMapFeatures(const std::vector<LonLat>& lon_lat,
                                                            const VertexLabels& labels, const DistanceSummary* summary,
                                                            const SitingProblem<T>* prob,
                                                            const std::vector<NamedResult>& done) {
  std::vector<GeoFeature> out;
  if (summary) {
    for (const auto& [kind, vertices] : {std::pair{"center", &summary->center}, {"periphery", &summary->periphery}})
      for (const std::size_t v : *vertices)
        out.push_back(GeoFeature::Point(lon_lat.at(v))
                          .With("kind", std::string(kind))
                          .With("vertex", labels.label(v))
                          .With("eccentricity", Eccentricity(*summary, v)));
  }
  if (!prob) return out;
  for (const NamedResult& r : done) {
    const SitingResult& s = *r.result;
    for (std::size_t rank = 0; rank < s.sites.size(); ++rank) {
      const std::uint32_t v = prob->candidate_vertex(s.sites[rank]);
      out.push_back(GeoFeature::Point(lon_lat.at(v))
                        .With("kind", std::string("site"))
                        .With("model", r.model)
                        .With("p", double(r.p))
                        .With("vertex", labels.label(v))
                        .With("rank", double(rank + 1)));
    }
    const Assignment& a = s.assignment;
    for (std::size_t u = 0; u < prob->num_demands(); ++u) {
      const std::uint32_t d = prob->demand_vertex(u);
      if (a.site[u] == std::numeric_limits<std::uint32_t>::max() || !std::isfinite(a.distance[u])) {
        out.push_back(GeoFeature::Point(lon_lat.at(d))
                          .With("kind", std::string("unserved"))
                          .With("model", r.model)
                          .With("p", double(r.p))
                          .With("demand", labels.label(d))
                          .With("weight", prob->weight(u))
                          .With("site", nullptr));
        continue;
      }
      const std::uint32_t site = prob->candidate_vertex(a.site[u]);
      // A demand on its own site: a Point (a LineString needs two positions).
      GeoFeature f = d == site ? GeoFeature::Point(lon_lat.at(d)) : GeoFeature::Line({lon_lat.at(d), lon_lat.at(site)});
      out.push_back(std::move(f.With("kind", std::string("assignment"))
                                  .With("model", r.model)
                                  .With("p", double(r.p))
                                  .With("demand", labels.label(d))
                                  .With("site", labels.label(site))
                                  .With("weight", prob->weight(u))
                                  .With("distance", static_cast<double>(prob->InputCost(u, a.site[u])))));
    }
  }
  return out;
}

#define GDIST_GRAPH_MAP(T)                                                                           \
  template std::vector<GeoFeature> GraphMapFeatures(const std::vector<LonLat>&, const VertexLabels&, \
                                                    const DistanceSummary*, const SitingProblem<T>*, \
                                                    const std::vector<NamedResult>&);
GDIST_GRAPH_MAP(std::int32_t)
GDIST_GRAPH_MAP(std::int64_t)
GDIST_GRAPH_MAP(float)
GDIST_GRAPH_MAP(double)
#undef GDIST_GRAPH_MAP

}  // namespace gdist
