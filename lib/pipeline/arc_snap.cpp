#include "lib/pipeline/arc_snap.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <unordered_map>

#include "lib/core/great_circle.hpp"
#include "lib/util/error.hpp"

#ifdef GDIST_HAVE_NANOFLANN
#include <nanoflann.hpp>
#endif

namespace gdist {

namespace {

constexpr double kRadiansPerDegree = std::numbers::pi / 180.0;

bool Placed(const std::pair<double, double>& p) { return !std::isnan(p.first) && !std::isnan(p.second); }

// b's longitude minus a's, wrapped into [-180, 180]: a segment across the antimeridian is short.
double LonDelta(double a, double b) {
  double d = b - a;
  if (d > 180) d -= 360;
  if (d < -180) d += 360;
  return d;
}

#ifdef GDIST_HAVE_NANOFLANN
// The point at parameter t of segment a-b (linear in longitude and latitude: the
// equirectangular segment); the ends exactly at t = 0 and t = 1.
std::pair<double, double> PointAt(const std::pair<double, double>& a, const std::pair<double, double>& b, double t) {
  if (t <= 0) return a;
  if (t >= 1) return b;
  double lon = a.first + t * LonDelta(a.first, b.first);
  if (lon > 180) lon -= 360;
  if (lon < -180) lon += 360;
  return {lon, a.second + t * (b.second - a.second)};
}

double SegmentMetres(const std::pair<double, double>& a, const std::pair<double, double>& b) {
  return GreatCircleMetres(a.second, a.first, b.second, b.first);
}

std::array<double, 3> UnitVector(const std::pair<double, double>& p) {
  const double lat = p.second * kRadiansPerDegree, lon = p.first * kRadiansPerDegree;
  return {std::cos(lat) * std::cos(lon), std::cos(lat) * std::sin(lon), std::sin(lat)};
}

// One straight piece of a street's polyline.
struct Segment {
  std::uint32_t street;
  std::pair<double, double> a, b;
  double offset_m;  // the street's length before a
  double length_m;
};

// The samples along the segments, for nanoflann.
struct Samples {
  std::vector<std::array<double, 3>> xyz;
  std::vector<std::pair<double, double>> lon_lat;
  std::vector<std::uint32_t> segment;

  std::size_t kdtree_get_point_count() const { return xyz.size(); }
  double kdtree_get_pt(std::size_t i, std::size_t dim) const { return xyz[i][dim]; }
  template <class Box> bool kdtree_get_bbox(Box&) const { return false; }
};
using SampleTree =
    nanoflann::KDTreeSingleIndexAdaptor<nanoflann::L2_Simple_Adaptor<double, Samples>, Samples, 3, std::uint32_t>;

// nanoflann's result-set interface: the segments of every sample within the radius.
struct SegmentsWithin {
  double radius;  // squared chord
  std::vector<std::uint32_t>* out;
  const Samples* samples;
  void init() { out->clear(); }
  std::size_t size() const { return out->size(); }
  bool full() const { return true; }
  bool addPoint(double dist, std::uint32_t index) {
    if (dist < radius) out->push_back(samples->segment[index]);
    return true;
  }
  double worstDist() const { return radius; }
};

// The squared chord of a great-circle distance on the unit sphere.
double SquaredChord(double metres) {
  const double angle = std::min(metres / kMeanEarthRadiusMetres, std::numbers::pi);
  const double chord = 2 * std::sin(angle / 2);
  return chord * chord;
}
#endif

}  // namespace

double NearestOnSegment(const std::pair<double, double>& q, const std::pair<double, double>& a,
                        const std::pair<double, double>& b) {
  // Metres per degree do not matter for the parameter: only cos(lat) at q does.
  const double c = std::cos(q.second * kRadiansPerDegree);
  const double ax = LonDelta(q.first, a.first) * c, ay = a.second - q.second;
  const double dx = LonDelta(a.first, b.first) * c, dy = b.second - a.second;
  const double len2 = dx * dx + dy * dy;
  if (!(len2 > 0)) return 0;
  return std::clamp(-(ax * dx + ay * dy) / len2, 0.0, 1.0);
}

StreetArcs GroupArcsIntoStreets(const Graph& g, const std::vector<std::pair<double, double>>& lon_lat) {
  StreetArcs out;
  out.street_of.assign(g.edges.size(), kNoStreet);
  out.along.assign(g.edges.size(), 1);
  const bool shaped = g.shapes.edge_shape.size() == g.edges.size() && !g.edges.empty();
  std::vector<std::uint32_t> street_of_shape(shaped ? g.shapes.count() : 0, kNoStreet);
  std::unordered_map<std::uint64_t, std::uint32_t> street_of_ends;  // straight: by {min, max} end
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    if (e.from == e.to || e.from >= lon_lat.size() || e.to >= lon_lat.size() || !Placed(lon_lat[e.from]) ||
        !Placed(lon_lat[e.to]))
      continue;
    if (shaped) {
      const std::uint32_t s = g.shapes.edge_shape[i] / 2;
      const bool along = g.shapes.edge_shape[i] % 2 == 0;
      if (street_of_shape[s] == kNoStreet) {
        street_of_shape[s] = static_cast<std::uint32_t>(out.streets.size());
        out.streets.push_back({along ? e.from : e.to, along ? e.to : e.from, s});
      }
      out.street_of[i] = street_of_shape[s];
      out.along[i] = along;
    } else {
      const std::uint32_t lo = std::min(e.from, e.to), hi = std::max(e.from, e.to);
      const auto [it, added] =
          street_of_ends.try_emplace((std::uint64_t{lo} << 32) | hi, static_cast<std::uint32_t>(out.streets.size()));
      if (added) out.streets.push_back({lo, hi, kStraightStreet});
      out.street_of[i] = it->second;
      out.along[i] = e.from == lo;
    }
  }
  return out;
}

std::vector<std::pair<double, double>> StreetLine(const Graph& g, const std::vector<std::pair<double, double>>& lon_lat,
                                                  const Street& s) {
  std::vector<std::pair<double, double>> line{lon_lat[s.first_end]};
  if (s.shape != kStraightStreet)
    line.insert(line.end(), g.shapes.points.begin() + static_cast<std::ptrdiff_t>(g.shapes.first[s.shape]),
                g.shapes.points.begin() + static_cast<std::ptrdiff_t>(g.shapes.first[s.shape + 1]));
  line.push_back(lon_lat[s.last_end]);
  return line;
}

std::vector<StreetPoint> NearestStreetPoints(const Graph& g, const std::vector<std::pair<double, double>>& lon_lat,
                                             const StreetArcs& streets,
                                             const std::vector<std::pair<double, double>>& queries,
                                             const std::string& what) {
#ifndef GDIST_HAVE_NANOFLANN
  (void)g;
  (void)lon_lat;
  (void)streets;
  (void)queries;
  throw Error(what +
              ": places need the k-d tree library nanoflann, absent from this build (apt install libnanoflann-dev, "
              "then rebuild)");
#else
  std::vector<Segment> segments;
  std::vector<double> length_m(streets.streets.size(), 0);
  Samples samples;
  for (std::uint32_t s = 0; s < streets.streets.size(); ++s) {
    const std::vector<std::pair<double, double>> line = StreetLine(g, lon_lat, streets.streets[s]);
    for (std::size_t k = 0; k + 1 < line.size(); ++k) {
      const double len = SegmentMetres(line[k], line[k + 1]);
      const auto index = static_cast<std::uint32_t>(segments.size());
      segments.push_back({s, line[k], line[k + 1], length_m[s], len});
      length_m[s] += len;
      // Both ends and enough points between that none is farther than a step from the next.
      const auto steps = static_cast<std::size_t>(std::ceil(len / kStreetSampleMetres));
      for (std::size_t j = 0; j <= std::max<std::size_t>(steps, 1); ++j) {
        const std::pair<double, double> p = PointAt(
            line[k], line[k + 1], static_cast<double>(j) / static_cast<double>(std::max<std::size_t>(steps, 1)));
        samples.xyz.push_back(UnitVector(p));
        samples.lon_lat.push_back(p);
        samples.segment.push_back(index);
      }
    }
  }
  if (segments.empty()) throw Error(what + ": the network has no arc with coordinates to snap to");
  SampleTree tree(3, samples, nanoflann::KDTreeSingleIndexAdaptorParams(/*leaf_max_size=*/16));
  std::vector<StreetPoint> out(queries.size());
  std::vector<std::uint32_t> near;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const std::pair<double, double>& q = queries[i];
    const std::array<double, 3> xyz = UnitVector(q);
    std::uint32_t nearest = 0;
    double chord2 = 0;
    tree.knnSearch(xyz.data(), 1, &nearest, &chord2);
    // The nearest point of any segment lies within half a step of one of its samples; the slack
    // covers the projection's error and the samples' rounding.
    const double bound =
        GreatCircleMetres(q.second, q.first, samples.lon_lat[nearest].second, samples.lon_lat[nearest].first);
    const double radius = bound + kStreetSampleMetres / 2 + 0.5 + 1e-3 * (bound + kStreetSampleMetres);
    SegmentsWithin within{SquaredChord(radius), &near, &samples};
    tree.radiusSearchCustomCallback(xyz.data(), within);
    near.push_back(samples.segment[nearest]);
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    StreetPoint best;
    best.metres = std::numeric_limits<double>::infinity();
    for (const std::uint32_t k : near) {  // in segment order: ties go to the first
      const Segment& seg = segments[k];
      const double t = NearestOnSegment(q, seg.a, seg.b);
      const std::pair<double, double> at = PointAt(seg.a, seg.b, t);
      const double metres = GreatCircleMetres(q.second, q.first, at.second, at.first);
      if (metres < best.metres) {
        const double along = t <= 0   ? seg.offset_m
                             : t >= 1 ? seg.offset_m + seg.length_m
                                      : seg.offset_m + t * seg.length_m;
        best = {seg.street, along, length_m[seg.street], at, metres};
      }
    }
    out[i] = best;
  }
  return out;
#endif
}

}  // namespace gdist
