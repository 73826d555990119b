#include "lib/pipeline/place_siting.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <variant>

#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/pipeline/place_attach.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "lib/sparse/tree_apsp.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

PlaceSiting BuildPlaceSiting(const CenterRequest& req, const RunVoice& voice) {
  PlaceSiting out;
  out.demands = ReadPlaces(req.places, req.input.read.limits);
  out.facilities = req.candidate_places.empty() ? out.demands : ReadPlaces(req.candidate_places, req.input.read.limits);
  // With the largest component asked for, the places snap to the part kept (gcenter keeps the
  // choice apart from the input options: center_graph.cpp applies it to its CSR graph).
  InputOptions input = req.GraphInput();
  InputOptions read = input;
  read.read.keep_arc_shapes = req.snap == SnapMode::kArc;  // the streets' polylines, to snap onto
  Graph g = ReadInputGraph(req.in, read);
  std::vector<std::pair<double, double>> lon_lat = VertexLonLat(g, req.in);
  // The map's roads: the network's own, before arcs are split for the places (their cuts added after).
  const bool covering = req.cover >= 0 || req.max_cover >= 0 || req.backup_cover >= 0;
  const bool service_areas = !req.geojson.empty() && covering;
  if (service_areas) out.roads = RoadsOfGraph(g, lon_lat);
  std::vector<const PlacesFile*> files{&out.demands};
  if (!req.candidate_places.empty()) files.push_back(&out.facilities);
  // The places become vertices (arcs split at them, place_attach.hpp): then the trees run as on any graph.
  std::vector<std::vector<std::pair<double, std::uint32_t>>> cuts_of_edge;
  std::vector<std::vector<PlaceSnap>> snaps =
      AttachPlaces(&g, &lon_lat, files, req.snap, req.max_snap_m, service_areas ? &cuts_of_edge : nullptr);
  if (service_areas) AddPlaceCuts(&out.roads, cuts_of_edge);
  out.demand_snaps = snaps[0];
  out.facility_snaps = snaps.back();
  voice.Note(SnapSummary(out.demands, out.demand_snaps));
  if (!req.candidate_places.empty())
    voice.Note(OptionText(Option::kCandidatePlaces) + ": " + SnapSummary(out.facilities, out.facility_snaps));
  if (!req.snapped.empty()) {
    PlacesFile all = out.demands;
    std::vector<PlaceSnap> all_snaps = out.demand_snaps;
    if (!req.candidate_places.empty()) {  // the candidates after the demands
      all.places.insert(all.places.end(), out.facilities.places.begin(), out.facilities.places.end());
      all_snaps.insert(all_snaps.end(), out.facility_snaps.begin(), out.facility_snaps.end());
    }
    out.snapped_csv = SnappedPlacesCsv(all, all_snaps, lon_lat, g.labels);
  }
  if (!g.lon_lat.empty()) {
    const auto w = req.input.read.osm_weight;
    out.weight_kind = w && *w == OsmWeight::kTime ? "time" : "length";
  }
  Direction direction = Direction::kOut;
  ParseDirection(req.direction, &direction);
  CostMatrix& m = out.costs;
  for (const Place& p : out.demands.places) m.demands.push_back(p.name);
  for (const Place& p : out.facilities.places) m.facilities.push_back(p.name);
  const std::size_t nd = m.demands.size(), nf = m.facilities.size();
  m.cost.assign(nd * nf, std::numeric_limits<double>::infinity());
  const auto csr = std::make_shared<const AnyCsrGraph>(CsrFromGraph(g, input, req.in, req.metrics_options.threads));
  const AnyCsrGraph& any = *csr;
  if (service_areas) {
    const TreeDirection tree_direction = direction == Direction::kOut ? TreeDirection::kFrom : TreeDirection::kTo;
    out.tree = [csr, tree_direction](std::uint32_t s) {
      return std::visit(
          [&](const auto& graph) {
            using W = std::decay_t<decltype(graph.max_abs_weight)>;
            const ShortestPathTrees<W> trees(graph, tree_direction);
            TreeWorkspace workspace;
            std::vector<W> dist(graph.n);
            trees.Tree(s, dist.data(), workspace);
            std::vector<double> out(graph.n, std::numeric_limits<double>::infinity());
            for (std::size_t v = 0; v < graph.n; ++v)
              if (dist[v] < ElementTraits<W>::kInf) out[v] = static_cast<double>(dist[v]);
            return out;
          },
          *csr);
    };
  }
  std::visit(
      [&](const auto& csr) {
        using W = std::decay_t<decltype(csr.max_abs_weight)>;
        CheckPathSums(csr);  // the trees' sums fit W, as the dense engine proves
        // out: the facility serves the demand, d(facility, demand): trees from the facilities.
        const ShortestPathTrees<W> trees(csr, direction == Direction::kOut ? TreeDirection::kFrom : TreeDirection::kTo);
        std::vector<std::uint32_t> sources;
        for (const PlaceSnap& s : out.facility_snaps) sources.push_back(s.vertex);
        // Whole-number graphs give whole costs, kept exactly (past 2^53 too): the siting stays exact.
        m.integral = std::is_integral_v<W>;
        if (m.integral) m.whole.assign(nd * nf, CostMatrix::kNoService);
        trees.ForEachTree(sources, req.metrics_options.threads, [&](int, std::size_t f, std::uint32_t, const W* dist) {
          for (std::size_t d = 0; d < nd; ++d) {
            const W v = dist[out.demand_snaps[d].vertex];
            if (!(v < ElementTraits<W>::kInf)) continue;
            m.cost[d * nf + f] = static_cast<double>(v);
            if constexpr (std::is_integral_v<W>) m.whole[d * nf + f] = static_cast<std::int64_t>(v);
          }
        });
      },
      any);
  return out;
}

std::optional<std::vector<double>> PlaceWeights(const PlaceSiting& places) {
  if (!places.demands.has_weights) return std::nullopt;
  std::vector<double> w;
  for (const Place& p : places.demands.places) w.push_back(p.weight);
  return w;
}

namespace {

// A covering model's radius, by its key in the report (center_siting.cpp); < 0: not a covering model.
double CoveringRadius(const std::string& model, const CenterRequest& req) {
  if (model == "cover") return req.cover;
  if (model == "max_cover") return req.max_cover;
  if (model == "backup_cover") return req.backup_cover;
  return -1;
}

// The stretches of road within `radius` of the site's vertex (service_area.hpp).
GeoFeature ServiceArea(const PlaceSiting& places, std::uint32_t site_vertex, double radius) {
  return GeoFeature{
      GeoFeature::Kind::kMultiLineString, ServiceAreaLines(places.roads, places.tree(site_vertex), radius), {}};
}

}  // namespace

template <class T> std::vector<GeoFeature> PlaceSitingFeatures(const PlaceSiting& places, const SitingProblem<T>& prob,
                                                               const std::vector<NamedResult>& done,
                                                               const CenterRequest& req) {
  const std::size_t nd = places.demands.places.size();
  // Problem vertices: demands 0..D-1, facility f is D + f.
  const auto facility_of = [&](std::size_t k) -> const Place& {
    return places.facilities.places.at(prob.candidate_vertex(k) - nd);
  };
  const auto demand_of = [&](std::size_t u) -> const Place& { return places.demands.places.at(prob.demand_vertex(u)); };
  std::vector<GeoFeature> out;
  for (std::size_t u = 0; u < prob.num_demands(); ++u) {
    const Place& p = demand_of(u);
    out.push_back(GeoFeature::Point({p.lon, p.lat})
                      .With("kind", std::string("demand"))
                      .With("name", p.name)
                      .With("weight", prob.weight(u))
                      .With("snap_m", places.demand_snaps.at(prob.demand_vertex(u)).metres));
  }
  for (const NamedResult& r : done) {
    const SitingResult& s = *r.result;
    const Assignment& a = s.assignment;
    std::vector<double> served(prob.num_candidates(), 0), share(prob.num_candidates(), 0);
    double total = 0;
    for (std::size_t u = 0; u < prob.num_demands(); ++u)
      if (a.site[u] != std::numeric_limits<std::uint32_t>::max() && std::isfinite(a.distance[u])) {
        served[a.site[u]] += prob.weight(u);
        share[a.site[u]] += prob.weight(u) * a.distance[u];
        total += prob.weight(u) * a.distance[u];
      }
    const std::vector<std::uint32_t>& fixed = prob.fixed();
    // p-median's objective is the total weighted distance: there each site's part of it is its share.
    const bool median = r.model.rfind("p_median", 0) == 0;
    for (std::size_t rank = 0; rank < s.sites.size(); ++rank) {
      const std::uint32_t k = s.sites[rank];
      const Place& p = facility_of(k);
      GeoFeature site = GeoFeature::Point({p.lon, p.lat});
      site.With("kind", std::string("site"))
          .With("model", r.model)
          .With("p", double(r.p))
          .With("name", p.name)
          .With("rank", double(rank + 1))
          .With("fixed", std::string(std::find(fixed.begin(), fixed.end(), k) != fixed.end() ? "yes" : "no"))
          .With("demand_served", served[k])
          .With("weighted_distance", share[k]);
      // 0..1; null when the total is 0.
      if (median) site.With("objective_share", total > 0 ? GeoValue(share[k] / total) : GeoValue(nullptr));
      site.With("snap_m", places.facility_snaps.at(prob.candidate_vertex(k) - nd).metres);
      out.push_back(std::move(site));
    }
    const double radius = CoveringRadius(r.model, req);
    if (radius >= 0 && places.tree)
      for (const std::uint32_t k : s.sites) {
        GeoFeature area = ServiceArea(places, places.facility_snaps.at(prob.candidate_vertex(k) - nd).vertex, radius);
        // A site whose radius reaches no road has no area to draw (an empty MultiLineString is valid,
        // but says nothing).
        if (area.parts.empty()) continue;
        const double segments = static_cast<double>(area.parts.size());
        out.push_back(std::move(area.With("kind", std::string("service_area"))
                                    .With("model", r.model)
                                    .With("p", double(r.p))
                                    .With("site", facility_of(k).name)
                                    .With("radius", radius)
                                    .With("segments", segments)
                                    .With("unit", places.weight_kind)));
      }
    for (std::size_t u = 0; u < prob.num_demands(); ++u) {
      const Place& d = demand_of(u);
      const bool reached = a.site[u] != std::numeric_limits<std::uint32_t>::max() && std::isfinite(a.distance[u]);
      if (!reached) continue;  // an unserved demand: its Point says so below
      const Place& f = facility_of(a.site[u]);
      // A demand on its own site has a line of one position: a Point says it.
      GeoFeature line = (d.lon == f.lon && d.lat == f.lat) ? GeoFeature::Point({d.lon, d.lat})
                                                           : GeoFeature::Line({{d.lon, d.lat}, {f.lon, f.lat}});
      out.push_back(std::move(line.With("kind", std::string("assignment"))
                                  .With("model", r.model)
                                  .With("p", double(r.p))
                                  .With("demand", d.name)
                                  .With("site", f.name)
                                  .With("weight", prob.weight(u))
                                  .With("distance", static_cast<double>(prob.InputCost(u, a.site[u])))
                                  .With("unit", places.weight_kind)));
    }
    for (std::size_t u = 0; u < prob.num_demands(); ++u)
      if (a.site[u] == std::numeric_limits<std::uint32_t>::max() || !std::isfinite(a.distance[u])) {
        const Place& d = demand_of(u);
        out.push_back(GeoFeature::Point({d.lon, d.lat})
                          .With("kind", std::string("unserved"))
                          .With("model", r.model)
                          .With("p", double(r.p))
                          .With("demand", d.name)
                          .With("weight", prob.weight(u))
                          .With("site", nullptr));
      }
  }
  return out;
}

#define GDIST_PLACE_SITING(T)                                                                       \
  template std::vector<GeoFeature> PlaceSitingFeatures(const PlaceSiting&, const SitingProblem<T>&, \
                                                       const std::vector<NamedResult>&, const CenterRequest&);
GDIST_PLACE_SITING(std::int32_t)
GDIST_PLACE_SITING(std::int64_t)
GDIST_PLACE_SITING(float)
GDIST_PLACE_SITING(double)
#undef GDIST_PLACE_SITING

}  // namespace gdist
