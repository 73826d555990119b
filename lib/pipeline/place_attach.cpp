#include "lib/pipeline/place_attach.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "lib/pipeline/arc_snap.hpp"

namespace gdist {

std::vector<std::int64_t> SplitWholeWeight(std::int64_t w, const std::vector<double>& fractions) {
  std::vector<std::int64_t> parts;
  std::int64_t cut = 0;  // the weight up to the last cut
  for (const double f : fractions) {
    // Rounded, and kept between the last cut and w, so no part is negative.
    std::int64_t next = std::llround(static_cast<double>(w) * std::clamp(f, 0.0, 1.0));
    next = w >= 0 ? std::clamp(next, cut, w) : std::clamp(next, w, cut);
    parts.push_back(next - cut);
    cut = next;
  }
  parts.push_back(w - cut);
  return parts;
}

std::vector<double> SplitRealWeight(double w, const std::vector<double>& fractions) {
  std::vector<double> parts;
  double cut = 0;
  for (const double f : fractions) {
    const double next = w * std::clamp(f, 0.0, 1.0);
    parts.push_back(std::max(next - cut, 0.0));  // fractions ascend; max guards w < 0's sign alone
    cut = next;
  }
  parts.push_back(w - cut);
  return parts;
}

namespace {

// One vertex added on a street, at this many metres along it.
struct Cut {
  double along_m;
  std::uint32_t vertex;
};

// A street's cuts, sorted along it, and its length.
struct StreetCuts {
  double length_m = 0;
  std::vector<Cut> cuts;
};

Weight WholeWeight(std::int64_t v) {
  Weight w;
  w.value = static_cast<double>(v);
  w.integer = v;
  w.is_integer = true;
  w.float32_keeps_digits = v <= (1 << 24) && v >= -(1 << 24);
  return w;
}

Weight RealWeight(double v) {
  Weight w;
  w.value = v;
  w.is_integer = false;
  w.float32_keeps_digits = false;
  w.decimal_digits = -1;  // computed, not read
  return w;
}

}  // namespace

std::vector<std::vector<PlaceSnap>> AttachPlaces(
    Graph* g, std::vector<std::pair<double, double>>* lon_lat, const std::vector<const PlacesFile*>& files,
    SnapMode mode, double max_snap_m, std::vector<std::vector<std::pair<double, std::uint32_t>>>* cuts_of_edge) {
  std::vector<std::vector<PlaceSnap>> out;
  if (mode == SnapMode::kVertex) {
    for (const PlacesFile* f : files) out.push_back(SnapPlaces(*lon_lat, *f, max_snap_m));
    return out;
  }
  std::vector<std::pair<double, double>> queries;
  for (const PlacesFile* f : files)
    for (const Place& p : f->places) queries.emplace_back(p.lon, p.lat);
  const StreetArcs streets = GroupArcsIntoStreets(*g, *lon_lat);
  const std::vector<StreetPoint> points =
      NearestStreetPoints(*g, *lon_lat, streets, queries, files.empty() ? std::string("places") : files[0]->path);

  // The snaps, refused per file before the graph changes; the cuts each street gets.
  std::map<std::uint32_t, StreetCuts> cuts;  // by street
  std::size_t q = 0;
  for (const PlacesFile* f : files) {
    std::vector<PlaceSnap> snaps(f->places.size());
    for (std::size_t i = 0; i < snaps.size(); ++i, ++q) {
      const StreetPoint& p = points[q];
      const Street& s = streets.streets[p.street];
      PlaceSnap& snap = snaps[i];
      snap.metres = p.metres;
      snap.on_arc = true;
      if (p.along_m <= 0) snap.vertex = s.first_end;
      else if (p.along_m >= p.length_m) snap.vertex = s.last_end;
      else {
        snap.arc_from = s.first_end;
        snap.arc_to = s.last_end;
        snap.along_m = p.along_m;
      }
    }
    RefuseFarPlaces(*f, snaps, max_snap_m);
    out.push_back(std::move(snaps));
  }

  // Vertices for the cuts: one per distinct point of a street, numbered after the graph's.
  std::vector<std::string> labels;
  const std::size_t n0 = g->n;
  labels.reserve(n0);
  for (std::size_t v = 0; v < n0; ++v) labels.push_back(g->labels.label(v));
  q = 0;
  for (std::size_t k = 0; k < files.size(); ++k)
    for (std::size_t i = 0; i < files[k]->places.size(); ++i, ++q) {
      PlaceSnap& snap = out[k][i];
      if (snap.arc_from == kNoArcEnd) continue;
      StreetCuts& street = cuts[points[q].street];
      street.length_m = points[q].length_m;
      std::vector<Cut>& on = street.cuts;
      const auto same = std::find_if(on.begin(), on.end(), [&](const Cut& c) { return c.along_m == snap.along_m; });
      if (same != on.end()) {
        snap.vertex = same->vertex;
        continue;
      }
      snap.vertex = static_cast<std::uint32_t>(labels.size());
      on.push_back({snap.along_m, snap.vertex});
      labels.push_back("place:" + files[k]->places[i].name);
      lon_lat->push_back(points[q].at);
      if (!g->lon_lat.empty()) g->lon_lat.push_back(points[q].at);
    }
  if (labels.size() == n0) return out;  // every place at a vertex: the graph as it was
  g->n = labels.size();
  g->labels = VertexLabels::FromStrings(std::move(labels));
  for (auto& [street, on] : cuts)
    std::sort(on.cuts.begin(), on.cuts.end(), [](const Cut& a, const Cut& b) { return a.along_m < b.along_m; });

  // Every arc of a cut street split along its own direction (an undirected edge's
  // parts stand for both directions, as it did).
  const std::size_t m0 = g->edges.size();
  if (cuts_of_edge) cuts_of_edge->assign(m0, {});
  for (std::size_t i = 0; i < m0; ++i) {
    const std::uint32_t s = streets.street_of[i];
    if (s == kNoStreet) continue;
    const auto it = cuts.find(s);
    if (it == cuts.end()) continue;
    const std::vector<Cut>& on = it->second.cuts;
    const double length = it->second.length_m;
    std::vector<std::uint32_t> chain{g->edges[i].from};  // tail, the cuts in the arc's direction, head
    std::vector<double> fractions;
    for (std::size_t j = 0; j < on.size(); ++j) {
      const Cut& c = streets.along[i] ? on[j] : on[on.size() - 1 - j];
      chain.push_back(c.vertex);
      const double f = c.along_m / length;
      fractions.push_back(streets.along[i] ? f : 1 - f);
    }
    chain.push_back(g->edges[i].to);
    if (cuts_of_edge)
      for (std::size_t j = 0; j < fractions.size(); ++j) (*cuts_of_edge)[i].push_back({fractions[j], chain[j + 1]});
    if (g->integral_weights) {
      const std::int64_t w = g->exact_weights.empty() ? std::llround(g->edges[i].weight) : g->exact_weights[i];
      const std::vector<std::int64_t> parts = SplitWholeWeight(w, fractions);
      for (std::size_t j = 0; j < parts.size(); ++j) g->AddEdge(chain[j], chain[j + 1], WholeWeight(parts[j]), 0);
    } else {
      const std::vector<double> parts = SplitRealWeight(g->edges[i].weight, fractions);
      for (std::size_t j = 0; j < parts.size(); ++j) g->AddEdge(chain[j], chain[j + 1], RealWeight(parts[j]), 0);
    }
  }
  g->shapes = ArcShapes{};
  return out;
}

}  // namespace gdist
