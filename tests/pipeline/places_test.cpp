// Places: the CSV reader's rules and errors, snapping against a brute-force
// nearest search (random points, and Monaco's real junctions), the
// --max-snap refusal, and gapsp's place table against gapsp's own distances
// between the snapped vertices (the contraction hierarchy's many-to-many
// table, an engine apart from the table's Dijkstra trees).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <sstream>

#include "formats/places_csv.hpp"
#include "formats/read_graph.hpp"
#include "lib/core/great_circle.hpp"
#include "lib/pictures/geojson.hpp"
#include "lib/pipeline/place_snap.hpp"
#include "lib/util/error.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

// "prefix7": appended, not `"prefix" + std::to_string(i)` (GCC 12's -Wrestrict false positive).
std::string Numbered(const char* prefix, int i) {
  std::string name = prefix;
  name += std::to_string(i);
  return name;
}

std::string ReadError(const std::string& text) {
  test::TempDir dir;
  test::WriteText(dir.file("p.csv"), text);
  try {
    ReadPlaces(dir.file("p.csv"));
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(Places, HeaderInAnyOrderQuotedNamesAndWeights) {
  test::TempDir dir;
  test::WriteText(dir.file("p.csv"),
                  "# clinics\nLongitude,Name,note,Latitude,Weight\n7.42,\"Clinic, North\",x,43.73,12.5\n"
                  "7.43,\"The \"\"Port\"\"\",,43.735,0\n");
  const PlacesFile f = ReadPlaces(dir.file("p.csv"));
  ASSERT_EQ(f.places.size(), 2u);
  EXPECT_TRUE(f.has_weights);
  EXPECT_EQ(f.places[0].name, "Clinic, North");
  EXPECT_EQ(f.places[0].lat, 43.73);
  EXPECT_EQ(f.places[0].lon, 7.42);
  EXPECT_EQ(f.places[0].weight, 12.5);
  EXPECT_EQ(f.places[0].line, 3u);
  EXPECT_EQ(f.places[1].name, "The \"Port\"");
  EXPECT_EQ(f.places[1].weight, 0);
}

TEST(Places, WeightOneWithoutWeightColumn) {
  test::TempDir dir;
  test::WriteText(dir.file("p.csv"), "name,lat,lon\nA,1,2\n");
  const PlacesFile f = ReadPlaces(dir.file("p.csv"));
  EXPECT_FALSE(f.has_weights);
  EXPECT_EQ(f.places.at(0).weight, 1);
}

TEST(Places, BadFilesNameLineAndWhat) {
  EXPECT_NE(ReadError("").find(":1: file is empty"), std::string::npos);
  EXPECT_NE(ReadError("name,lat\nA,1\n").find(":1: expected a header row naming the columns name, lat and lon"),
            std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon\n").find("expected place rows after the header"), std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon\nA,1\n").find(":2: expected 3 fields"), std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon\nA,north,2\n").find(":2: expected the latitude of 'A'"), std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon\nA,91,2\n").find("within [-90, 90]"), std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon\nA,1,-180.5\n").find("longitude of 'A' in degrees within [-180, 180]"),
            std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon\nA,nan,2\n").find(":2: expected the latitude"), std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon,weight\nA,1,2,-3\n").find(":2: expected the weight of 'A' as a finite number >= 0"),
            std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon\nA,1,2\nB,1,2\nA,3,4\n")
                .find(":4: expected each place name once, got 'A' again "
                      "(first at line 2)"),
            std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon\n,1,2\n").find(":2: expected a place name"), std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon,lat\nA,1,2,3\n").find("column 'lat' once"), std::string::npos);
  EXPECT_NE(ReadError("name,lat,lon\n\"A,1,2\n").find(":2: expected a quoted field to end"), std::string::npos);
}

// The brute-force nearest vertex: the least great-circle distance.
double BruteNearestMetres(const std::vector<std::pair<double, double>>& lon_lat, const Place& p) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& [lon, lat] : lon_lat)
    if (!std::isnan(lon)) best = std::min(best, GreatCircleMetres(p.lat, p.lon, lat, lon));
  return best;
}

void ExpectSnapsAreNearest(const std::vector<std::pair<double, double>>& lon_lat, const PlacesFile& places) {
  const std::vector<PlaceSnap> snaps = SnapPlaces(lon_lat, places, 1e9);
  ASSERT_EQ(snaps.size(), places.places.size());
  for (std::size_t i = 0; i < snaps.size(); ++i) {
    const Place& p = places.places[i];
    const auto [lon, lat] = lon_lat[snaps[i].vertex];
    EXPECT_NEAR(snaps[i].metres, GreatCircleMetres(p.lat, p.lon, lat, lon), 1e-9);
    // Ties and the chord's rounding: equal to the brute force within a micrometre.
    EXPECT_NEAR(snaps[i].metres, BruteNearestMetres(lon_lat, p), 1e-6) << p.name;
  }
}

TEST(Places, SnapEqualsBruteForceOnRandomPoints) {
  if (!PlaceSnappingAvailable()) GTEST_SKIP() << "built without nanoflann";
  std::mt19937 rng(24);
  std::uniform_real_distribution<double> lon(7.40, 7.44), lat(43.72, 43.76);
  std::vector<std::pair<double, double>> lon_lat(2000);
  for (auto& c : lon_lat) c = {lon(rng), lat(rng)};
  lon_lat[17] = {std::nan(""), std::nan("")};  // a vertex without coordinates is never the answer
  PlacesFile places;
  places.path = "random";
  for (int i = 0; i < 300; ++i) places.places.push_back({Numbered("p", i), lat(rng), lon(rng), 1, 0});
  places.places.push_back({"on 17's old spot", 0, 0, 1, 0});
  ExpectSnapsAreNearest(lon_lat, places);
}

TEST(Places, SnapAcrossTheAntimeridianAndPoles) {
  if (!PlaceSnappingAvailable()) GTEST_SKIP() << "built without nanoflann";
  // Longitude -179.99 is nearer to 179.99 than to 170: the sphere knows, a lon/lat plane would not.
  const std::vector<std::pair<double, double>> lon_lat = {{179.99, 0}, {170, 0}, {0, 89.9}, {90, -89.9}};
  PlacesFile places;
  places.path = "edges";
  places.places = {{"east", 0, -179.99, 1, 0}, {"pole", 90, 45, 1, 0}, {"south", -90, 0, 1, 0}};
  const std::vector<PlaceSnap> s = SnapPlaces(lon_lat, places, 1e9);
  EXPECT_EQ(s[0].vertex, 0u);
  EXPECT_NEAR(s[0].metres, GreatCircleMetres(0, -179.99, 0, 179.99), 1e-9);
  EXPECT_EQ(s[1].vertex, 2u);
  EXPECT_EQ(s[2].vertex, 3u);
  ExpectSnapsAreNearest(lon_lat, places);
}

TEST(Places, FarPlacesRefusedAndListed) {
  if (!PlaceSnappingAvailable()) GTEST_SKIP() << "built without nanoflann";
  const std::vector<std::pair<double, double>> lon_lat = {{7.42, 43.73}};
  PlacesFile places;
  places.path = "far.csv";
  places.places = {{"near", 43.7301, 7.42, 1, 2}, {"Paris", 48.85, 2.35, 1, 3}, {"Nice", 43.70, 7.27, 1, 4}};
  try {
    SnapPlaces(lon_lat, places, 500);
    FAIL() << "expected a refusal";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("far.csv: 2 of 3 places lie farther than 500 m"), std::string::npos) << m;
    EXPECT_NE(m.find("line 3: 'Paris' is"), std::string::npos) << m;
    EXPECT_NE(m.find("line 4: 'Nice' is"), std::string::npos) << m;
    EXPECT_EQ(m.find("'near'"), std::string::npos) << m;
  }
  EXPECT_EQ(SnapPlaces(lon_lat, places, 1e6).size(), 3u);
}

TEST(Places, NoCoordinatesRefused) {
  Graph g;
  g.n = 2;
  try {
    VertexLonLat(g, "plain.gr");
    FAIL() << "expected a refusal";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("plain.gr: has no coordinates"), std::string::npos) << e.what();
  }
}

std::string Monaco() { return test::SharedData("osm/monaco.osm.gz"); }

TEST(Places, MonacoSnapEqualsBruteForce) {
  if (!PlaceSnappingAvailable()) GTEST_SKIP() << "built without nanoflann";
  if (!test::Exists(Monaco())) GTEST_SKIP() << "no " << Monaco();
  Graph g;
  try {
    g = ReadGraph(Monaco());
  } catch (const Error& e) {
    GTEST_SKIP() << e.what();  // a build without libosmium
  }
  const auto lon_lat = VertexLonLat(g, Monaco());
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> lon(7.40, 7.44), lat(43.725, 43.75);
  PlacesFile places;
  places.path = "monaco places";
  for (int i = 0; i < 200; ++i) places.places.push_back({Numbered("m", i), lat(rng), lon(rng), 1, 0});
  ExpectSnapsAreNearest(lon_lat, places);
}

// gapsp --snap vertex: its place table equals gapsp's CH table between the snapped vertices
// (arc snapping: place_attach_test.cpp).
TEST(Places, MonacoPlaceTableEqualsDistancesBetweenSnappedVertices) {
  if (!PlaceSnappingAvailable()) GTEST_SKIP() << "built without nanoflann";
  if (!test::Exists(Monaco())) GTEST_SKIP() << "no " << Monaco();
  Graph g;
  try {
    g = ReadGraph(Monaco());
  } catch (const Error& e) {
    GTEST_SKIP() << e.what();
  }
  test::TempDir dir;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> lon(7.41, 7.435), lat(43.728, 43.745);
  std::ostringstream csv;
  csv << "name,lat,lon\n";
  PlacesFile places;
  places.path = dir.file("p.csv");
  for (int i = 0; i < 12; ++i) {
    Place p{Numbered("place ", i), lat(rng), lon(rng), 1, 0};
    csv.precision(17);
    csv << "\"" << p.name << "\"," << p.lat << "," << p.lon << "\n";
    places.places.push_back(p);
  }
  test::WriteText(places.path, csv.str());
  const auto run = test::RunCommand(test::App("gapsp") + " " + Monaco() + " " + dir.file("t.csv") + " --places " +
                                    places.path + " --max-snap 2000 --snap vertex");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("12 places snapped to the nearest vertex"), std::string::npos) << run.output;
  // The reference: the snapped vertices' labels as --sources and --targets of the CH table.
  const std::vector<PlaceSnap> snaps = SnapPlaces(VertexLonLat(g, Monaco()), places, 2000);
  std::string labels;
  for (const PlaceSnap& s : snaps) labels += g.labels.label(s.vertex) + "\n";
  test::WriteText(dir.file("v.txt"), labels);
  const auto ref = test::RunCommand(test::App("gapsp") + " " + Monaco() + " " + dir.file("r.csv") + " --sources " +
                                    dir.file("v.txt") + " --targets " + dir.file("v.txt") + " --algorithm ch");
  ASSERT_EQ(ref.exit_code, 0) << ref.output;
  // Same shape, same values (within rounding: the hierarchy adds a path's metres in another order).
  const auto cells = [](const std::string& line) {
    std::vector<double> v;
    std::istringstream s(line.substr(line.rfind('"') == std::string::npos ? line.find(',') : line.rfind('"') + 1));
    std::string cell;
    std::getline(s, cell, ',');  // what is left of the row's name
    while (std::getline(s, cell, ',')) v.push_back(cell == "inf" ? INFINITY : std::stod(cell));
    return v;
  };
  std::istringstream table(test::ReadText(dir.file("t.csv"))), reference(test::ReadText(dir.file("r.csv")));
  std::string a, b;
  std::getline(table, a);
  std::getline(reference, b);
  EXPECT_NE(a.find("\"place 0\""), std::string::npos) << a;
  std::size_t rows = 0;
  while (std::getline(table, a)) {
    ASSERT_TRUE(std::getline(reference, b));
    const std::vector<double> x = cells(a), y = cells(b);
    ASSERT_EQ(x.size(), 12u) << a;
    ASSERT_EQ(y.size(), 12u) << b;
    for (std::size_t j = 0; j < x.size(); ++j) {
      if (std::isinf(y[j])) EXPECT_TRUE(std::isinf(x[j]));
      else EXPECT_NEAR(x[j], y[j], 1e-9 * std::max(1.0, y[j])) << a << "\n" << b;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 12u);
}

// The GeoJSON text: RFC 7946's members in the order it shows them, [lon, lat]
// positions as the shortest text that reads back, null for "none" and for
// non-finite numbers; a LineString of one position is our bug, refused.
TEST(GeoJson, FeatureCollectionText) {
  std::vector<GeoFeature> f;
  f.push_back(GeoFeature::Point({7.4246, 43.7384}).With("name", std::string("Clinic \"A\"")).With("weight", 2.5));
  f.push_back(GeoFeature::Line({{0, 0}, {0.001, 1e-05}})
                  .With("distance", std::numeric_limits<double>::infinity())
                  .With("site", nullptr));
  GeoFeature area{GeoFeature::Kind::kMultiLineString, {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}}, {}};
  f.push_back(area);
  EXPECT_EQ(GeoJsonText(f),
            "{\"type\":\"FeatureCollection\",\"features\":[\n"
            "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[7.4246,43.7384]},"
            "\"properties\":{\"name\":\"Clinic \\\"A\\\"\",\"weight\":2.5}},\n"
            "{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[0,0],[0.001,1e-05]]},"
            "\"properties\":{\"distance\":null,\"site\":null}},\n"
            "{\"type\":\"Feature\",\"geometry\":{\"type\":\"MultiLineString\",\"coordinates\":[[[1,2],[3,4]],[[5,6],"
            "[7,8]]]},\"properties\":{}}\n]}\n");
  EXPECT_THROW(GeoJsonText({GeoFeature::Line({{0, 0}})}), Error);
}

}  // namespace
}  // namespace gdist
