// Places on arcs (lib/pipeline/place_attach.hpp, arc_snap.hpp): hand-checked
// cases on a straight 1 km street (beside its middle: 500 m to each end on a
// two-way street, one direction only on a one-way; two places on one arc; a
// place nearest a vertex snaps there), the weight split's exact sums, and on
// Monaco gapsp's snaps and place table against a brute force over every
// segment of every arc with a Boost.Graph Dijkstra from the places' points.
#include "lib/pipeline/place_attach.hpp"

#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <numbers>
#include <random>
#include <sstream>

#include "formats/places_csv.hpp"
#include "formats/read_graph.hpp"
#include "lib/core/great_circle.hpp"
#include "lib/util/error.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

constexpr double kDegreesPerMetre = 180.0 / (std::numbers::pi * kMeanEarthRadiusMetres);
constexpr double kInf = std::numeric_limits<double>::infinity();

// CSV rows as cells (no quotes in the names these tests write).
std::vector<std::vector<std::string>> Csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::istringstream s(line);
    std::string cell;
    while (std::getline(s, cell, ',')) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.push_back("");
    rows.push_back(cells);
  }
  return rows;
}

// name -> name -> distance of a gapsp --places table.
std::map<std::string, std::map<std::string, double>> Table(const std::string& path) {
  const auto rows = Csv(test::ReadText(path));
  std::map<std::string, std::map<std::string, double>> t;
  for (std::size_t i = 1; i < rows.size(); ++i)
    for (std::size_t j = 1; j < rows[i].size(); ++j)
      t[rows[i][0]][rows[0][j]] = rows[i][j] == "inf" ? kInf : std::stod(rows[i][j]);
  return t;
}

// A street along the equator from A (lon 0) to B, 1000 m by great circle, as a
// DIMACS .gr (weight 1000) with its .co; arcs both ways unless one_way.
struct Street {
  test::TempDir dir;
  std::string gr;
  double b_lon = 1000 * kDegreesPerMetre;
  explicit Street(bool one_way) {
    gr = dir.file("s.gr");
    test::WriteText(gr, one_way ? "p sp 2 1\na 1 2 1000\n" : "p sp 2 2\na 1 2 1000\na 2 1 1000\n");
    // .co units are 1e-6 degrees: B at the whole micro-degree nearest 1 km (8993: 999.97 m).
    b_lon = 8993e-6;
    test::WriteText(dir.file("s.co"), "p aux sp co 2\nv 1 0 0\nv 2 8993 0\n");
  }
  // gapsp's table between these places (name, lon; lat 0.0001, 11 m north of the street).
  std::map<std::string, std::map<std::string, double>> Run(const std::vector<std::pair<std::string, double>>& at,
                                                           const std::string& extra = "") {
    std::ostringstream csv;
    csv.precision(17);
    csv << "name,lat,lon\n";
    for (const auto& [name, lon] : at) csv << name << ",0.0001," << lon << "\n";
    test::WriteText(dir.file("p.csv"), csv.str());
    const auto run = test::RunCommand(test::App("gapsp") + " " + gr + " " + dir.file("t.csv") + " --places " +
                                      dir.file("p.csv") + " --snapped " + dir.file("snapped.csv") + " " + extra);
    EXPECT_EQ(run.exit_code, 0) << run.output;
    output = run.output;
    return Table(dir.file("t.csv"));
  }
  std::string output;
};

TEST(PlaceAttach, BesideTheMiddleOfATwoWayStreet) {
  Street s(false);
  const double mid = s.b_lon / 2;
  auto t = s.Run({{"A", -0.0001}, {"Mid", mid}, {"B", s.b_lon + 0.0001}});
  EXPECT_EQ(t["Mid"]["A"], 500);
  EXPECT_EQ(t["Mid"]["B"], 500);
  EXPECT_EQ(t["A"]["Mid"], 500);
  EXPECT_EQ(t["B"]["Mid"], 500);
  EXPECT_EQ(t["A"]["B"], 1000);  // the original arc kept, and no path shorter through the split
  EXPECT_NE(s.output.find("3 places snapped to the nearest point of an arc (1 between its ends)"), std::string::npos)
      << s.output;
  // The snap report: Mid on the arc 1 -> 2, half of its 999.97 m along; A and B at the ends.
  const auto rows = Csv(test::ReadText(s.dir.file("snapped.csv")));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].back(), "along_m");
  EXPECT_EQ(rows[2][3], "place:Mid");
  EXPECT_EQ(rows[2][7], "1");
  EXPECT_EQ(rows[2][8], "2");
  EXPECT_NEAR(std::stod(rows[2][9]), GreatCircleMetres(0, 0, 0, s.b_lon) / 2, 1e-6);
  EXPECT_NEAR(std::stod(rows[2][6]), 0.0001 / kDegreesPerMetre, 1e-6);  // 11.1 m north of the street
  EXPECT_EQ(rows[1][3], "1");                                           // A, west of the street's end: at the vertex
  EXPECT_EQ(rows[1][7], "");
  EXPECT_EQ(rows[3][3], "2");
  // The old behaviour on request: the middle place goes to an end, 500 m off.
  t = s.Run({{"A", -0.0001}, {"Mid", mid}, {"B", s.b_lon + 0.0001}}, "--snap vertex");
  EXPECT_TRUE(t["Mid"]["A"] == 0 || t["Mid"]["B"] == 0);
  EXPECT_NE(s.output.find("snapped to the nearest vertex"), std::string::npos) << s.output;
}

TEST(PlaceAttach, OneWayStreetIsReachedOnlyAlongIt) {
  Street s(true);
  auto t = s.Run({{"A", -0.0001}, {"Mid", s.b_lon / 2}, {"B", s.b_lon + 0.0001}});
  EXPECT_EQ(t["A"]["Mid"], 500);
  EXPECT_EQ(t["Mid"]["B"], 500);
  EXPECT_EQ(t["Mid"]["A"], kInf);
  EXPECT_EQ(t["B"]["Mid"], kInf);
  EXPECT_EQ(t["A"]["B"], 1000);
}

TEST(PlaceAttach, TwoPlacesOnOneArcSplitItInOrder) {
  Street s(false);
  // Given east first: the split is by position, not by file order.
  auto t = s.Run({{"East", s.b_lon * 0.75}, {"West", s.b_lon * 0.25}, {"A", -0.0001}, {"B", s.b_lon + 0.0001}});
  EXPECT_EQ(t["A"]["West"], 250);
  EXPECT_EQ(t["West"]["East"], 500);
  EXPECT_EQ(t["East"]["West"], 500);
  EXPECT_EQ(t["East"]["B"], 250);
  EXPECT_EQ(t["A"]["East"], 750);
  EXPECT_EQ(t["B"]["West"], 750);
  EXPECT_EQ(t["A"]["B"], 1000);
}

TEST(PlaceAttach, PlaceNearestAVertexSnapsThereAndTheGraphStays) {
  Graph g;
  g.n = 3;
  g.labels = VertexLabels::Range(3, 1);
  g.lon_lat = {{0, 0}, {0.01, 0}, {0.01, 0.01}};  // an L: east, then north
  for (auto [u, v] : {std::pair{0u, 1u}, {1u, 0u}, {1u, 2u}, {2u, 1u}}) g.AddEdge(u, v, Weight{}, 0);
  std::vector<std::pair<double, double>> lon_lat = g.lon_lat;
  PlacesFile places;
  places.path = "corner";
  places.places = {{"outside the corner", -0.0005, 0.0105, 1, 2}};  // south-east of the bend
  const auto snaps = AttachPlaces(&g, &lon_lat, {&places}, SnapMode::kArc, 1e6);
  EXPECT_EQ(snaps[0][0].vertex, 1u);
  EXPECT_EQ(snaps[0][0].arc_from, kNoArcEnd);
  EXPECT_NEAR(snaps[0][0].metres, GreatCircleMetres(-0.0005, 0.0105, 0, 0.01), 1e-9);
  EXPECT_EQ(g.n, 3u);
  EXPECT_EQ(g.edges.size(), 4u);
}

TEST(PlaceAttach, OneWayArcGetsPartsOnlyAlongIt) {
  Graph g;
  g.n = 2;
  g.labels = VertexLabels::Range(2, 1);
  g.lon_lat = {{0, 0}, {0.01, 0}};
  Weight w;
  w.value = 7;
  w.integer = 7;
  g.AddEdge(0, 1, w, 0);
  std::vector<std::pair<double, double>> lon_lat = g.lon_lat;
  PlacesFile places;
  places.path = "one way";
  places.places = {{"mid", 0.0001, 0.005, 1, 2}};
  const auto snaps = AttachPlaces(&g, &lon_lat, {&places}, SnapMode::kArc, 1e6);
  ASSERT_EQ(g.n, 3u);
  EXPECT_EQ(snaps[0][0].vertex, 2u);
  EXPECT_EQ(g.labels.label(2), "place:mid");
  ASSERT_EQ(g.edges.size(), 3u);  // 0 -> 1 kept, 0 -> x, x -> 1; nothing out of x backwards
  EXPECT_EQ(g.edges[1].from, 0u);
  EXPECT_EQ(g.edges[1].to, 2u);
  EXPECT_EQ(g.edges[2].from, 2u);
  EXPECT_EQ(g.edges[2].to, 1u);
  EXPECT_EQ(g.edges[1].weight + g.edges[2].weight, 7);  // 4 + 3: whole parts, the remainder last
  EXPECT_EQ(g.edges[1].weight, 4);
  EXPECT_TRUE(g.integral_weights);
  EXPECT_EQ(lon_lat.size(), 3u);
  EXPECT_NEAR(lon_lat[2].first, 0.005, 1e-12);
}

TEST(PlaceAttach, WeightPartsSumExactly) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < 1000; ++trial) {
    std::vector<double> f(1 + trial % 4);
    for (double& x : f) x = unit(rng);
    std::sort(f.begin(), f.end());
    const std::int64_t w = static_cast<std::int64_t>(unit(rng) * 1e15);
    const auto parts = SplitWholeWeight(w, f);
    ASSERT_EQ(parts.size(), f.size() + 1);
    std::int64_t sum = 0;
    for (const std::int64_t p : parts) {
      EXPECT_GE(p, 0);
      sum += p;
    }
    EXPECT_EQ(sum, w);
    const double real = unit(rng) * 5000;
    const auto real_parts = SplitRealWeight(real, f);
    double real_sum = 0;
    for (const double p : real_parts) {
      EXPECT_GE(p, 0);
      real_sum += p;
    }
    EXPECT_NEAR(real_sum, real, 1e-9 * real);
  }
  EXPECT_EQ(SplitWholeWeight(1000, {0.5}), (std::vector<std::int64_t>{500, 500}));
}

// ---- Monaco: gapsp against a brute force and Dijkstra written here ----

using RefGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                       boost::property<boost::edge_weight_t, double>>;

// The point of segment a-b nearest to q on the equirectangular plane about q (own code, not arc_snap's).
std::pair<double, double> Foot(std::pair<double, double> q, std::pair<double, double> a, std::pair<double, double> b,
                               double* t_out) {
  const double c = std::cos(q.second * std::numbers::pi / 180);
  const double ax = (a.first - q.first) * c, ay = a.second - q.second;
  const double bx = (b.first - q.first) * c, by = b.second - q.second;
  const double dx = bx - ax, dy = by - ay;
  double t = dx * dx + dy * dy > 0 ? -(ax * dx + ay * dy) / (dx * dx + dy * dy) : 0;
  t = std::min(1.0, std::max(0.0, t));
  *t_out = t;
  if (t == 1) return b;
  return {a.first + t * (b.first - a.first), a.second + t * (b.second - a.second)};
}

// Where a place lies on one arc: the fraction of the arc's length from its tail.
struct Access {
  std::size_t edge;
  double fraction;
};

TEST(PlaceAttach, MonacoSnapsAndTableEqualBruteForceAndDijkstra) {
  const std::string monaco = test::SharedData("osm/monaco.osm.gz");
  if (!test::Exists(monaco)) GTEST_SKIP() << "no " << monaco;
  Graph g;
  ReadOptions read;
  read.keep_arc_shapes = true;
  try {
    g = ReadGraph(monaco, read);
  } catch (const Error& e) {
    GTEST_SKIP() << e.what();  // a build without libosmium
  }
  ASSERT_EQ(g.shapes.edge_shape.size(), g.edges.size());
  // Each arc's polyline from its tail, and its length.
  std::vector<std::vector<std::pair<double, double>>> line(g.edges.size());
  std::vector<double> length(g.edges.size(), 0);
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const std::uint32_t s = g.shapes.edge_shape[i] / 2;
    std::vector<std::pair<double, double>> inner(g.shapes.points.begin() + g.shapes.first[s],
                                                 g.shapes.points.begin() + g.shapes.first[s + 1]);
    if (g.shapes.edge_shape[i] % 2) std::reverse(inner.begin(), inner.end());
    line[i].push_back(g.lon_lat[g.edges[i].from]);
    line[i].insert(line[i].end(), inner.begin(), inner.end());
    line[i].push_back(g.lon_lat[g.edges[i].to]);
    for (std::size_t k = 0; k + 1 < line[i].size(); ++k)
      length[i] += GreatCircleMetres(line[i][k].second, line[i][k].first, line[i][k + 1].second, line[i][k + 1].first);
  }
  // Places near the streets of the centre.
  test::TempDir dir;
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> lon(7.415, 7.432), lat(43.727, 43.744);
  std::vector<Place> places;
  std::ostringstream csv;
  csv.precision(17);
  csv << "name,lat,lon\n";
  for (int i = 0; i < 20; ++i) {
    places.push_back({"q" + std::to_string(i), lat(rng), lon(rng), 1, 0});
    csv << places.back().name << "," << places.back().lat << "," << places.back().lon << "\n";
  }
  test::WriteText(dir.file("p.csv"), csv.str());
  const auto run = test::RunCommand(test::App("gapsp") + " " + monaco + " " + dir.file("t.csv") + " --places " +
                                    dir.file("p.csv") + " --snapped " + dir.file("s.csv") + " --max-snap 2000");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto snapped = Csv(test::ReadText(dir.file("s.csv")));
  auto table = Table(dir.file("t.csv"));
  ASSERT_EQ(snapped.size(), places.size() + 1);

  // Brute force: every segment of every arc; the arcs whose nearest point is at the least distance.
  std::vector<std::vector<Access>> access(places.size());
  for (std::size_t p = 0; p < places.size(); ++p) {
    const std::pair<double, double> q{places[p].lon, places[p].lat};
    std::vector<double> best(g.edges.size(), kInf), fraction(g.edges.size(), 0);
    double least = kInf;
    for (std::size_t i = 0; i < g.edges.size(); ++i) {
      if (g.edges[i].from == g.edges[i].to) continue;
      double offset = 0;
      for (std::size_t k = 0; k + 1 < line[i].size(); ++k) {
        double t = 0;
        const auto at = Foot(q, line[i][k], line[i][k + 1], &t);
        const double m = GreatCircleMetres(q.second, q.first, at.second, at.first);
        const double seg =
            GreatCircleMetres(line[i][k].second, line[i][k].first, line[i][k + 1].second, line[i][k + 1].first);
        if (m < best[i]) {
          best[i] = m;
          fraction[i] = length[i] > 0 ? (offset + t * seg) / length[i] : 0;
        }
        offset += seg;
      }
      least = std::min(least, best[i]);
    }
    EXPECT_NEAR(std::stod(snapped[p + 1][6]), least, 1e-6) << places[p].name;
    for (std::size_t i = 0; i < g.edges.size(); ++i)
      if (best[i] <= least + 1e-6) access[p].push_back({i, std::clamp(fraction[i], 0.0, 1.0)});
    ASSERT_FALSE(access[p].empty());
  }

  // Dijkstra over the graph as read, from each arc head a place leaves by.
  RefGraph ref(g.n);
  for (const Edge& e : g.edges) boost::add_edge(e.from, e.to, e.weight, ref);
  std::map<std::uint32_t, std::vector<double>> from;
  const auto tree = [&](std::uint32_t s) -> const std::vector<double>& {
    auto [it, added] = from.try_emplace(s);
    if (added) {
      it->second.assign(g.n, kInf);
      boost::dijkstra_shortest_paths(ref, s, boost::distance_map(it->second.data()));
      for (double& d : it->second)  // Boost marks the unreached with the largest double
        if (d == std::numeric_limits<double>::max()) d = kInf;
    }
    return it->second;
  };
  std::size_t checked = 0;
  for (std::size_t p = 0; p < places.size(); ++p)
    for (std::size_t r = 0; r < places.size(); ++r) {
      double want = p == r ? 0 : kInf;
      for (const Access& a : access[p]) {
        const Edge& ea = g.edges[a.edge];
        // Where the place leaves the network from: a's head by the rest of a, or a's tail when it is there.
        std::vector<std::pair<std::uint32_t, double>> leave{{ea.to, ea.weight * (1 - a.fraction)}};
        if (a.fraction == 0) leave.push_back({ea.from, 0});
        for (const Access& b : access[r]) {
          const Edge& eb = g.edges[b.edge];
          // Along one arc, forwards: no vertex between.
          if (a.edge == b.edge && a.fraction <= b.fraction)
            want = std::min(want, ea.weight * (b.fraction - a.fraction));
          // Where the other place is entered: b's tail and b's first part, or b's head when it is there.
          std::vector<std::pair<std::uint32_t, double>> enter{{eb.from, eb.weight * b.fraction}};
          if (b.fraction == 1) enter.push_back({eb.to, 0});
          for (const auto& [u, cu] : leave)
            for (const auto& [v, cv] : enter) {
              const double via = tree(u)[v];
              if (via < kInf) want = std::min(want, cu + via + cv);
            }
        }
      }
      const double got = table[places[p].name][places[r].name];
      if (want == kInf) EXPECT_EQ(got, kInf) << places[p].name << " -> " << places[r].name;
      else EXPECT_NEAR(got, want, 1e-6 * std::max(1.0, want)) << places[p].name << " -> " << places[r].name;
      ++checked;
    }
  EXPECT_EQ(checked, places.size() * places.size());
}

}  // namespace
}  // namespace gdist
